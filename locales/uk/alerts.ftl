## alerts
cmd-alert = Сповіщення про ціну: /alert BTC-USDT вище 100000
cmd-alerts = Ваші сповіщення про ціну
alerts-usage = Задайте сповіщення про ціну так: /alert BTC-USDT вище 100000 (або нижче). Додайте «щоразу», щоб отримувати сповіщення кожного разу, коли ціна перетинає цей рівень, а не лише один раз. Або надішліть просто /alert і оберіть усе крок за кроком.
alerts-bad-price = Ціна має бути додатним числом, наприклад 100000 або 0,25.
alerts-too-many = У вас уже { $max } { $max ->
        [one] сповіщення
        [few] сповіщення
       *[other] сповіщень
    }. Спершу видаліть одне в /alerts.
alerts-created = ✅ Сповіщення задано: { $line }. Ціна зараз: { $last }.
alerts-set = ✅ Сповіщення задано: { $line }.
alerts-make-every = 🔁 Повідомляти щоразу
alerts-make-once = 1️⃣ Повідомити один раз
alerts-exists = Таке сповіщення у вас уже є: { $line }. Удруге не додаю.
alerts-title = Ваші сповіщення про ціну ({ $count } з { $max }). Натисніть ✖️, щоб видалити:
alerts-title-paged = Ваші сповіщення про ціну ({ $count } з { $max }), сторінка { $page } з { $pages }. Натисніть ✖️, щоб видалити:
alerts-empty = У вас немає сповіщень про ціну. Задайте сповіщення кнопкою «➕ Нове сповіщення» або одним рядком: /alert BTC-USDT вище 100000.
alerts-line-above = { $symbol } вище { $price } ({ $mode })
alerts-line-below = { $symbol } нижче { $price } ({ $mode })
alerts-mode-once = один раз
alerts-mode-every = щоразу
alerts-removed = Сповіщення видалено.
alerts-gone = Це сповіщення більше не діє.
alerts-new-button = ➕ Нове сповіщення

## the alert flow
alerts-ask-pair = 🔔 Нове сповіщення про ціну. Яка пара? Натисніть кнопку або напишіть назву, наприклад btc чи BTC-USDT.
alerts-no-price = У пари { $symbol } ще немає ціни, тож сповіщення немає з чим порівнювати. Оберіть іншу пару.
alerts-ask-direction = { $symbol } зараз коштує { $last }. Повідомити, коли ціна стане…
alerts-direction-above = 📈 Вище
alerts-direction-below = 📉 Нижче
alerts-ask-price-above = Вище якої ціни? { $symbol } зараз коштує { $last }. Натисніть ціну або напишіть свою в { $quote }.
alerts-ask-price-below = Нижче якої ціни? { $symbol } зараз коштує { $last }. Натисніть ціну або напишіть свою в { $quote }.
alerts-price-up = +{ $percent } % · { $price }
alerts-price-down = −{ $percent } % · { $price }
alerts-price-decimals = { $decimals ->
        [0] Ціна { $symbol } — ціле число.
        [one] У ціні { $symbol } не більше { $decimals } знака після коми.
       *[other] У ціні { $symbol } не більше { $decimals } знаків після коми.
    }
alerts-already-above = { $symbol } уже вище { $price }: зараз ціна { $last }, тож сповіщення спрацює одразу.
alerts-already-below = { $symbol } уже нижче { $price }: зараз ціна { $last }, тож сповіщення спрацює одразу.
alerts-keep-anyway = Усе одно залишити
alerts-change-price = ✏️ Змінити ціну

## words /alert reads as typed, whatever the person's language (never shown; separated by spaces)
alerts-words-above = вище вгору
alerts-words-below = нижче вниз
alerts-words-every = щоразу завжди
