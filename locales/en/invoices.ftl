## invoices
invoices-cmd-invoices = Invoices: create one, see the active ones
invoices-cmd-new = Create an invoice
invoices-cmd-list = Active invoices
invoices-menu = 🧾 Invoices: someone pays you by following a link.
invoices-new = ➕ New invoice
invoices-active = 📋 Active invoices
invoices-ask-asset = Which currency should the invoice be in?
invoices-ask-amount = How much { $asset } should the payer pay? Minimum { $min }.
invoices-ask-description = A description the payer will see (up to 1000 characters), or Skip.
invoices-ask-expiry = How long may it be paid?
invoices-expiry-hour = 1 hour
invoices-expiry-day = 24 hours
invoices-expiry-week = 7 days
invoices-expiry-none = No expiry
invoices-created = ✅ Invoice created. Send the link to the payer; nothing moves until they pay.
invoices-create-failed = ❌ The invoice was not created. { $reason }
invoices-details = 🧾 Invoice { $id }
invoices-field-amount = Amount: { $amount }
invoices-field-status = Status: { $status }
invoices-field-description = Description:
invoices-field-expires = Expires: { $expires }
invoices-field-link = Pay in Telegram: { $link }
invoices-field-web = Pay on the web: { $link }
invoices-never = never
invoices-status-active = waiting for payment
invoices-status-paid = paid
invoices-status-expired = expired
invoices-status-deleted = deleted
invoices-list-title = 📋 Active invoices, page { $page }. Pick one for details:
invoices-list-empty = You have no active invoices.
invoices-any-amount = any amount (min { $min })
invoices-delete = 🗑 Delete
invoices-pay-test = 🧪 Pay (test)
invoices-back-to-list = « Active invoices
invoices-cannot-delete = This invoice can no longer be deleted: it is { $status }.
invoices-delete-summary = 🗑 Delete invoice { $id }?
    Amount: { $amount }
    { $description }
    After deletion nobody can pay it. No money moves and there is no fee; your balance stays as it is.
invoices-deleted = 🗑 Invoice for { $pricing ->
        [any] any amount from { $amount }
       *[fixed] { $amount }
    } deleted. Nobody can pay it any more.
invoices-paid = ✅ Test payment done: the invoice is paid and the amount is in your testnet balance.
invoices-not-paid = ℹ️ The invoice could not be paid: it is not waiting for payment.

## invoice payments and on-chain address
invoices-payments-title = 💳 Payments:
invoices-payments-none = 💳 No payments yet.
invoices-payment-line = • { $amount } from { $payer }: { $status ->
        [paid] paid
        [pending] pending
        [failed] failed
       *[other] { $status }
    }{ $time ->
        [none] {""}
       *[other] {" · "}{ $time }
    }
invoices-payer-user = user id { $id }
invoices-payer-unknown = an unknown payer
invoices-onchain = ⛓ Pay on chain
invoices-onchain-ask-network = On which network will the payer send { $asset }?
invoices-onchain-unavailable = This invoice cannot be paid on chain now.
invoices-onchain-address = ⛓ The payer sends { $asset } on the { $network } network to:
    { $address }
    At least { $min }. Valid until { $expires }.

## invoices priced with a minimum payment or several payments
invoices-field-min-payment = Minimum payment: { $amount } (the payer may pay more)
invoices-field-payments = Payments expected: { $count }

## creating an invoice: a fixed price or any amount from a minimum, and how many payments
invoices-ask-pricing = How should the invoice be paid?
invoices-pricing-fixed = A fixed price
invoices-pricing-minimum = Any amount from a minimum
invoices-ask-min-payment = What is the smallest payment in { $asset }? The payer may pay more. At least { $min }.
invoices-ask-payments = How many payments close the invoice? { $pricing ->
        [fixed] Each payment is the fixed price.
       *[other] Each payment is at least the minimum; the payer chooses how much.
    }
invoices-payments-one = One payment

## QR code of the link
invoices-qr-caption = 🧾 Scan to pay the invoice: { $link }
invoices-qr-unavailable = This invoice is no longer active: there is nothing to scan.

invoices-request-created = 🧾 Payment request: { $amount }. Scan the code to pay it, or share the link: { $link }
invoices-request-watched = I will tell you here when it is paid.
invoices-request-unwatched = Invoice notices are off (/notify), so I will not tell you when it is paid: its state is in /myinvoices.
invoices-request-in-chat = 💬 Send into a chat
invoices-request-details = 🧾 Details
