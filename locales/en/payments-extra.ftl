## cheques describe
cheques-describe-button = ✏️ Change description
cheques-describe-ask = Send the new description of the cheque (up to 1000 characters).
cheques-describe-done = ✅ Description changed.

## invoices payments
invoices-payments-button = 💳 Payments
invoices-payments-title = 💳 Payments of invoice { $id }
invoices-payments-none = No payments yet.
invoices-payment-line = { $time } · { $status } · paid { $paid } · received { $received }
invoices-address-button = ⛓ Address to pay on chain
invoices-address-ask-network = On which network should the payer send { $asset }?
invoices-address-title = ⛓ Address to pay this invoice in { $asset } on { $network }:
invoices-address-min = Send at least { $min }.
invoices-address-expires = Valid until { $time }.
