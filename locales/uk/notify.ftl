## notify
cmd-notify = Налаштування сповіщень
notify-title = 🔔 Сповіщення
notify-explain = Я повідомлю, коли рахунок оплачено (і про кожен платіж, якщо їх кілька), чек активовано, ордер виконано, ціна досягла потрібного рівня або хтось тут надіслав вам гроші. Натисніть вид сповіщень, щоб увімкнути чи вимкнути його.
notify-topic-invoices = Рахунки: платежі, оплата, закінчення строку
notify-topic-cheques = Активовані чеки
notify-topic-orders = Виконані або скасовані ордери
notify-topic-alerts = Сповіщення про ціну
notify-topic-transfers = Перекази вам від людей тут
notify-quiet-off = Тихі години: вимк.
notify-quiet-on = Тихі години: { $from }:00–{ $to }:00 ({ $zone })
notify-quiet-none = Вимк.
notify-quiet-now = 🌍 Ваш часовий пояс: { $zone }; зараз там { $time }.
notify-quiet-held = { $count ->
        [one] 🔕 { $count } сповіщення чекає на кінець тихих годин.
        [few] 🔕 { $count } сповіщення чекають на кінець тихих годин.
       *[many] 🔕 { $count } сповіщень чекають на кінець тихих годин.
    }
notify-quiet-explain = У тихі години я притримую сповіщення й надсилаю їх, коли тихі години закінчаться. Години обираються за вашим часом.
notify-quiet-set = Тихі години: { $from }:00–{ $to }:00 за вашим часом.
notify-zone-button = 🌍 Часовий пояс: { $zone }
notify-zone-title = 🌍 У якому ви часовому поясі? Оберіть місто, де годинник показує той самий час, що й у вас.
notify-zone-set = Часовий пояс: { $zone }.
tz-utc = UTC
tz-america-los-angeles = Лос-Анджелес
tz-america-new-york = Нью-Йорк
tz-america-sao-paulo = Сан-Паулу
tz-europe-london = Лондон
tz-europe-berlin = Берлін
tz-europe-kyiv = Київ
tz-europe-moscow = Москва
tz-asia-dubai = Дубай
tz-asia-yekaterinburg = Єкатеринбург
tz-asia-almaty = Алмати
tz-asia-kolkata = Делі
tz-asia-novosibirsk = Новосибірськ
tz-asia-singapore = Сінгапур
tz-asia-tokyo = Токіо
tz-asia-vladivostok = Владивосток
notify-turned-on = Увімкнено.
notify-turned-off = Вимкнено.
notify-were-blocked = Сповіщення було призупинено, бо бота заблокували; тепер вони знову ввімкнені.
notify-secret-none = Секретний ключ для вебхуків не задано. З ним сервіс повідомляє мені про зміни одразу, не чекаючи моєї наступної перевірки.
notify-secret-stored = Секретний ключ для вебхуків збережено (у зашифрованому вигляді).
notify-secret-set = 🔐 Додати секретний ключ для вебхуків
notify-secret-replace = 🔐 Замінити секретний ключ для вебхуків
notify-secret-remove = Видалити секретний ключ
notify-secret-ask = Надішліть секретний ключ для вебхуків вашого застосунку xRocket Pay (одним рядком). Я одразу видалю повідомлення й збережу ключ у зашифрованому вигляді.
notify-secret-invalid = Це не схоже на секретний ключ для вебхуків (від 16 до 256 символів без пробілів). Повідомлення видалено. Надішліть ключ ще раз або натисніть «Скасувати».
notify-secret-saved = ✅ Секретний ключ для вебхуків збережено.
notify-secret-removed = Секретний ключ для вебхуків видалено.
notify-alerts-button = 📈 Сповіщення про ціну

## notices
notice-invoice-paid = 🧾 Рахунок { $id } оплачено: { $amount }.
notice-invoice-paid-by = 🧾 Рахунок { $id } оплачено: { $amount }, платник: { $payer }.
notice-invoice-payment = 💸 За рахунком { $id } отримано платіж: { $amount } — оплачено { $index } з { $of }.
notice-invoice-payment-by = 💸 За рахунком { $id } отримано платіж: { $amount }, платник: { $payer } — оплачено { $index } з { $of }.
notice-invoice-expired = ⌛ Строк рахунку { $id } на { $amount } минув, а його так і не оплатили.
notice-transfer-received = 💸 Вам надійшло { $amount }. Відправник: { $person }.
notice-cheque-redeemed = 🎟 Чек { $id } на { $amount } активовано.
notice-order-partly-filled = 📈 Ордер { $id } ({ $side } { $symbol }) виконано частково: { $filled } з { $size } за ціною { $price }.
notice-order-filled = ✅ Ордер { $id } ({ $side } { $symbol }) виконано: { $filled } за ціною { $price }.
notice-order-cancelled = ✖️ Ордер { $id } ({ $side } { $symbol }) скасовано біржею; виконано { $filled } з { $size }.
notice-order-stop-triggered = ⚡ Стоп-ордер { $id } ({ $side } { $symbol }) спрацював.
notice-alert-above = 🔔 { $symbol } зараз { $last }: вище за вашу ціну сповіщення { $price }.
notice-alert-below = 🔔 { $symbol } зараз { $last }: нижче за вашу ціну сповіщення { $price }.
notice-side-buy = купівля
notice-side-sell = продаж
notice-open-invoice = Деталі рахунку
notice-open-cheque = Деталі чека
notice-open-order = Деталі ордера
notice-open-alerts = Мої сповіщення
