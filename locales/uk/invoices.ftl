## invoices
invoices-cmd-invoices = Рахунки: виставити рахунок, переглянути активні
invoices-cmd-new = Виставити рахунок
invoices-cmd-list = Активні рахунки
invoices-menu = 🧾 Рахунки: вам платять, перейшовши за посиланням.
invoices-new = ➕ Новий рахунок
invoices-active = 📋 Активні рахунки
invoices-ask-asset = У якій валюті виставити рахунок?
invoices-ask-amount = Скільки { $asset } має заплатити платник? Мінімум { $min }.
invoices-ask-description = Опис для платника (до 1000 символів) або «Пропустити».
invoices-ask-expiry = Скільки часу рахунок можна оплатити?
invoices-expiry-hour = 1 година
invoices-expiry-day = 24 години
invoices-expiry-week = 7 днів
invoices-expiry-none = Без строку
invoices-created = ✅ Рахунок виставлено. Надішліть посилання платникові; гроші не рухаються, доки він не заплатить.
invoices-create-failed = ❌ Рахунок не виставлено. { $reason }
invoices-details = 🧾 Рахунок { $id }
invoices-field-amount = Сума: { $amount }
invoices-field-status = Статус: { $status }
invoices-field-description = Опис:
invoices-field-expires = Діє до: { $expires }
invoices-field-link = Оплатити в Telegram: { $link }
invoices-field-web = Оплатити на сайті: { $link }
invoices-never = безстроково
invoices-status-active = очікує оплати
invoices-status-paid = оплачено
invoices-status-expired = прострочено
invoices-status-deleted = видалено
invoices-list-title = 📋 Активні рахунки, сторінка { $page }. Оберіть рахунок:
invoices-list-empty = Активних рахунків немає.
invoices-any-amount = будь-яка сума (від { $min })
invoices-delete = 🗑 Видалити
invoices-pay-test = 🧪 Оплатити (тест)
invoices-back-to-list = « Активні рахунки
invoices-cannot-delete = Цей рахунок уже не можна видалити: його статус — { $status }.
invoices-delete-summary = 🗑 Видалити рахунок { $id }?
    Сума: { $amount }
    { $description }
    Після видалення його ніхто не зможе оплатити. Гроші не рухаються, комісії немає; баланс не зміниться.
invoices-deleted = 🗑 Рахунок на { $pricing ->
        [any] будь-яку суму від { $amount }
       *[fixed] { $amount }
    } видалено. Оплатити його більше не можна.
invoices-paid = ✅ Тестова оплата пройшла: рахунок оплачено, суму зараховано на ваш тестовий баланс.
invoices-not-paid = ℹ️ Рахунок не вдалося оплатити: він не очікує оплати.

## invoice payments and on-chain address
invoices-payments-title = 💳 Платежі:
invoices-payments-none = 💳 Платежів поки немає.
invoices-payment-line = • { $amount } · платник: { $payer } · { $status ->
        [paid] сплачено
        [pending] обробляється
        [failed] не пройшов
       *[other] { $status }
    }{ $time ->
        [none] {""}
       *[other] {" · "}{ $time }
    }
invoices-payer-user = ID { $id }
invoices-payer-unknown = невідомий
invoices-onchain = ⛓ Оплата в блокчейні
invoices-onchain-ask-network = У якій мережі платник надішле { $asset }?
invoices-onchain-unavailable = Цей рахунок зараз не можна оплатити в блокчейні.
invoices-onchain-address = ⛓ Платник надсилає { $asset } у мережі { $network } на адресу:
    { $address }
    Не менше { $min }. Діє до { $expires }.

## invoices priced with a minimum payment or several payments
invoices-field-min-payment = Мінімальний платіж: { $amount } (платник може заплатити більше)
invoices-field-payments = Очікується платежів: { $count }

## creating an invoice: a fixed price or any amount from a minimum, and how many payments
invoices-ask-pricing = Як оплачуватиметься рахунок?
invoices-pricing-fixed = Фіксована ціна
invoices-pricing-minimum = Будь-яка сума від мінімуму
invoices-ask-min-payment = Який найменший платіж у { $asset }? Платник може заплатити більше. Не менше { $min }.
invoices-ask-payments = Скільки платежів закривають рахунок? { $pricing ->
        [fixed] Кожен платіж — на фіксовану суму.
       *[other] Кожен платіж — не менше мінімуму, суму обирає платник.
    }
invoices-payments-one = Один платіж

## QR-код посилання
invoices-qr-caption = 🧾 Відскануйте, щоб оплатити рахунок: { $link }
invoices-qr-unavailable = Цей рахунок уже не активний: сканувати нічого.

invoices-request-created = 🧾 Запит платежу: { $amount }. Відскануйте код, щоб оплатити, або поділіться посиланням: { $link }
invoices-request-watched = Я повідомлю тут, коли його буде оплачено.
invoices-request-unwatched = Сповіщення про рахунки вимкнено (/notify), тому я не повідомлю про оплату: його стан — у /myinvoices.
invoices-request-in-chat = 💬 Надіслати в чат
invoices-request-details = 🧾 Докладніше
