## funding
funding-cmd-withdraw = Виведення з фінансового балансу біржі
funding-cmd-withdrawals = Історія виведень із фінансового балансу
funding-cmd-moves = Переміщення між фінансовим і торговим балансом
funding-withdraw-button = 🏦 Вивести з фінансового
funding-withdrawals-button = 📜 Виведення з фінансового
funding-moves-button = 📜 Переміщення
funding-nothing = Немає чого виводити: на фінансовому балансі біржі немає активу, який можна вивести.
funding-ask-asset = Який актив вивести з фінансового балансу біржі?
funding-not-enough = Зараз таке виведення неможливе. Фінансовий баланс: { $available }; мінімум { $min } плюс комісія { $fee }; денний ліміт ще дозволяє { $limit }.
funding-ask-amount = Скільки { $asset } вивести? Доступно на фінансовому: { $available }. Від { $min } до { $max }; комісія { $fee }.
funding-summary-title = 🏦 Виведення з фінансового балансу біржі
funding-field-stays = Залишиться на фінансовому: { $stays }
funding-field-updated = Оновлено: { $updated }
funding-done = ✅ Заявку на виведення { $amount } на { $address } ({ $network }) подано. Комісія: { $fee }. Статус: { $status }.
funding-details-button = 🔎 Докладніше
funding-status-pending = прийнято
funding-status-processing = надсилається
funding-status-completed = виконано
funding-status-failed = не виконано
funding-status-cancelled = скасовано
funding-page = Сторінка { $page }/{ $pages } · усього { $total }
funding-withdrawals-title = 🏦 Виведення з фінансового балансу (час: { $zone })
funding-withdrawals-none = Виведень поки немає.
funding-withdrawal-line = { $n }. { $time } · { $amount } · { $network } · { $status }
funding-withdrawal-title = 🏦 Виведення з фінансового { $id }
funding-moves-title = ↔️ Переміщення між фінансовим і торговим балансом (час: { $zone })
funding-moves-none = Переміщень поки немає.
funding-move-line = { $n }. { $time } · { $amount } · { $from } → { $to } · { $status }
funding-move-title = ↔️ Переміщення { $id }
funding-move-status = Статус: { $status }
funding-move-amount = Сума: { $amount }
funding-move-route = З { $from ->
        [funding] фінансового
       *[other] торгового
    } на { $to ->
        [funding] фінансовий
       *[other] торговий
    } баланс
funding-move-status-completed = виконано
funding-move-status-failed = не виконано
