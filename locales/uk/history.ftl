## Історія: усе, що рухало гроші людини через цього бота, з квитанціями

history-cmd = Історія: що ви надіслали, отримали, створили та обміняли, з квитанціями
menu-history = 📜 Історія
history-title = 📜 Історія, сторінка { $page } (спершу нові). Натисніть номер, щоб відкрити квитанцію.
history-empty = Поки порожньо: тут з'явиться все, що ви надсилаєте, отримуєте, виводите, створюєте та обмінюєте через цього бота.
history-empty-filtered = Записів такого виду поки немає. Змініть фільтр нижче.
history-end = Старіших записів немає.
history-testnet = (тестова мережа)
history-by-kind = Вид: { $kind }
history-by-asset = Актив: { $asset }
history-any-asset = усі активи
history-filter-a = Усе
history-filter-s = 📤 Надіслані
history-filter-r = 📥 Отримані
history-filter-c = 🎁 Чеки
history-filter-i = 🧾 Рахунки
history-filter-w = 🏦 Виведення
history-filter-x = 💱 Біржа
history-filter-m = 📦 Масові перекази
history-pick-kind = Які записи показати?
history-pick-asset = Записи якого активу?
history-entry-missing = Цього запису немає у вашій історії.
history-someone = хтось
history-line-sent = 📤 { $time } · −{ $amount } → { $person }
history-line-received = 📥 { $time } · +{ $amount } · відправник: { $person }
history-line-cheque = 🎁 { $time } · чек на { $amount }
history-line-invoice = 🧾 { $time } · рахунок на { $amount }
history-line-cheque-deleted = 🗑 { $time } · чек { $id } видалено
history-line-invoice-deleted = 🗑 { $time } · рахунок { $id } видалено
history-line-withdrawal = 🏦 { $time } · −{ $amount } на { $address } ({ $chain })
history-line-funding-withdrawal = 🏦 { $time } · −{ $amount } з біржі на { $address } ({ $chain })
history-line-withdrawal-link = 🔗 { $time } · посилання на виведення { $amount } на { $address } ({ $chain })
history-line-move = ↔️ { $time } · { $amount }: { $from } → { $to }
history-balance-funding = фінансовий баланс
history-balance-trading = торговий баланс
history-line-swap = 🔁 { $time } · обмін: до { $amount } на { $to } (точні суми — у квитанції)
history-line-order = 📈 { $time } · ордер на { $side ->
        [buy] купівлю
       *[sell] продаж
    } { $symbol }
history-line-order-cancelled = ✖️ { $time } · ордер { $symbol } скасовано
history-line-mass = 📦 { $time } · масовий переказ
history-line-other = • { $time } · { $kind }
history-receipt-title = 🧾 Квитанція
history-receipt-received =
    🧾 Квитанція

    📥 Отримано { $amount }. Відправник: { $person }.
history-received-through-bot = Відправник зробив цей переказ через цього бота. Перекази, зроблені деінде (у самому xRocket), теж надходять на ваш гаманець, але сервіс не показує їх цьому боту.
history-receipt-invoice = 🧾 Створено рахунок на { $amount }. ID рахунку: { $id }
history-receipt-withdrawal-link = 🔗 Створено посилання на виведення { $amount } на { $address } ({ $chain }). Під час його створення з гаманця нічого не списано.
history-field-note = Коментар
history-field-fee-none = Комісія: немає (переказ між користувачами xRocket безплатний)
history-field-time = Час: { $time }
history-field-network-testnet = Мережа: 🧪 тестова
history-field-status = Стан зараз: { $status }
history-field-status-unknown = Стан зараз: зараз не вдалося дізнатися.
history-field-transaction = Транзакція: { $link }
history-shared-title = 🧾 Квитанція з мого гаманця xRocket:
history-share-title = 🧾 Поділитися квитанцією
