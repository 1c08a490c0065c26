## send
send-cmd = Send funds to a Telegram user
send-cmd-list = Your transfers to users
send-cmd-find = Find a transfer by its id
send-menu-title = 📤 Transfers to users. The funds reach the recipient at once; they do not have to accept, and a transfer cannot be undone.
send-new = ➕ New transfer
send-list = 📜 My transfers
send-again = 🔁 Send again
send-find = 🔎 Find by id
send-find-another = 🔎 Find another

send-ask-recipient = Who should receive the funds? Send their Telegram user id (digits only), choose them with the button below, or forward me any message they wrote.
send-pick-user = 👤 Choose a user
send-recipient-chosen = Recipient: { $recipient }
send-recipient-not-an-id = That is not a Telegram user id. Send digits only, for example 123456789, or use the buttons below.
send-recipient-username = I cannot look up @usernames. Send their user id (digits), choose them with the “Choose a user” button, or forward me a message they wrote.
send-recipient-hidden = This person’s privacy settings hide their account in forwarded messages, so I cannot see their id. Choose them with the “Choose a user” button, or ask them for their user id.
send-recipient-not-a-user = That message was forwarded from a chat or a channel, not from a person. Forward a message a person wrote, or use the buttons below.
send-recipient-bot = Bots cannot receive transfers. Choose a person.
send-recipient-self = You cannot send a transfer to yourself. Choose someone else.
send-forward-offer = Send money to { $recipient }?
send-forward-send = 📤 Send money
send-recipient-not-understood = Please send a user id, choose a user with the button below, or forward a message from them.

send-ask-asset = Which currency do you want to send?
send-asset-option = { $asset } · { $available }
send-no-funds = You have no balance to send from (each currency has a minimum transfer).
send-ask-amount = How much { $asset } to send? Available: { $available }. Minimum: { $min }.
send-ask-description = Add a note for the recipient (up to { $max } { $max ->
        [one] character
       *[other] characters
    }), or press Skip.
send-balance-changed = Your available balance has changed in the meantime: { $available } now. Please enter the amount again.

send-summary-title = 📤 Transfer — please check:
send-summary-to = To: { $recipient }
send-summary-amount = Amount: { $amount }
send-summary-fee = Fee: { $fee }
send-summary-note = Note:
send-summary-available = Available now: { $available }
send-summary-after = Available after: { $after }
send-summary-irreversible = ⚠️ A transfer is irreversible: once confirmed, it cannot be taken back.
send-done = ✅ Sent { $amount } to { $recipient }.
    Transfer id: { $id }

send-list-title = 📜 Your transfers, page { $page } (newest first):
send-list-line = { $time } → { $recipient }: { $amount } · { $id }
send-list-empty = You have not sent any transfers yet.
send-list-end = There are no more transfers.

send-find-ask = Send the transfer id.
send-find-invalid = That does not look like a transfer id. Send it exactly as shown in the list or in the confirmation.
send-find-not-found = No transfer with id { $id } was found on your account.
send-details-title = 📤 Transfer { $id }
send-details-status = Status: { $status ->
    [completed] completed
    [paid] sent
    [pending] pending
    [failed] failed
   *[other] { $status }
}
send-details-time = Time: { $time }
