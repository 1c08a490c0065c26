## alerts
cmd-alert = Ценовой сигнал: /alert BTC-USDT выше 100000
cmd-alerts = Ваши ценовые сигналы
alerts-usage = Задайте ценовой сигнал так: /alert BTC-USDT выше 100000 (или ниже). Добавьте «каждый», чтобы получать сигнал при каждом пересечении цены, а не один раз. Или отправьте просто /alert и выберите всё по шагам.
alerts-bad-price = Цена должна быть положительным числом, например 100000 или 0,25.
alerts-too-many = У вас уже { $max } { $max ->
        [one] сигнал
        [few] сигнала
       *[other] сигналов
    }. Сначала удалите один в /alerts.
alerts-created = ✅ Сигнал задан: { $line }. Цена сейчас: { $last }.
alerts-set = ✅ Сигнал задан: { $line }.
alerts-make-every = 🔁 Сообщать каждый раз
alerts-make-once = 1️⃣ Сообщить один раз
alerts-exists = Такой сигнал у вас уже есть: { $line }. Второй раз не добавляю.
alerts-title = Ваши ценовые сигналы ({ $count } из { $max }). Нажмите ✖️, чтобы удалить:
alerts-title-paged = Ваши ценовые сигналы ({ $count } из { $max }), страница { $page } из { $pages }. Нажмите ✖️, чтобы удалить:
alerts-empty = У вас нет ценовых сигналов. Задайте сигнал кнопкой «➕ Новый сигнал» или одной строкой: /alert BTC-USDT выше 100000.
alerts-line-above = { $symbol } выше { $price } ({ $mode })
alerts-line-below = { $symbol } ниже { $price } ({ $mode })
alerts-mode-once = один раз
alerts-mode-every = каждый раз
alerts-removed = Сигнал удалён.
alerts-gone = Этот сигнал больше не действует.
alerts-new-button = ➕ Новый сигнал

## the alert flow
alerts-ask-pair = 🔔 Новый ценовой сигнал. Какая пара? Нажмите кнопку или напишите название, например btc или BTC-USDT.
alerts-no-price = У пары { $symbol } ещё нет цены, и сравнивать сигнал не с чем. Выберите другую пару.
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
alerts-already-above = { $symbol } уже выше { $price }: сейчас цена { $last }, так что сигнал сработает сразу.
alerts-already-below = { $symbol } уже ниже { $price }: сейчас цена { $last }, так что сигнал сработает сразу.
alerts-keep-anyway = Всё равно оставить
alerts-change-price = ✏️ Изменить цену

## words /alert reads as typed, whatever the person's language (never shown; separated by spaces)
alerts-words-above = выше вверх
alerts-words-below = ниже вниз
alerts-words-every = каждый всегда
