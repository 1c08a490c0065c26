## cheques
cheques-cmd-cheques = Чеки: создание и управление
cheques-cmd-new = Создать чек
cheques-menu-title = 🎟 Чеки. Чек резервирует сумму в вашем кошельке, пока кто-нибудь не активирует его по ссылке или пока вы его не удалите.
cheques-create = ➕ Новый чек
cheques-list = 📋 Мои чеки
cheques-details = 🔎 Подробнее
cheques-delete = 🗑 Удалить
cheques-back-to-list = « Мои чеки
cheques-no-funds = Ни в одной валюте вашего кошелька не хватает средств на чек (у каждой валюты есть минимальная сумма чека), поэтому создать чек нельзя.
cheques-ask-asset = В какой валюте будет чек? (Показаны только валюты, в которых есть доступные средства.)
cheques-ask-amount = Какую сумму в { $asset } зарезервировать в чеке? Доступно: { $available }. Минимум: { $min }.
cheques-ask-description = Добавьте описание к чеку (до { $max } { $max ->
        [one] символа
       *[other] символов
    }) или нажмите «Пропустить».
cheques-ask-recipient = Кто может активировать чек? Выберите человека кнопками ниже, пришлите числовой Telegram ID этого человека или перешлите мне сообщение, которое он написал. Нажмите «Пропустить», чтобы чек мог активировать любой, у кого есть ссылка.
cheques-recipient-skipped = Чек может активировать любой, у кого есть ссылка.
cheques-recipient-anyone = любой, у кого есть ссылка
cheques-recipient-user = только { $person }
cheques-redeemed-by = Получил: { $person }
cheques-redeemed-by-unknown = Получил: сервис этого не показывает
cheques-field-description = Описание:
cheques-summary-create =
    🎟 Новый чек
    Сумма: { $amount }
    { $description }
    Кто может активировать: { $recipient }
    Комиссия: { $fee }
    Доступно сейчас: { $available }
    Останется доступно после резервирования: { $after }
cheques-created =
    ✅ Чек создан. { $amount } зарезервировано на балансе, пока чек не активируют или вы его не удалите.
    Ссылка: { $link }
cheques-created-plain = ✅ Чек создан, сумма зарезервирована. Откройте «Мои чеки», чтобы его увидеть.
cheques-summary-delete =
    🗑 Удалить чек { $id }?
    Кто может активировать: { $recipient }
    Вернётся на доступный баланс: { $amount }
    Доступно сейчас: { $available }
    Станет доступно: { $after }
cheques-deleted = 🗑 Чек удалён. { $amount } возвращено на доступный баланс.
cheques-deleted-plain = 🗑 Чек удалён, сумма снова доступна.
cheques-not-active = Этот чек уже нельзя удалить: его состояние — { $state }. Ничего не изменилось.
cheques-state-active = 🟢 активен
cheques-state-completed = ✅ активирован получателем
cheques-state-draft = 📝 черновик
cheques-state-error = ⚠️ ошибка
cheques-state-cancelled = ✖️ отменён
cheques-list-title = 🎟 Ваши чеки, страница { $page }:
cheques-list-line = { $n }. { $state } · { $amount }
cheques-list-empty = У вас пока нет чеков.
cheques-details-text =
    🎟 Чек { $id }
    Состояние: { $state }
    Сумма: { $amount }
    { $description }
    Кто может активировать: { $recipient }
    Создан: { $created }
    Ссылка: { $link }

## cheque description update
cheques-describe = ✏️ Изменить описание
cheques-ask-new-description = Пришлите новое описание чека (до { $max } { $max ->
        [one] символа
       *[other] символов
    }) или нажмите «Пропустить», чтобы убрать его.

## QR-код ссылки
cheques-qr-caption = 🎟 Отсканируйте, чтобы получить чек: { $link }
cheques-qr-unavailable = Этот чек уже не активен: сканировать нечего.
