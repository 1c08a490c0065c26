## menu
menu-title = What would you like to do?
menu-balances = 💰 Balances
menu-cheques = 🎟 Cheques
menu-send = 📤 Send
menu-invoices = 🧾 Invoices
menu-withdraw = 🏦 Withdraw
menu-orders = 📈 Orders
menu-trade = 📊 Trade
menu-rates = 💱 Rates
menu-settings = ⚙️ Settings
menu-language = 🌐 Language

## start
start-greeting = Hello, { $name }! I am your wallet assistant for xRocket Pay and Exchange: cheques, transfers, invoices, withdrawals, balances and orders, right here in the chat.
start-pick-language = Choose your language:
start-language-set = Language set to English.
start-choose-language = 🌐 Choose your language below.
start-connect-first = 🔑 To begin, link your xRocket API key: press Connect below (or send /connect).
start-connect-button = 🔑 Connect my xRocket key
help-title = Commands, by topic:
help-more = Tap a topic below for all of its commands.
help-menu = 🏠 Main menu
help-topic-wallet = 💼 Wallet
help-topic-documents = 🧾 Cheques and invoices
help-topic-exchange = 📈 Exchange
help-topic-notices = 🔔 Notifications
help-topic-basics = ⚙️ Basics and settings
help-topic-admin = 🛠 Admin
help-topic-more = ➕ More
## commands
cmd-start = Start and main menu
cmd-menu = Main menu
cmd-help = List of commands
cmd-language = Change language
cmd-cancel = Cancel the current action
cmd-settings = Settings, API keys and network
cmd-connect = Link an API key (production or testnet)
cmd-disconnect = Remove the current network's API key

## common
common-cancel = ✖️ Cancel
common-cancelled = Cancelled. Nothing was done.
common-qr = ▦ QR code
common-skip = Skip
common-back = « Back
common-next = Next »
common-prev = « Previous
common-send-text = Please answer with a text message, or press Cancel.
common-pick-from-list = Please pick one of the buttons.
common-ask-asset = Which currency?
common-ask-amount = How much { $asset }? Available: { $available }.
common-text-too-long = That text is { $length } { $length ->
        [one] character
       *[other] characters
    } long; the limit is { $max }.
common-text-empty = Please send some text.
common-more-lines = …and { $count } more { $count ->
        [one] line
       *[other] lines
    }
common-button-outdated = This button is no longer active.
common-unknown-message = I did not understand that. Here is the menu:
common-did-you-mean = There is no such command. Did you mean { $command }?
common-unknown-command = There is no such command. /help lists them all. Here is the menu:
common-share = 📣 Share
common-none = Nothing here yet.

