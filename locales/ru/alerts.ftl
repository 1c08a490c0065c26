## alerts
cmd-alert = Оповещение о цене: /alert BTC-USDT выше 100000
cmd-alerts = Ваши оповещения о цене
alerts-usage = Задайте оповещение о цене так: /alert BTC-USDT выше 100000 (или ниже). Добавьте «каждый», чтобы получать оповещение при каждом пересечении цены, а не один раз. Или отправьте просто /alert и выберите всё по шагам.
alerts-bad-price = Цена должна быть положительным числом, например 100000 или 0,25.
alerts-too-many = У вас уже { $max } { $max ->
        [one] оповещение
        [few] оповещения
       *[other] оповещений
    }. Сначала удалите одно в /alerts.
alerts-created = ✅ Оповещение задано: { $line }. Цена сейчас: { $last }.
alerts-set = ✅ Оповещение задано: { $line }.
alerts-make-every = 🔁 Сообщать каждый раз
alerts-make-once = 1️⃣ Сообщить один раз
alerts-exists = Такое оповещение у вас уже есть: { $line }. Второй раз не добавляю.
alerts-title = Ваши оповещения о цене ({ $count } из { $max }). Нажмите ✖️, чтобы удалить:
alerts-title-paged = Ваши оповещения о цене ({ $count } из { $max }), страница { $page } из { $pages }. Нажмите ✖️, чтобы удалить:
alerts-empty = У вас нет оповещений о цене. Задайте оповещение кнопкой «➕ Новое оповещение» или одной строкой: /alert BTC-USDT выше 100000.
alerts-line-above = { $symbol } выше { $price } ({ $mode })
alerts-line-below = { $symbol } ниже { $price } ({ $mode })
alerts-mode-once = один раз
alerts-mode-every = каждый раз
alerts-removed = Оповещение удалено.
alerts-gone = Это оповещение больше не действует.
alerts-new-button = ➕ Новое оповещение

## the alert flow
alerts-ask-pair = 🔔 Новое оповещение о цене. Какая пара? Нажмите кнопку или напишите название, например btc или BTC-USDT.
alerts-no-price = У пары { $symbol } ещё нет цены: оповещению не с чем сравнивать. Выберите другую пару.
alerts-ask-direction = { $symbol } сейчас стоит { $last }. Сообщить, когда цена станет…
alerts-direction-above = 📈 Выше
alerts-direction-below = 📉 Ниже
alerts-ask-price-above = Выше какой цены? { $symbol } сейчас стоит { $last }. Нажмите на цену или напишите свою в { $quote }.
alerts-ask-price-below = Ниже какой цены? { $symbol } сейчас стоит { $last }. Нажмите на цену или напишите свою в { $quote }.
alerts-price-up = +{ $percent } % · { $price }
alerts-price-down = −{ $percent } % · { $price }
alerts-price-decimals = { $decimals ->
        [0] Цена { $symbol } — целое число.
        [one] В цене { $symbol } не больше { $decimals } знака после запятой.
       *[other] В цене { $symbol } не больше { $decimals } знаков после запятой.
    }
alerts-already-above = { $symbol } уже выше { $price }: сейчас цена { $last }, так что оповещение сработает сразу.
alerts-already-below = { $symbol } уже ниже { $price }: сейчас цена { $last }, так что оповещение сработает сразу.
alerts-keep-anyway = Всё равно оставить
alerts-change-price = ✏️ Изменить цену

## words /alert reads as typed, whatever the person's language (never shown; separated by spaces)
alerts-words-above = выше вверх
alerts-words-below = ниже вниз
alerts-words-every = каждый всегда
