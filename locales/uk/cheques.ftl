## cheques
cheques-cmd-cheques = Чеки: створення й керування
cheques-cmd-new = Створити чек
cheques-menu-title = 🎟 Чеки. Чек резервує суму у вашому гаманці, доки хтось не активує його за посиланням або доки ви його не видалите.
cheques-create = ➕ Новий чек
cheques-list = 📋 Мої чеки
cheques-details = 🔎 Докладніше
cheques-delete = 🗑 Видалити
cheques-back-to-list = « Мої чеки
cheques-no-funds = У жодній валюті вашого гаманця не вистачає коштів на чек (кожна валюта має мінімальну суму чека), тож створити чек не можна.
cheques-ask-asset = У якій валюті буде чек? (Показано лише валюти, у яких є доступні кошти.)
cheques-ask-amount = Яку суму в { $asset } зарезервувати в чеку? Доступно: { $available }. Мінімум: { $min }.
cheques-ask-description = Додайте опис до чека (до { $max } { $max ->
        [one] символу
       *[other] символів
    }) або натисніть «Пропустити».
cheques-ask-recipient = Хто може активувати чек? Виберіть людину кнопками нижче, надішліть числовий Telegram ID цієї людини або перешліть мені повідомлення, яке вона написала. Натисніть «Пропустити», щоб чек міг активувати будь-хто, хто має посилання.
cheques-recipient-skipped = Чек може активувати будь-хто, хто має посилання.
cheques-recipient-anyone = будь-хто, хто має посилання
cheques-recipient-user = лише { $person }
cheques-redeemed-by = Отримав: { $person }
cheques-redeemed-by-unknown = Отримав: сервіс цього не показує
cheques-field-description = Опис:
cheques-summary-create =
    🎟 Новий чек
    Сума: { $amount }
    { $description }
    Хто може активувати: { $recipient }
    Комісія: { $fee }
    Доступно зараз: { $available }
    Залишиться доступно після резервування: { $after }
cheques-created =
    ✅ Чек створено. { $amount } зарезервовано на балансі, доки чек не активують або ви його не видалите.
    Посилання: { $link }
cheques-created-plain = ✅ Чек створено, суму зарезервовано. Відкрийте «Мої чеки», щоб його побачити.
cheques-summary-delete =
    🗑 Видалити чек { $id }?
    Хто може активувати: { $recipient }
    Повернеться на доступний баланс: { $amount }
    Доступно зараз: { $available }
    Стане доступно: { $after }
cheques-deleted = 🗑 Чек видалено. { $amount } повернуто на доступний баланс.
cheques-deleted-plain = 🗑 Чек видалено, сума знову доступна.
cheques-not-active = Цей чек уже не можна видалити: його стан — { $state }. Нічого не змінилося.
cheques-state-active = 🟢 активний
cheques-state-completed = ✅ активований отримувачем
cheques-state-draft = 📝 чернетка
cheques-state-error = ⚠️ помилка
cheques-state-cancelled = ✖️ скасований
cheques-list-title = 🎟 Ваші чеки, сторінка { $page }:
cheques-list-line = { $n }. { $state } · { $amount }
cheques-list-empty = У вас поки немає чеків.
cheques-details-text =
    🎟 Чек { $id }
    Стан: { $state }
    Сума: { $amount }
    { $description }
    Хто може активувати: { $recipient }
    Створено: { $created }
    Посилання: { $link }

## cheque description update
cheques-describe = ✏️ Змінити опис
cheques-ask-new-description = Надішліть новий опис чека (до { $max } { $max ->
        [one] символу
       *[other] символів
    }) або натисніть «Пропустити», щоб прибрати його.

## QR-код посилання
cheques-qr-caption = 🎟 Відскануйте, щоб отримати чек: { $link }
cheques-qr-unavailable = Цей чек уже не активний: сканувати нічого.
