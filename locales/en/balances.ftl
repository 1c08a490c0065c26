## balances
balances-cmd-balance = Your balances and what they are worth
balances-cmd-rates = Exchange rates
balances-cmd-currencies = Supported currencies
balances-cmd-move = Move between funding and trading
balances-title = 💰 Balances
balances-title-network = 💰 Balances · { $network }
balances-total = Total ≈ { $value }
balances-no-rate = Not in the total (the service quotes no rate in { $fiat }): { $assets }.
balances-rates-note = Values in { $fiat } at the service's rates, each rounded to { $decimals ->
        [0] a whole number
        [one] { $decimals } decimal place
       *[other] { $decimals } decimal places
    }.
balances-rates-unavailable = ⚠️ Rates in { $fiat } could not be read right now, so values are not shown.
balances-fiat-button = 💱 Values in { $fiat }
balances-fiat-pick = 💱 In which currency should your balances be valued? Now: { $fiat }.
balances-legend = Asset: Pay available / held · Exchange funding · trading
balances-line = { $asset }: Pay { $pay } · Funding { $funding } · Trading { $trading }
balances-pay-pair = { $available } / { $held }
balances-with-held = { $available } (+{ $held } held)
balances-missing = —
balances-all-zero = All your balances are zero.
balances-pay-unavailable = ⚠️ Payments balances could not be read right now; only the Exchange part is shown.
balances-exchange-unavailable = ⚠️ Exchange balances could not be read right now; only the Payments part is shown.
balances-refresh = 🔄 Refresh
balances-move-button = ↔️ Move funding ⇄ trading
balances-kind-funding = Funding
balances-kind-trading = Trading
balances-rates-pick-fiat = 💱 In which currency should I show rates?
balances-rates-title = 💱 Rates in { $base }
balances-rates-line = 1 { $asset } = { $rate }
balances-currencies-button = 📋 Currencies
balances-currencies-title = 📋 Supported currencies
balances-currencies-head = { $asset } — { $name } (decimal places: { $precision })
balances-currencies-minimums = Minimum: transfer { $transfer } · cheque { $cheque } · invoice { $invoice } · withdrawal { $withdrawal }
balances-currencies-networks = Networks: { $networks }
balances-move-nothing = There is nothing to move: your funding and trading balances are empty.
balances-move-ask-asset = Which asset do you want to move?
balances-move-ask-direction = Move it which way?
balances-move-direction-fundingToTrading = Funding → Trading ({ $available })
balances-move-direction-tradingToFunding = Trading → Funding ({ $available })
balances-move-ask-amount = How much { $asset } do you want to move? Available on your { $kind ->
        [funding] funding
       *[other] trading
    } balance: { $available }.
balances-move-summary-title = ↔️ Move between your Exchange balances
balances-move-summary-asset = Asset: { $asset }
balances-move-summary-from = From: { $kind } (left there: { $after })
balances-move-summary-to = To: { $kind } (then available: { $after })
balances-move-summary-amount = Amount: { $amount }
balances-move-summary-fee = Fee: none
balances-move-done = ✅ Moved { $amount } from { $from ->
        [funding] funding
       *[other] trading
    } to { $to ->
        [funding] funding
       *[other] trading
    }.
balances-move-failed = ❌ The service recorded the move as failed. Nothing was moved.
