## notify
cmd-notify = Настройки уведомлений
notify-title = 🔔 Уведомления
notify-explain = Я сообщу, когда счёт оплачен (и о каждом платеже, если их несколько), чек активирован, ордер исполнен, цена достигла нужного уровня или кто-то здесь прислал вам деньги. Нажмите на вид уведомлений, чтобы включить или выключить его.
notify-topic-invoices = Счета: платежи, оплата, истечение срока
notify-topic-cheques = Чеки активированы
notify-topic-orders = Ордера исполнены или отменены
notify-topic-alerts = Оповещения о цене
notify-topic-transfers = Переводы вам от людей здесь
notify-quiet-off = Тихие часы: выкл.
notify-quiet-on = Тихие часы: { $from }:00–{ $to }:00 ({ $zone })
notify-quiet-none = Выкл.
notify-quiet-now = 🌍 Ваш часовой пояс: { $zone }; сейчас там { $time }.
notify-quiet-held = { $count ->
        [one] 🔕 { $count } уведомление ждёт конца тихих часов.
        [few] 🔕 { $count } уведомления ждут конца тихих часов.
       *[many] 🔕 { $count } уведомлений ждут конца тихих часов.
    }
notify-quiet-explain = В тихие часы я придерживаю уведомления и присылаю их, когда тихие часы закончатся. Часы выбираются по вашему времени.
notify-quiet-set = Тихие часы: { $from }:00–{ $to }:00 по вашему времени.
notify-zone-button = 🌍 Часовой пояс: { $zone }
notify-zone-title = 🌍 В каком вы часовом поясе? Выберите город, где часы показывают то же время, что и у вас.
notify-zone-set = Часовой пояс: { $zone }.
tz-utc = UTC
tz-america-los-angeles = Лос-Анджелес
tz-america-new-york = Нью-Йорк
tz-america-sao-paulo = Сан-Паулу
tz-europe-london = Лондон
tz-europe-berlin = Берлин
tz-europe-kyiv = Киев
tz-europe-moscow = Москва
tz-asia-dubai = Дубай
tz-asia-yekaterinburg = Екатеринбург
tz-asia-almaty = Алматы
tz-asia-kolkata = Дели
tz-asia-novosibirsk = Новосибирск
tz-asia-singapore = Сингапур
tz-asia-tokyo = Токио
tz-asia-vladivostok = Владивосток
notify-turned-on = Включено.
notify-turned-off = Выключено.
notify-were-blocked = Уведомления были приостановлены, потому что бот был заблокирован; теперь они снова включены.
notify-secret-none = Секретный ключ для вебхуков не задан. С ним сервис сообщает мне об изменениях сразу, не дожидаясь моей следующей проверки.
notify-secret-stored = Секретный ключ для вебхуков сохранён (в зашифрованном виде).
notify-secret-set = 🔐 Добавить секретный ключ для вебхуков
notify-secret-replace = 🔐 Заменить секретный ключ для вебхуков
notify-secret-remove = Удалить секретный ключ
notify-secret-ask = Отправьте секретный ключ для вебхуков вашего приложения xRocket Pay (одной строкой). Я сразу удалю сообщение и сохраню ключ в зашифрованном виде.
notify-secret-invalid = Это не похоже на секретный ключ для вебхуков (от 16 до 256 символов без пробелов). Сообщение удалено. Отправьте секрет ещё раз или нажмите «Отмена».
notify-secret-saved = ✅ Секретный ключ для вебхуков сохранён.
notify-secret-removed = Секретный ключ для вебхуков удалён.
notify-alerts-button = 📈 Оповещения о цене

## notices
notice-invoice-paid = 🧾 Счёт { $id } оплачен: { $amount }.
notice-invoice-paid-by = 🧾 Счёт { $id } оплачен: { $amount }, плательщик: { $payer }.
notice-invoice-payment = 💸 По счёту { $id } получен платёж: { $amount } — оплачено { $index } из { $of }.
notice-invoice-payment-by = 💸 По счёту { $id } получен платёж: { $amount }, плательщик: { $payer } — оплачено { $index } из { $of }.
notice-invoice-expired = ⌛ Счёт { $id } на { $amount } истёк неоплаченным.
notice-transfer-received = 💸 Вам пришло { $amount }. Отправитель: { $person }.
notice-cheque-redeemed = 🎟 Чек { $id } на { $amount } активирован.
notice-order-partly-filled = 📈 Ордер { $id } ({ $side } { $symbol }) исполнен частично: { $filled } из { $size } по { $price }.
notice-order-filled = ✅ Ордер { $id } ({ $side } { $symbol }) исполнен: { $filled } по { $price }.
notice-order-cancelled = ✖️ Ордер { $id } ({ $side } { $symbol }) отменён биржей; исполнено { $filled } из { $size }.
notice-order-stop-triggered = ⚡ Стоп-ордер { $id } ({ $side } { $symbol }) сработал.
notice-alert-above = 🔔 { $symbol } сейчас { $last }: выше цены вашего оповещения { $price }.
notice-alert-below = 🔔 { $symbol } сейчас { $last }: ниже цены вашего оповещения { $price }.
notice-side-buy = покупка
notice-side-sell = продажа
notice-open-invoice = Детали счёта
notice-open-cheque = Детали чека
notice-open-order = Детали ордера
notice-open-alerts = Мои оповещения
