## funding
funding-cmd-withdraw = Вывод с финансового баланса биржи
funding-cmd-withdrawals = Выводы с финансового баланса
funding-cmd-moves = Перемещения между финансовым и торговым балансом
funding-withdraw-button = 🏦 Вывести с финансового
funding-withdrawals-button = 📜 Выводы с финансового
funding-moves-button = 📜 Перемещения
funding-nothing = Выводить нечего: на финансовом балансе биржи нет актива, который можно вывести.
funding-ask-asset = Какой актив вывести с финансового баланса биржи?
funding-not-enough = Сейчас такой вывод невозможен. Финансовый баланс: { $available }; минимум { $min } плюс комиссия { $fee }; дневной лимит ещё позволяет { $limit }.
funding-ask-amount = Сколько { $asset } вывести? Доступно на финансовом: { $available }. От { $min } до { $max }; комиссия { $fee }.
funding-summary-title = 🏦 Вывод с финансового баланса биржи
funding-field-stays = Останется на финансовом: { $stays }
funding-field-updated = Обновлён: { $updated }
funding-done = ✅ Вывод { $amount } на { $address } ({ $network }) запрошен. Комиссия: { $fee }. Статус: { $status }.
funding-details-button = 🔎 Подробнее
funding-status-pending = принят
funding-status-processing = отправляется
funding-status-completed = выполнен
funding-status-failed = не выполнен
funding-status-cancelled = отменён
funding-page = Страница { $page }/{ $pages } · всего { $total }
funding-withdrawals-title = 🏦 Выводы с финансового баланса (время: { $zone })
funding-withdrawals-none = Выводов пока нет.
funding-withdrawal-line = { $n }. { $time } · { $amount } · { $network } · { $status }
funding-withdrawal-title = 🏦 Вывод с финансового { $id }
funding-moves-title = ↔️ Перемещения между финансовым и торговым балансом (время: { $zone })
funding-moves-none = Перемещений пока нет.
funding-move-line = { $n }. { $time } · { $amount } · { $from } → { $to } · { $status }
funding-move-title = ↔️ Перемещение { $id }
funding-move-status = Статус: { $status }
funding-move-amount = Сумма: { $amount }
funding-move-route = С { $from ->
        [funding] финансового
       *[other] торгового
    } на { $to ->
        [funding] финансовый
       *[other] торговый
    } баланс
funding-move-status-completed = выполнено
funding-move-status-failed = не выполнено
