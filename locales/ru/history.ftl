## История: всё, что двигало деньги человека через этого бота, с квитанциями

history-cmd = История: что вы отправили, получили, создали и обменяли, с квитанциями
menu-history = 📜 История
history-title = 📜 История, страница { $page } (сначала новые). Нажмите номер, чтобы открыть квитанцию.
history-empty = Пока пусто: здесь появится всё, что вы отправляете, получаете, выводите, создаёте и обмениваете через этого бота.
history-empty-filtered = Записей такого вида пока нет. Измените фильтр ниже.
history-end = Более старых записей нет.
history-testnet = (тестовая сеть)
history-by-kind = Вид: { $kind }
history-by-asset = Актив: { $asset }
history-any-asset = все активы
history-filter-a = Всё
history-filter-s = 📤 Отправленные
history-filter-r = 📥 Полученные
history-filter-c = 🎁 Чеки
history-filter-i = 🧾 Счета
history-filter-w = 🏦 Выводы
history-filter-x = 💱 Биржа
history-filter-m = 📦 Массовые переводы
history-pick-kind = Какие записи показать?
history-pick-asset = Записи какого актива?
history-entry-missing = Этой записи нет в вашей истории.
history-someone = кто-то
history-line-sent = 📤 { $time } · −{ $amount } → { $person }
history-line-received = 📥 { $time } · +{ $amount } · отправитель: { $person }
history-line-cheque = 🎁 { $time } · чек на { $amount }
history-line-invoice = 🧾 { $time } · счёт на { $amount }
history-line-cheque-deleted = 🗑 { $time } · чек { $id } удалён
history-line-invoice-deleted = 🗑 { $time } · счёт { $id } удалён
history-line-withdrawal = 🏦 { $time } · −{ $amount } на { $address } ({ $chain })
history-line-funding-withdrawal = 🏦 { $time } · −{ $amount } с биржи на { $address } ({ $chain })
history-line-withdrawal-link = 🔗 { $time } · ссылка на вывод { $amount } на { $address } ({ $chain })
history-line-move = ↔️ { $time } · { $amount }: { $from } → { $to }
history-balance-funding = финансовый баланс
history-balance-trading = торговый баланс
history-line-swap = 🔁 { $time } · обмен: до { $amount } на { $to } (точные суммы — в квитанции)
history-line-order = 📈 { $time } · ордер на { $side ->
        [buy] покупку
       *[sell] продажу
    } { $symbol }
history-line-order-cancelled = ✖️ { $time } · ордер { $symbol } отменён
history-line-mass = 📦 { $time } · массовый перевод
history-line-other = • { $time } · { $kind }
history-receipt-title = 🧾 Квитанция
history-receipt-received =
    🧾 Квитанция

    📥 Получено { $amount }. Отправитель: { $person }.
history-received-through-bot = Отправитель сделал этот перевод через этого бота. Переводы, сделанные в другом месте (в самом xRocket), тоже приходят на ваш кошелёк, но сервис не показывает их этому боту.
history-receipt-invoice = 🧾 Создан счёт на { $amount }. ID счёта: { $id }
history-receipt-withdrawal-link = 🔗 Создана ссылка на вывод { $amount } на { $address } ({ $chain }). При её создании с кошелька ничего не списано.
history-field-note = Комментарий
history-field-fee-none = Комиссия: нет (перевод между пользователями xRocket бесплатен)
history-field-time = Время: { $time }
history-field-network-testnet = Сеть: 🧪 тестовая
history-field-status = Состояние сейчас: { $status }
history-field-status-unknown = Состояние сейчас: сейчас не удалось узнать.
history-field-transaction = Транзакция: { $link }
history-shared-title = 🧾 Квитанция из моего кошелька xRocket:
history-share-title = 🧾 Поделиться квитанцией
