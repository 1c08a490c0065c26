## menu
menu-title = Что вы хотите сделать?
menu-balances = 💰 Балансы
menu-cheques = 🎟 Чеки
menu-send = 📤 Перевод
menu-invoices = 🧾 Счета
menu-withdraw = 🏦 Вывод
menu-orders = 📈 Ордера
menu-trade = 📊 Торговля
menu-rates = 💱 Курсы
menu-settings = ⚙️ Настройки
menu-language = 🌐 Язык

## start
start-greeting = Здравствуйте, { $name }! Я помощник по кошельку xRocket Pay и бирже: чеки, переводы, счета, выводы, балансы и ордера прямо в чате.
start-pick-language = Выберите язык:
start-language-set = Язык: русский.
start-choose-language = 🌐 Выберите язык кнопкой ниже.
start-connect-first = 🔑 Для начала привяжите свой API-ключ xRocket: нажмите «Подключить» ниже (или отправьте /connect).
start-connect-button = 🔑 Подключить ключ xRocket
help-title = Команды по темам:
help-more = Нажмите тему ниже, чтобы увидеть все её команды.
help-menu = 🏠 Главное меню
help-topic-wallet = 💼 Кошелёк
help-topic-documents = 🧾 Чеки и счета
help-topic-exchange = 📈 Биржа
help-topic-notices = 🔔 Уведомления
help-topic-basics = ⚙️ Основное и настройки
help-topic-admin = 🛠 Администрирование
help-topic-more = ➕ Прочее
## commands
cmd-start = Начало и главное меню
cmd-menu = Главное меню
cmd-help = Список команд
cmd-language = Сменить язык
cmd-cancel = Отменить текущее действие
cmd-settings = Настройки, API-ключи и сеть
cmd-connect = Привязать API-ключ (основная или тестовая сеть)
cmd-disconnect = Удалить API-ключ текущей сети

## common
common-cancel = ✖️ Отмена
common-cancelled = Отменено. Ничего не сделано.
common-qr = ▦ Показать код для сканирования
common-skip = Пропустить
common-back = « Назад
common-next = Далее »
common-prev = « Назад
common-send-text = Ответьте текстом или нажмите «Отмена».
common-pick-from-list = Выберите одну из кнопок.
common-ask-asset = Какая валюта?
common-ask-amount = Сколько { $asset }? Доступно: { $available }.
common-text-too-long = Отправьте текст длиной от 1 до { $max } { $max ->
        [one] символа
       *[other] символов
    }.
common-more-lines = …и ещё { $count } { $count ->
        [one] строка
        [few] строки
       *[other] строк
    }
common-button-outdated = Эта кнопка больше не действует.
common-unknown-message = Не понял сообщение. Вот меню:
common-share = 📣 Поделиться
common-none = Пока ничего нет.

