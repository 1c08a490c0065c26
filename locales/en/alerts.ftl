## alerts
cmd-alert = Price alert: /alert BTC-USDT above 100000
cmd-alerts = Your price alerts
alerts-usage = Set a price alert like this: /alert BTC-USDT above 100000 (or below). Add "every" to be told every time the price crosses it, not only once. Or send /alert alone and choose step by step.
alerts-bad-price = The price must be a positive number such as 100000 or 0.25.
alerts-too-many = You already have { $max } { $max ->
        [one] alert
       *[other] alerts
    }. Remove one in /alerts first.
alerts-created = ✅ Alert set: { $line }. The price now: { $last }.
alerts-set = ✅ Alert set: { $line }.
alerts-make-every = 🔁 Tell me every time
alerts-make-once = 1️⃣ Tell me once
alerts-exists = You already have this alert: { $line }. I did not add it again.
alerts-title = Your price alerts ({ $count } of { $max }). Tap ✖️ to remove one:
alerts-title-paged = Your price alerts ({ $count } of { $max }), page { $page } of { $pages }. Tap ✖️ to remove one:
alerts-empty = You have no price alerts. Set one with ➕ New alert, or in one line: /alert BTC-USDT above 100000.
alerts-line-above = { $symbol } above { $price } ({ $mode })
alerts-line-below = { $symbol } below { $price } ({ $mode })
alerts-mode-once = once
alerts-mode-every = every time
alerts-removed = Alert removed.
alerts-gone = That alert is no longer active.
alerts-new-button = ➕ New alert

## the alert flow
alerts-ask-pair = 🔔 New price alert. Which pair? Tap one or type it, e.g. btc or eth-usdt.
alerts-no-price = { $symbol } has no price yet, so there is nothing to compare an alert with. Choose another pair.
alerts-ask-direction = { $symbol } is at { $last } now. Tell you when the price goes…
alerts-direction-above = 📈 Above
alerts-direction-below = 📉 Below
alerts-ask-price-above = Above which price? { $symbol } is at { $last } now. Tap one or type a price in { $quote }.
alerts-ask-price-below = Below which price? { $symbol } is at { $last } now. Tap one or type a price in { $quote }.
alerts-price-up = +{ $percent }% · { $price }
alerts-price-down = −{ $percent }% · { $price }
alerts-price-decimals = { $decimals ->
        [0] Prices of { $symbol } are whole numbers.
        [one] Prices of { $symbol } have at most { $decimals } decimal place.
       *[other] Prices of { $symbol } have at most { $decimals } decimal places.
    }
alerts-already-above = { $symbol } is already above { $price }: it is at { $last } now, so this alert would go off at once.
alerts-already-below = { $symbol } is already below { $price }: it is at { $last } now, so this alert would go off at once.
alerts-keep-anyway = Keep it anyway
alerts-change-price = ✏️ Change the price

## words /alert reads as typed, whatever the person's language (never shown; separated by spaces)
alerts-words-above = above up
alerts-words-below = below down
alerts-words-every = every always
