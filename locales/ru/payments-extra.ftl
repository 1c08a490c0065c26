## cheques describe
cheques-describe-button = ✏️ Изменить описание
cheques-describe-ask = Отправьте новое описание чека (до 1000 символов).
cheques-describe-done = ✅ Описание изменено.

## invoices payments
invoices-payments-button = 💳 Оплаты
invoices-payments-title = 💳 Оплаты счёта { $id }
invoices-payments-none = Оплат пока нет.
invoices-payment-line = { $time } · { $status } · оплачено { $paid } · получено { $received }
invoices-address-button = ⛓ Адрес для оплаты в сети
invoices-address-ask-network = В какой сети плательщик отправит { $asset }?
invoices-address-title = ⛓ Адрес для оплаты этого счёта в { $asset } в сети { $network }:
invoices-address-min = Отправьте не меньше { $min }.
invoices-address-expires = Действует до { $time }.
