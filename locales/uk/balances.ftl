## balances
balances-cmd-balance = Ваші баланси та їхня вартість
balances-cmd-rates = Курси валют
balances-cmd-currencies = Підтримувані валюти
balances-cmd-move = Переміщення між фінансовим і торговим балансом
balances-title = 💰 Баланси
balances-title-network = 💰 Баланси · { $network }
balances-total = Усього ≈ { $value }
balances-no-rate = Не враховано в підсумку (сервіс не дає курсу до { $fiat }): { $assets }.
balances-rates-note = Вартість у { $fiat } — за курсами сервісу, кожну суму округлено { $decimals ->
        [0] до цілих
        [one] до { $decimals } знака після коми
       *[other] до { $decimals } знаків після коми
    }.
balances-rates-unavailable = ⚠️ Не вдалося отримати курси в { $fiat }, тож вартість не показано.
balances-fiat-button = 💱 Вартість у { $fiat }
balances-fiat-pick = 💱 У якій валюті показувати вартість балансів? Зараз: { $fiat }.
balances-legend = Актив: гаманець доступно / заблоковано · фінансовий баланс біржі · торговий баланс біржі
balances-line = { $asset }: гаманець { $pay } · фінансовий баланс { $funding } · торговий баланс { $trading }
balances-pay-pair = { $available } / { $held }
balances-with-held = { $available } (+{ $held } заблоковано)
balances-missing = —
balances-all-zero = Усі ваші баланси нульові.
balances-pay-unavailable = ⚠️ Баланс гаманця зараз не вдалося отримати; показано лише баланси біржі.
balances-exchange-unavailable = ⚠️ Баланси біржі зараз не вдалося отримати; показано лише гаманець.
balances-refresh = 🔄 Оновити
balances-move-button = ↔️ Перемістити: фінансовий баланс ⇄ торговий баланс
balances-kind-funding = Фінансовий баланс
balances-kind-trading = Торговий баланс
balances-rates-pick-fiat = 💱 У якій валюті показати курси?
balances-rates-title = 💱 Курси в { $base }
balances-rates-line = 1 { $asset } = { $rate }
balances-currencies-button = 📋 Валюти
balances-currencies-title = 📋 Підтримувані валюти
balances-currencies-head = { $asset } — { $name } (знаків після коми: { $precision })
balances-currencies-minimums = Мінімум: переказ { $transfer } · чек { $cheque } · рахунок { $invoice } · виведення { $withdrawal }
balances-currencies-networks = Мережі: { $networks }
balances-move-nothing = Немає чого переміщувати: фінансовий і торговий баланси біржі порожні.
balances-move-ask-asset = Який актив перемістити?
balances-move-ask-direction = У який бік?
balances-move-direction-fundingToTrading = Фінансовий → Торговий ({ $available })
balances-move-direction-tradingToFunding = Торговий → Фінансовий ({ $available })
balances-move-ask-amount = Скільки { $asset } перемістити? Доступно на { $kind ->
        [funding] фінансовому
       *[other] торговому
    } балансі: { $available }.
balances-move-summary-title = ↔️ Переміщення між балансами біржі
balances-move-summary-asset = Актив: { $asset }
balances-move-summary-from = Звідки: { $kind } (залишиться: { $after })
balances-move-summary-to = Куди: { $kind } (стане доступно: { $after })
balances-move-summary-amount = Сума: { $amount }
balances-move-summary-fee = Комісія: немає
balances-move-done = ✅ Переміщено { $amount } з { $from ->
        [funding] фінансового
       *[other] торгового
    } на { $to ->
        [funding] фінансовий
       *[other] торговий
    } баланс.
balances-move-failed = ❌ Сервіс записав переміщення як неуспішне. Нічого не переміщено.