## amounts
amount-not_a_number = Это не сумма. Отправьте число, например 10 или 2,5.
amount-ambiguous = Это разделитель тысяч или десятичная запятая? Тысячи напишите без разделителя или через пробел (12345 или 12 345), а дробную часть — через точку (12.345).
amount-misplaced_separator = Разделители в этой сумме не отделяют тысячи (как в 1 000 или 1'000), поэтому непонятно, что имелось в виду. Напишите её без них: например, 15 или 1,5.
amount-invisible_character = В этой сумме есть невидимые символы (часто копируются вместе с ней), поэтому я не могу быть уверен, что в ней написано. Наберите её сами, например 10 или 2,5.
amount-not_positive = Сумма должна быть больше нуля.
amount-too_many_decimals = Слишком много знаков после запятой: для { $asset } не больше { $decimals }.
amount-below_minimum = Минимум — { $min } { $asset }.
amount-above_maximum = Максимум — { $max } { $asset }.
amount-insufficient = Недостаточно средств. Доступно: { $available } (комиссия { $fee }).
amount-quick-25 = 25 %
amount-quick-50 = 50 %
amount-quick-max = Макс. · { $amount }

## confirm
confirm-yes = ✅ Подтвердить
confirm-no = ✖️ Отмена
confirm-expires = Подтвердите в течение { $seconds } { $seconds ->
        [one] секунды
       *[other] секунд
    }.
confirm-processing = Выполняю…
confirm-cancelled = Отменено. Ничего не сделано.
confirm-expired = Время подтверждения истекло к тому моменту, когда нажатие дошло до меня. Ничего не сделано; начните заново, если нужно.
confirm-foreign = Эта кнопка принадлежит другому пользователю.
confirm-missing = Это подтверждение не найдено или удалено.
confirm-already = Это уже обработано.
confirm-refused = ❌ Не выполнено: { $reason }
confirm-cancel-too-late-done = Эта кнопка больше не действует: действие уже выполнено, ничего не отменено.
confirm-cancel-too-late-running = Эта кнопка больше не действует: действие уже выполняется, отменить его нельзя. Я сообщу результат.
confirm-in-progress = Это уже выполняется. Я сообщу результат.
confirm-outcome-server-errors = ⚠️ Сервис отвечал ошибкой на каждую попытку, поэтому выполнение пока не подтверждено. Я проверю ещё раз, выполню, если оно не прошло, и сообщу результат. Ничего не будет отправлено дважды.
confirm-outcome-connection-lost = ⚠️ Связь с сервисом прервалась после отправки запроса (или его ответ не пришёл вовремя), поэтому результат пока неизвестен. Я проверю, выполню, если оно не прошло, и сообщу результат. Ничего не будет отправлено дважды.
confirm-outcome-unreadable-reply = ⚠️ Ответ сервиса не удалось разобрать, поэтому результат пока неизвестен. Я проверю и сообщу результат. Ничего не будет отправлено дважды.
confirm-outcome-unreachable = ⚠️ Сервис недоступен, и проверить не удалось, поэтому результат пока неизвестен. Я проверю ещё раз, выполню, если оно не прошло, и сообщу результат. Ничего не будет отправлено дважды.
confirm-outcome-not-sent = ⚠️ Сервис недоступен, поэтому пока ничего не отправлено. Я попробую ещё раз и сообщу результат. Ничего не будет отправлено дважды.
confirm-outcome-rate-limited = ⚠️ Сервис попросил снизить частоту запросов, поэтому пока ничего не отправлено. Я скоро попробую ещё раз и сообщу результат. Ничего не будет отправлено дважды.
confirm-outcome-internal = ⚠️ У нас что-то пошло не так до того, как стал известен результат. Я проверю и сообщу результат. Ничего не будет отправлено дважды.
confirm-restarted = ⏳ Бот перезапустился, пока выполнял подтверждённое вами действие.
confirm-unchecked = ⚠️ Подтверждённое вами действие не удалось ни завершить, ни проверить: { $reason } Больше ничего отправлено не будет; если запрос успел дойти до сервиса, он выполнен (см. историю в xRocket).

## errors
error-generic = Что-то пошло не так. Попробуйте позже.
error-no-key = API-ключ ещё не привязан. Используйте /connect.
error-unauthorized = Сервис не принял ваш API-ключ. Возможно, он отозван или от другой сети. Привяжите его заново: /connect.
error-rate-limited = Слишком много запросов. Повторите через { $seconds } с.
error-outcome-unknown = Сервис не ответил вовремя; результат неизвестен. Я проверю.
error-service-unavailable = Сервис сейчас недоступен. Попробуйте позже.
error-invalid-reply = Сервис прислал неожиданный ответ. Попробуйте позже.
error-invalid-input = Сервис не принял эти данные. Проверьте их и попробуйте снова.
error-insufficient-funds = Недостаточно средств. Доступно: { $available } { $asset }.
error-decimal-places = Слишком много знаков после запятой: не больше { $max }.
error-amount-out-of-range = Сумма вне допустимого диапазона ({ $min } – { $max }).
error-not-found = Не найдено.
error-recipient-not-found = Получатель не найден: у этого пользователя ещё нет кошелька xRocket. Ничего не отправлено.
error-invalid-state = Это уже невозможно: состояние изменилось.
error-testnet-only = Доступно только в тестовой сети.
error-duplicate = Это уже было отправлено.
error-refused = Сервис отклонил запрос.
error-key-unreadable = Сохранённый ключ не удаётся прочитать. Привяжите его заново: /connect.

## flood (one person sending too much at once)
flood-slow-down = ⏳ Слишком много сразу: часть ваших сообщений и нажатий кнопок я пропустил. Подождите несколько секунд и отправьте ещё раз то, что нужно. Кнопки «Подтвердить» и «Отмена» не пропускаются.

## keys
keys-settings-title = ⚙️ Настройки
keys-status-none = API-ключ не привязан.
keys-link = 🔑 Привязать API-ключ
keys-unlink = 🗑 Удалить API-ключ
keys-pick-network = Для какой сети ключ?
keys-network-production = Основная сеть
keys-network-testnet = Тестовая сеть
keys-send-key = Вставьте API-ключ ({ $network }) следующим сообщением. Я сразу удалю сообщение и сохраню ключ в зашифрованном виде.
keys-cancelled-none = Отменено. Ключ не привязан.
keys-cancelled-kept = Отменено. Привязанный ранее ключ остаётся.
keys-checking = Проверяю ключ…
keys-linked = ✅ Ключ привязан к «{ $name }» ({ $network }).
keys-wrong-network = ❌ Этот ключ от сети «{ $other }», а не «{ $network }». Выберите «{ $other }» в /connect или вставьте ключ для «{ $network }».
keys-invalid = ❌ Сервис не принял ключ. Проверьте его в боте xRocket (настройки биржи → API-токен) и повторите /connect.
keys-unavailable = ⚠️ Не удалось связаться с сервисом для проверки ключа. Ничего не сохранено; попробуйте позже.
keys-group-refused = ⚠️ Никогда не публикуйте API-ключи в группах. Я удалил сообщение; перевыпустите ключ в боте xRocket — его могли увидеть — и привяжите в личном чате со мной.
keys-status-active = Текущая сеть: { $network }
keys-status-key = { $network }: ключ «{ $name }»
keys-status-key-unnamed = { $network }: ключ привязан
keys-status-no-key = { $network }: ключа нет
keys-switch-production = 🔀 Перейти в основную сеть
keys-switch-testnet = 🔀 Перейти в тестовую сеть
keys-switched-production = 🔀 Теперь вы работаете в основной сети: балансы, сводки и операции идут через ключ основной сети.
keys-switched-testnet = 🔀 Теперь вы работаете в тестовой сети: балансы, сводки и операции идут через ключ тестовой сети.
keys-switched-no-key-production = 🔀 Теперь вы работаете в основной сети. Ключ для неё ещё не привязан: привяжите его командой /connect.
keys-switched-no-key-testnet = 🔀 Теперь вы работаете в тестовой сети. Ключ для неё ещё не привязан: привяжите его командой /connect.
keys-linked-kept-production = Ключ основной сети тоже остаётся привязанным; сейчас вы работаете в тестовой сети.
keys-linked-kept-testnet = Ключ тестовой сети тоже остаётся привязанным; сейчас вы работаете в основной сети.
keys-unlinked-network = 🗑 API-ключ удалён ({ $network }).
keys-unlinked-now-production = 🗑 API-ключ удалён ({ $network }). Теперь вы работаете в основной сети — её ключ остаётся привязанным.
keys-unlinked-now-testnet = 🗑 API-ключ удалён ({ $network }). Теперь вы работаете в тестовой сети — её ключ остаётся привязанным.
keys-unlink-keeps-production = Ключ основной сети останется привязанным.
keys-unlink-keeps-testnet = Ключ тестовой сети останется привязанным.
error-no-key-here-production = Для основной сети ключ не привязан. Перейдите в тестовую сеть, где ваш ключ, или привяжите ключ основной сети командой /connect.
error-no-key-here-testnet = Для тестовой сети ключ не привязан. Перейдите в основную сеть, где ваш ключ, или привяжите ключ тестовой сети командой /connect.
confirm-network = 🌐 Сеть: { $network ->
    [testnet] тестовая
   *[production] основная
}
keys-pasted-outside = ⚠️ Это похоже на API-ключ, поэтому я удалил сообщение. Чтобы привязать ключ, используйте /connect.

## keys-unlink
keys-unlink-confirm = Удалить API-ключ «{ $name }» ({ $network })? Бот больше не сможет работать с вашим аккаунтом, а ожидающие подтверждения операции подтвердить будет нельзя. Привязать ключ снова можно командой /connect.
keys-unlink-yes = 🗑 Да, удалить
keys-unlink-no = Оставить
keys-unlink-kept = API-ключ остаётся привязанным.

## service refusals in the real service's vocabulary
error-user-blocked = Сервис заблокировал этот аккаунт. Обратитесь в поддержку xRocket.
error-pair-closed = Эта пара сейчас закрыта для торговли.

## top-up (what a person with nothing to spend does next)
topup-button = ➕ Пополнить через { $bot }
topup-pay = Чтобы пополнить кошелёк xRocket Pay, внесите деньги через { $bot }, бот самого сервиса (кнопка ниже открывает его).
topup-exchange = Чтобы внести деньги на биржу, пополните биржевой счёт через { $bot }, бот самого сервиса (кнопка ниже открывает его). Пополнения приходят на финансовый баланс, а на торговый их перемещает /move.
topup-any = Чтобы внести деньги, пополните кошелёк xRocket Pay или биржевой счёт через { $bot }, бот самого сервиса (кнопка ниже открывает его).
topup-move = На финансовом балансе есть { $available }: переместите средства на торговый баланс командой /move (кнопка ниже), а затем торгуйте.

## Люди: имя, каким его показывает Telegram, и ID (копируется нажатием)
person-named = «{ $name }» (ID { $id })
person-username = @{ $username } (ID { $id })
person-id = ID { $id }
