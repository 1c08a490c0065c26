## Worth: amounts in the person's fiat currency

worth-approx = ≈ { $value }
amount-fiat-hint = 1 { $asset } ≈ { $rate } now; you may type the amount in { $fiat } too (e.g. 10 { $fiat }).
amount-fiat-other = I can convert only from { $own }, the currency your balances are valued in (change it with the “Values in” button under /balance). Type the amount in { $own } or in the asset.
amount-fiat-unavailable = The service gives no rate to convert { $fiat } right now. Type the amount in the asset itself.
worth-rate = Rate in { $fiat }: 1 { $asset } ≈ { $rate } (the service's, now)
withdraw-field-worth = Worth: { $worth }
worth-then = Worth then: { $worth }
