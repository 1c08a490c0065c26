## Swap: one asset for another on the Exchange, in one confirmation

swap-cmd = Swap one asset for another on the Exchange
menu-swap = 🔁 Swap
swap-no-funds = There is nothing on your Exchange balances that a pair trades. Deposit first, or see your balances with /balances.
swap-ask-from = 🔁 Swap on the Exchange. What do you give? Your funding and trading balances count together.
swap-from-option = { $asset } · { $available }
swap-ask-to = What do you want for { $asset }? Pick one, or type the asset's ticker.
swap-no-pair = No pair open for trading on the Exchange exchanges { $from } for { $to }. Pick one of these:
swap-same-asset = That is the asset you give. Pick another one:
swap-below-minimum = You have { $available } on your Exchange balances, less than the smallest swap of { $min }. Nothing was done.
swap-ask-amount = How much { $asset } do you give? Available: { $available } (funding and trading together). Minimum { $min }.
swap-balance-changed = Your balances changed meanwhile: { $available } is available now. How much { $asset } do you give? Minimum { $min }.
swap-insufficient = Not enough: { $available } is available on your funding and trading balances together.
swap-no-liquidity = Nobody on the Exchange takes this swap right now ({ $pair } has no offers). Nothing was done.
swap-summary-title = 🔁 Swap on the Exchange
swap-summary-give = You give: { $amount }
swap-summary-move = First moved from funding to trading: { $amount } (no fee)
swap-summary-rate = Rate: 1 { $base } ≈ { $price }
swap-summary-fee = Fee: ≈ { $fee }
swap-summary-least = Least you receive at the prices now: { $received }
swap-summary-order = A market order on { $pair } ({ $side })
swap-summary-note = ℹ️ A market order fills at the prices when it arrives: the result says what you received.
swap-done = ✅ Swapped { $spent } for { $received } (fee { $fee }). It is on your trading balance.
swap-done-moved = { $amount } came over from funding first.
swap-done-nothing = Nothing was exchanged: the market had no offer when the order arrived. { $amount } stays on your Exchange balances.
swap-done-plain = ✅ The swap's order was placed. See /orders for what it received.
swap-order-details = 📄 Order details
