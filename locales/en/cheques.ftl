## cheques
cheques-cmd-cheques = Cheques: create and manage
cheques-cmd-new = Create a cheque
cheques-menu-title = 🎟 Cheques. A cheque reserves an amount on your Pay balance until someone redeems it through its link, or you delete it.
cheques-create = ➕ New cheque
cheques-list = 📋 My cheques
cheques-details = 🔎 Details
cheques-delete = 🗑 Delete
cheques-back-to-list = « My cheques
cheques-no-funds = No currency in your xRocket Pay wallet has enough for a cheque (each currency has a minimum cheque), so a cheque cannot be created.
cheques-ask-asset = Which currency should the cheque be in? (Only currencies with available funds are shown.)
cheques-ask-amount = How much { $asset } should the cheque hold? Available: { $available }. Minimum: { $min }.
cheques-ask-description = Add a description shown with the cheque (up to { $max } { $max ->
        [one] character
       *[other] characters
    }), or press Skip.
cheques-ask-recipient = Who may redeem the cheque? Choose a person with the buttons below, send their numeric Telegram user id, or forward me a message they wrote. Press Skip so that anyone with the link can.
cheques-recipient-skipped = Anyone with the cheque’s link may redeem it.
cheques-recipient-anyone = anyone with the link
cheques-recipient-user = only { $person }
cheques-redeemed-by = Redeemed by: { $person }
cheques-redeemed-by-unknown = Redeemed by: not shown by the service
cheques-field-description = Description:
cheques-summary-create =
    🎟 New cheque
    Amount: { $amount }
    { $description }
    Who may redeem: { $recipient }
    Fee: { $fee }
    Available now: { $available }
    Available after the reservation: { $after }
cheques-created =
    ✅ Cheque created. { $amount } is reserved on your balance until it is redeemed or deleted.
    Link: { $link }
cheques-created-plain = ✅ Cheque created; its amount is reserved. Open “My cheques” to see it.
cheques-summary-delete =
    🗑 Delete cheque { $id }?
    Who may redeem: { $recipient }
    Released back to your available balance: { $amount }
    Available now: { $available }
    Available after: { $after }
cheques-deleted = 🗑 Cheque deleted. { $amount } released back to your available balance.
cheques-deleted-plain = 🗑 Cheque deleted; its amount is available again.
cheques-not-active = This cheque can no longer be deleted: its state is { $state }. Nothing was changed.
cheques-state-active = 🟢 active
cheques-state-completed = ✅ redeemed
cheques-state-draft = 📝 draft
cheques-state-error = ⚠️ failed
cheques-state-cancelled = ✖️ cancelled
cheques-list-title = 🎟 Your cheques, page { $page }:
cheques-list-line = { $n }. { $state } · { $amount }
cheques-list-empty = You have no cheques yet.
cheques-details-text =
    🎟 Cheque { $id }
    State: { $state }
    Amount: { $amount }
    { $description }
    Who may redeem: { $recipient }
    Created: { $created }
    Link: { $link }

## cheque description update
cheques-describe = ✏️ Change description
cheques-ask-new-description = Send the new description shown with the cheque (up to { $max } { $max ->
        [one] character
       *[other] characters
    }), or press Skip to remove it.

## QR code of the link
cheques-qr-caption = 🎟 Scan to receive the cheque: { $link }
cheques-qr-unavailable = This cheque is no longer active: there is nothing to scan.
