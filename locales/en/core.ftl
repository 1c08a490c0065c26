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
start-link-key = To begin, link your xRocket API key: Settings → API key, or /connect.
help-title = Commands:

## commands
cmd-start = Start and main menu
cmd-menu = Main menu
cmd-help = List of commands
cmd-language = Change language
cmd-cancel = Cancel the current action
cmd-settings = Settings and API key
cmd-connect = Link your API key
cmd-disconnect = Remove your API key

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
common-text-too-long = Please send a text of 1 to { $max } { $max ->
        [one] character
       *[other] characters
    }.
common-button-outdated = This button is no longer active.
common-unknown-message = I did not understand that. Here is the menu:
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
confirm-foreign = This button belongs to someone else.
confirm-missing = This confirmation is unknown or was removed.
confirm-already = This was already handled.
confirm-refused = ❌ Not done: { $reason }
confirm-in-progress = This is being carried out. I will tell you the result.
confirm-outcome-server-errors = ⚠️ The service answered with an error each time I tried, so this is not confirmed yet. I will check again, carry it out if it has not gone through, and tell you the result. Nothing is sent twice.
confirm-outcome-connection-lost = ⚠️ The connection to the service was lost after the request was sent (or its reply did not come in time), so the outcome is not known yet. I will check, carry it out if it has not gone through, and tell you the result. Nothing is sent twice.
confirm-outcome-unreadable-reply = ⚠️ The service's reply could not be understood, so the outcome is not known yet. I will check and tell you the result. Nothing is sent twice.
confirm-outcome-unreachable = ⚠️ The service could not be reached to check it, so the outcome is not known yet. I will check again, carry it out if it has not gone through, and tell you the result. Nothing is sent twice.
confirm-outcome-not-sent = ⚠️ The service could not be reached, so nothing was sent yet. I will try again and tell you the result. Nothing is sent twice.
confirm-outcome-rate-limited = ⚠️ The service asked me to slow down, so nothing was sent yet. I will try again shortly and tell you the result. Nothing is sent twice.
confirm-outcome-internal = ⚠️ Something went wrong on our side before the outcome was known. I will check and tell you the result. Nothing is sent twice.
confirm-restarted = ⏳ The bot restarted while carrying out an action you confirmed.
confirm-unchecked = ⚠️ An action you confirmed could not be finished or checked: { $reason } Nothing more will be sent; if it had reached the service before, it stays done (see your history in xRocket).

## errors
error-generic = Something went wrong on our side. Please try again later.
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

## keys
keys-settings-title = ⚙️ Settings
keys-status-linked = API key: linked ({ $network }), account “{ $name }”.
keys-status-none = No API key linked.
keys-link = 🔑 Link API key
keys-unlink = 🗑 Remove API key
keys-pick-network = Which network is the key for?
keys-network-production = Production
keys-network-testnet = Testnet
keys-send-key = Paste your { $network } API key as the next message. I will delete the message at once and store the key encrypted.
keys-checking = Checking the key…
keys-linked = ✅ Key linked to “{ $name }” ({ $network }).
keys-wrong-network = ❌ This key belongs to { $other }, not { $network }. Choose { $other } with /connect, or paste a key for { $network }.
keys-invalid = ❌ The service did not accept this key. Check it in the xRocket bot (Exchange settings → API token) and try /connect again.
keys-unavailable = ⚠️ The service could not be reached to check the key. Nothing was stored; please try again later.
keys-unlinked = 🗑 Your API key was removed.
keys-group-refused = ⚠️ Never post API keys in a group. I deleted the message; regenerate the key in the xRocket bot, since others may have seen it, and link it in a private chat with me.
keys-pasted-outside = ⚠️ That looked like an API key, so I deleted it. To link a key, use /connect.

## keys-unlink
keys-unlink-confirm = Remove the API key of “{ $name }” ({ $network })? The bot will no longer reach your account, and summaries waiting for Confirm can no longer be confirmed. You can link a key again with /connect.
keys-unlink-yes = 🗑 Yes, remove it
keys-unlink-no = Keep it
keys-unlink-kept = The API key stays linked.

## service refusals in the real service's vocabulary
error-user-blocked = The service has blocked this account. Contact xRocket support.
error-pair-closed = This pair is not open for trading right now.

## People, named by what Telegram shows of them (the id stays, tap-to-copy)
person-named = “{ $name }” (id { $id })
person-username = @{ $username } (id { $id })
person-id = user id { $id }