## amounts
amount-not_a_number = That is not an amount. Send a number such as 10 or 2.5.
amount-ambiguous = Is that a thousands separator or a decimal comma? Write the amount with a dot for decimals, e.g. 12.345 or 12345.
amount-misplaced_separator = The separators in that amount do not mark thousands (as in 1 000 or 1'000), so I cannot tell what you meant. Write it without them, with a dot for decimals: e.g. 15 or 1.5.
amount-invisible_character = That amount contains invisible characters (often copied along with it), so I cannot be sure what it says. Please type it yourself, e.g. 10 or 2.5.
amount-not_positive = The amount must be greater than zero.
amount-too_many_decimals = Too many decimal places: { $asset } allows at most { $decimals }.
amount-below_minimum = The minimum is { $min } { $asset }.
amount-above_maximum = The maximum is { $max } { $asset }.
amount-insufficient = Not enough funds. Available: { $available } (fee { $fee }).
amount-quick-25 = 25 %
amount-quick-50 = 50 %
amount-quick-max = Max · { $amount }

## confirm
confirm-yes = ✅ Confirm
confirm-no = ✖️ Cancel
confirm-expires = Confirm within { $seconds } { $seconds ->
        [one] second
       *[other] seconds
    }.
confirm-processing = Processing…
confirm-cancelled = Cancelled. Nothing was done.
confirm-expired = This confirmation had expired when your press reached me. Nothing was done; start again if you still want it.
confirm-expired-unanswered = ⌛ Not confirmed in time: nothing was done. Start again if you still want it.
confirm-foreign = This button belongs to someone else.
confirm-missing = This confirmation is unknown or was removed.
confirm-already = This was already handled.
confirm-refused = ❌ Not done. { $reason }
confirm-cancel-too-late-done = This button is no longer active: this was already carried out, and nothing was cancelled.
confirm-cancel-too-late-running = This button is no longer active: this is already being carried out and cannot be cancelled. I will tell you the result.
confirm-in-progress = This is being carried out. I will tell you the result.
confirm-outcome-server-errors = ⚠️ The service answered with an error each time I tried, so this is not confirmed yet. I will check again, carry it out if it has not gone through, and tell you the result. Nothing is sent twice.
confirm-outcome-connection-lost = ⚠️ The connection to the service was lost after the request was sent (or its reply did not come in time), so the outcome is not known yet. I will check, carry it out if it has not gone through, and tell you the result. Nothing is sent twice.
confirm-outcome-unreadable-reply = ⚠️ The service's reply could not be understood, so the outcome is not known yet. I will check and tell you the result. Nothing is sent twice.
confirm-outcome-unreachable = ⚠️ The service could not be reached to check it, so the outcome is not known yet. I will check again, carry it out if it has not gone through, and tell you the result. Nothing is sent twice.
confirm-outcome-not-sent = ⚠️ The service could not be reached, so nothing was sent yet. I will try again and tell you the result. Nothing is sent twice.
confirm-outcome-rate-limited = ⚠️ The service asked me to slow down, so nothing was sent yet. I will try again shortly and tell you the result. Nothing is sent twice.
confirm-outcome-internal = ⚠️ Something went wrong on our side before the outcome was known. I will check and tell you the result. Nothing is sent twice.
confirm-outcome-database = ⚠️ My database stopped answering before this could be carried out, so it is not done yet. I will carry it out as soon as the database answers and tell you the result. Nothing is sent twice.
confirm-unrecorded-done = ⏳ This went through, but it is not recorded yet: my database is briefly unavailable. I will record it as soon as it answers and tell you. Do not send it again.
confirm-unrecorded-refused = ⏳ This is not recorded yet: my database is briefly unavailable. I will record it as soon as it answers and tell you; wait for that before you start it again.
confirm-db-unavailable = ⚠️ The bot is briefly unavailable: its database is not answering, so nothing was sent. The confirmation stays open until it expires: press Confirm again in a minute.
confirm-restarted = ⏳ The bot restarted while carrying out an action you confirmed.
confirm-unchecked = ⚠️ An action you confirmed could not be finished or checked. { $reason } Nothing more will be sent; if it had reached the service before, it stays done (see your history in xRocket).

## errors
error-generic = Something went wrong on our side. Please try again later.
error-db-unavailable = ⚠️ The bot is briefly unavailable: its database is not answering. Nothing was done, so please try again in a minute.
error-db-unavailable-unfinished = ⚠️ The bot is briefly unavailable: its database stopped answering, so I could not finish this step. What the service already did stays done; check it before you repeat anything.
error-no-key = You have not linked an API key yet. Use /connect.
error-unauthorized = The service refused your API key. It may have been revoked or belong to the other network. Link it again with /connect.
error-rate-limited = Too many requests. Please try again in { $seconds } s.
error-outcome-unknown = The service did not answer in time; the outcome is unknown. I will check it.
error-service-unavailable = The service is not available right now. Please try again later.
error-invalid-reply = The service sent an unexpected reply. Please try again later.
error-invalid-input = The service did not accept these details. Please check them and try again.
error-insufficient-funds = Not enough funds. Available: { $available } { $asset }.
error-decimal-places = Too many decimal places: at most { $max } are allowed.
error-amount-out-of-range = The amount is out of the allowed range ({ $min } – { $max }).
error-not-found = Not found.
error-recipient-not-found = The recipient was not found: this user has no xRocket wallet yet. Nothing was sent.
error-invalid-state = This can no longer be done: its state has changed.
error-testnet-only = This is only available on the testnet.
error-duplicate = This was already sent before.
error-refused = The service refused the request.
error-key-unreadable = Your stored key cannot be read any more. Please link it again with /connect.

## flood (one person sending too much at once)
flood-slow-down = ⏳ That was too much at once: I skipped some of your messages and button presses. Wait a few seconds, then send again what you still need. Confirm and Cancel buttons are never skipped.

## keys
keys-settings-title = ⚙️ Settings
keys-status-none = No API key linked.
keys-link = 🔑 Link API key
keys-unlink = 🗑 Remove API key
keys-how-to-get = 🔑 Where to get an xRocket API key:
    1. Open { $bot } in Telegram (a testnet key comes from { $testBot }): the buttons below open them.
    2. In its menu: Settings → Exchange settings → API token. Create the token, or copy the one you have.
    3. Come back here, choose the key's network and paste the key as the next message. I delete that message at once and store the key encrypted.
keys-pick-network = Which network is the key for?
keys-open-bot = Open { $bot }
keys-network-production = Production
keys-network-testnet = Testnet
network-pair-testnet = { $pair } on 🧪 testnet
keys-send-key = Paste your { $network } API key as the next message (from { $bot }: Settings → Exchange settings → API token). I will delete the message at once and store the key encrypted.
keys-cancelled-none = Cancelled. No key was linked.
keys-cancelled-kept = Cancelled. The key linked before stays linked.
keys-checking = Checking the key…
keys-linked = ✅ Key linked to “{ $name }” ({ $network }).
keys-wrong-network = ❌ This key belongs to { $other }, not { $network }, so nothing was linked. Paste your { $network } key as the next message, or link this one to { $other } with the button below (you paste it once more).
keys-link-network = 🔑 Link to { $network } instead
keys-invalid = ❌ The service did not accept this key for { $network }. Copy it again in { $bot } (Settings → Exchange settings → API token), whole, and paste it as the next message, or press Cancel.
keys-unavailable = ⚠️ The service could not be reached to check the key. Nothing was stored; paste the key again in a moment, or press Cancel.
keys-group-refused = ⚠️ Never post API keys in a group. I deleted the message; regenerate the key in the xRocket bot, since others may have seen it, and link it in a private chat with me.
keys-status-active = Active network: { $network }
keys-status-key = { $network }: key of “{ $name }”
keys-status-key-unnamed = { $network }: key linked
keys-status-no-key = { $network }: no key
keys-switch-production = 🔀 Switch to production
keys-switch-testnet = 🔀 Switch to testnet
keys-switched-production = 🔀 You now act on production: balances, summaries and actions use your production key.
keys-switched-testnet = 🔀 You now act on testnet: balances, summaries and actions use your testnet key.
keys-switched-no-key-production = 🔀 You now act on production. No production key is linked yet: link one with /connect.
keys-switched-no-key-testnet = 🔀 You now act on testnet. No testnet key is linked yet: link one with /connect.
keys-linked-kept-production = Your production key stays linked too; you now act on testnet.
keys-linked-kept-testnet = Your testnet key stays linked too; you now act on production.
keys-unlinked-network = 🗑 The { $network } API key was removed.
keys-unlinked-now-production = 🗑 The { $network } API key was removed. You now act on production, whose key stays linked.
keys-unlinked-now-testnet = 🗑 The { $network } API key was removed. You now act on testnet, whose key stays linked.
keys-unlink-keeps-production = Your production key stays linked.
keys-unlink-keeps-testnet = Your testnet key stays linked.
error-no-key-here-production = No production key is linked. Switch to testnet, where your key is, or link a production key with /connect.
error-no-key-here-testnet = No testnet key is linked. Switch to production, where your key is, or link a testnet key with /connect.
confirm-network = 🌐 Network: { $network ->
    [testnet] testnet
   *[production] production
}
keys-pasted-outside = ⚠️ That looked like an API key, so I deleted it. To link a key, use /connect.
keys-pasted-early = ⚠️ That looked like an API key, so I deleted it. First pick its network with the buttons below, then paste it again.

## keys-unlink
keys-unlink-confirm = Remove the API key of “{ $name }” ({ $network })? The bot will no longer reach your account, and summaries waiting for Confirm can no longer be confirmed. You can link a key again at any time.
keys-unlink-yes = 🗑 Yes, remove it
keys-unlink-no = Keep it
keys-unlink-kept = The API key stays linked.

## service refusals in the real service's vocabulary
error-user-blocked = The service has blocked this account. Contact xRocket support.
error-pair-closed = This pair is not open for trading right now.

## top-up (what a person with nothing to spend does next)
topup-button = ➕ Top up in { $bot }
topup-pay = To add money to your xRocket Pay wallet, deposit it in { $bot }, the service's own bot (the button below opens it).
topup-exchange = To bring money onto the Exchange, deposit it to your Exchange account in { $bot }, the service's own bot (the button below opens it). Deposits arrive on your funding balance; /move takes them to trading.
topup-any = To add money, deposit it in { $bot }, the service's own bot: into your xRocket Pay wallet or onto the Exchange (the button below opens it).
topup-move = Your funding balance has { $available }: move it to your trading balance with /move (the button below), then trade.

## People, named by what Telegram shows of them (the id stays, tap-to-copy)
person-named = “{ $name }” (id { $id })
person-username = @{ $username } (id { $id })
person-id = user id { $id }
