## invoices
invoices-cmd-invoices = Счета: выставить счёт, посмотреть активные
invoices-cmd-new = Выставить счёт
invoices-cmd-list = Активные счета
invoices-menu = 🧾 Счета: вам платят, перейдя по ссылке.
invoices-new = ➕ Новый счёт
invoices-active = 📋 Активные счета
invoices-ask-asset = В какой валюте выставить счёт?
invoices-ask-amount = Сколько { $asset } должен заплатить плательщик? Минимум { $min }.
invoices-ask-description = Описание для плательщика (до 1000 символов) или «Пропустить».
invoices-ask-expiry = Сколько времени счёт можно оплатить?
invoices-expiry-hour = 1 час
invoices-expiry-day = 24 часа
invoices-expiry-week = 7 дней
invoices-expiry-none = Без срока
invoices-created = ✅ Счёт выставлен. Отправьте ссылку плательщику; деньги не двигаются, пока он не заплатит.
invoices-create-failed = ❌ Счёт не выставлен. { $reason }
invoices-details = 🧾 Счёт { $id }
invoices-field-amount = Сумма: { $amount }
invoices-field-status = Статус: { $status }
invoices-field-description = Описание:
invoices-field-expires = Действует до: { $expires }
invoices-field-link = Оплатить в Telegram: { $link }
invoices-field-web = Оплатить на сайте: { $link }
invoices-never = бессрочно
invoices-status-active = ожидает оплаты
invoices-status-paid = оплачен
invoices-status-expired = просрочен
invoices-status-deleted = удалён
invoices-list-title = 📋 Активные счета, страница { $page }. Выберите счёт:
invoices-list-empty = Активных счетов нет.
invoices-any-amount = любая сумма (от { $min })
invoices-delete = 🗑 Удалить
invoices-pay-test = 🧪 Оплатить (тест)
invoices-back-to-list = « Активные счета
invoices-cannot-delete = Этот счёт уже нельзя удалить: он { $status }.
invoices-delete-summary = 🗑 Удалить счёт { $id }?
    Сумма: { $amount }
    { $description }
    После удаления его никто не сможет оплатить. Деньги не двигаются, комиссии нет; баланс не изменится.
invoices-deleted = 🗑 Счёт на { $pricing ->
        [any] любую сумму от { $amount }
       *[fixed] { $amount }
    } удалён. Оплатить его больше нельзя.
invoices-paid = ✅ Тестовая оплата прошла: счёт оплачен, сумма зачислена на ваш тестовый баланс.
invoices-not-paid = ℹ️ Счёт не удалось оплатить: он не ожидает оплаты.

## invoice payments and on-chain address
invoices-payments-title = 💳 Платежи:
invoices-payments-none = 💳 Платежей пока нет.
invoices-payment-line = • { $amount } · плательщик: { $payer } · { $status ->
        [paid] оплачен
        [pending] в обработке
        [failed] не прошёл
       *[other] { $status }
    }{ $time ->
        [none] {""}
       *[other] {" · "}{ $time }
    }
invoices-payer-user = ID { $id }
invoices-payer-unknown = неизвестен
invoices-onchain = ⛓ Оплата в блокчейне
invoices-onchain-ask-network = В какой сети плательщик отправит { $asset }?
invoices-onchain-unavailable = Этот счёт сейчас нельзя оплатить в блокчейне.
invoices-onchain-address = ⛓ Плательщик отправляет { $asset } в сети { $network } на адрес:
    { $address }
    Не меньше { $min }. Действует до { $expires }.

## invoices priced with a minimum payment or several payments
invoices-field-min-payment = Минимальный платёж: { $amount } (плательщик может заплатить больше)
invoices-field-payments = Ожидается платежей: { $count }

## creating an invoice: a fixed price or any amount from a minimum, and how many payments
invoices-ask-pricing = Как будет оплачиваться счёт?
invoices-pricing-fixed = Фиксированная цена
invoices-pricing-minimum = Любая сумма от минимума
invoices-ask-min-payment = Какой наименьший платёж в { $asset }? Плательщик может заплатить больше. Не меньше { $min }.
invoices-ask-payments = Сколько платежей закрывают счёт? { $pricing ->
        [fixed] Каждый платёж — на фиксированную сумму.
       *[other] Каждый платёж — не меньше минимума, сумму выбирает плательщик.
    }
invoices-payments-one = Один платёж

## QR-код ссылки
invoices-qr-caption = 🧾 Отсканируйте, чтобы оплатить счёт: { $link }
invoices-qr-unavailable = Этот счёт уже не активен: сканировать нечего.

invoices-request-created = 🧾 Запрос платежа: { $amount }. Отсканируйте код, чтобы оплатить, или поделитесь ссылкой: { $link }
invoices-request-watched = Я сообщу здесь, когда он будет оплачен.
invoices-request-unwatched = Уведомления о счетах выключены (/notify), поэтому я не сообщу об оплате: его состояние — в /myinvoices.
invoices-request-in-chat = 💬 Отправить в чат
invoices-request-details = 🧾 Подробнее
