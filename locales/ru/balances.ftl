## balances
balances-cmd-balance = Ваши балансы и их стоимость
balances-cmd-rates = Курсы валют
balances-cmd-currencies = Поддерживаемые валюты
balances-cmd-move = Перемещение между финансовым и торговым балансом
balances-title = 💰 Балансы
balances-title-network = 💰 Балансы · { $network }
balances-total = Всего ≈ { $value }
balances-no-rate = Не учтено в итоге (сервис не даёт курса к { $fiat }): { $assets }.
balances-rates-note = Стоимость в { $fiat } — по курсам сервиса, каждая сумма округлена { $decimals ->
        [0] до целых
        [one] до { $decimals } знака после запятой
       *[other] до { $decimals } знаков после запятой
    }.
balances-rates-unavailable = ⚠️ Не удалось получить курсы в { $fiat }, поэтому стоимость не показана.
balances-fiat-button = 💱 Стоимость в { $fiat }
balances-fiat-pick = 💱 В какой валюте показывать стоимость балансов? Сейчас: { $fiat }.
balances-legend = Актив: кошелёк доступно / заблокировано · финансовый баланс биржи · торговый баланс биржи
balances-line = { $asset }: кошелёк { $pay } · финансовый баланс { $funding } · торговый баланс { $trading }
balances-pay-pair = { $available } / { $held }
balances-with-held = { $available } (+{ $held } заблокировано)
balances-missing = —
balances-all-zero = Все ваши балансы нулевые.
balances-pay-unavailable = ⚠️ Баланс кошелька сейчас не удалось получить; показаны только балансы биржи.
balances-exchange-unavailable = ⚠️ Балансы биржи сейчас не удалось получить; показан только кошелёк.
balances-refresh = 🔄 Обновить
balances-move-button = ↔️ Переместить: финансовый баланс ⇄ торговый баланс
balances-kind-funding = Финансовый баланс
balances-kind-trading = Торговый баланс
balances-rates-pick-fiat = 💱 В какой валюте показывать курсы?
balances-rates-title = 💱 Курсы в { $base }
balances-rates-line = 1 { $asset } = { $rate }
balances-currencies-button = 📋 Валюты
balances-currencies-title = 📋 Поддерживаемые валюты
balances-currencies-head = { $asset } — { $name } (знаков после запятой: { $precision })
balances-currencies-minimums = Минимум: перевод { $transfer } · чек { $cheque } · счёт { $invoice } · вывод { $withdrawal }
balances-currencies-networks = Сети: { $networks }
balances-move-nothing = Перемещать нечего: финансовый и торговый балансы биржи пусты.
balances-move-ask-asset = Какой актив переместить?
balances-move-ask-direction = В какую сторону?
balances-move-direction-fundingToTrading = Финансовый → Торговый ({ $available })
balances-move-direction-tradingToFunding = Торговый → Финансовый ({ $available })
balances-move-ask-amount = Сколько { $asset } переместить? Доступно на { $kind ->
        [funding] финансовом
       *[other] торговом
    } балансе: { $available }.
balances-move-summary-title = ↔️ Перемещение между балансами биржи
balances-move-summary-asset = Актив: { $asset }
balances-move-summary-from = Откуда: { $kind } (останется: { $after })
balances-move-summary-to = Куда: { $kind } (станет доступно: { $after })
balances-move-summary-amount = Сумма: { $amount }
balances-move-summary-fee = Комиссия: нет
balances-move-done = ✅ Перемещено { $amount } с { $from ->
        [funding] финансового
       *[other] торгового
    } на { $to ->
        [funding] финансовый
       *[other] торговый
    } баланс.
balances-move-failed = ❌ Сервис записал перемещение как неуспешное. Ничего не перемещено.
