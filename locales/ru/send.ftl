## send
send-cmd = Перевести средства пользователю Telegram
send-cmd-list = Ваши переводы пользователям
send-cmd-find = Найти перевод по ID
send-menu-title = 📤 Переводы пользователям. Средства сразу поступают получателю; подтверждать их ему не нужно, а отменить перевод нельзя.
send-new = ➕ Новый перевод
send-list = 📜 Мои переводы
send-again = 🔁 Отправить ещё раз
send-find = 🔎 Найти по ID
send-find-another = 🔎 Найти другой

send-ask-recipient = Кому перевести средства? Пришлите Telegram ID получателя (только цифры), выберите получателя кнопкой ниже или перешлите мне любое сообщение, которое написал получатель.
send-pick-user = 👤 Выбрать пользователя
send-recipient-chosen = Получатель: { $recipient }
send-recipient-not-an-id = Это не Telegram ID. Пришлите только цифры, например 123456789, или воспользуйтесь кнопками ниже.
send-recipient-username = Я не могу искать по @username. Пришлите Telegram ID получателя (цифры), выберите получателя кнопкой «Выбрать пользователя» или перешлите мне сообщение, которое написал получатель.
send-recipient-hidden = Настройки приватности этого человека скрывают его аккаунт в пересланных сообщениях, поэтому я не вижу его ID. Выберите получателя кнопкой «Выбрать пользователя» или попросите у получателя его Telegram ID.
send-recipient-not-a-user = Это сообщение переслано из чата или канала, а не от человека. Перешлите сообщение, которое написал человек, или воспользуйтесь кнопками ниже.
send-recipient-bot = Боты не могут получать переводы. Выберите человека.
send-recipient-self = Нельзя перевести средства самому себе. Выберите другого получателя.
send-forward-offer = Отправить деньги? Получатель: { $recipient }
send-forward-send = 📤 Отправить деньги
send-recipient-not-understood = Пришлите Telegram ID получателя, выберите получателя кнопкой ниже или перешлите сообщение, которое написал получатель.

send-ask-asset = Какую валюту перевести?
send-asset-option = { $asset } · { $available }
send-no-funds = Вам нечего переводить (у каждой валюты есть минимальная сумма перевода).
send-ask-amount = Сколько { $asset } перевести? Доступно: { $available }. Минимум: { $min }.
send-ask-description = Добавьте комментарий для получателя (до { $max } { $max ->
        [one] символа
       *[other] символов
    }) или нажмите «Пропустить».
send-balance-changed = Доступный баланс тем временем изменился: сейчас { $available }. Введите сумму ещё раз.

send-summary-title = 📤 Перевод — проверьте данные:
send-summary-to = Кому: { $recipient }
send-summary-amount = Сумма: { $amount }
send-summary-fee = Комиссия: { $fee }
send-summary-note = Комментарий:
send-summary-available = Доступно сейчас: { $available }
send-summary-after = Останется доступно: { $after }
send-summary-irreversible = ⚠️ Перевод необратим: после подтверждения его нельзя вернуть.
send-done = ✅ Отправлено { $amount }, получатель: { $recipient }.
    ID перевода: { $id }

send-list-title = 📜 Ваши переводы, страница { $page } (сначала новые):
send-list-line = { $time } → { $recipient }: { $amount } · { $id }
send-list-empty = Вы ещё не отправляли переводов.
send-list-end = Больше переводов нет.

send-find-ask = Пришлите ID перевода.
send-find-invalid = Это не похоже на ID перевода. Пришлите его в точности так, как он показан в списке или в подтверждении.
send-find-not-found = Перевод с ID { $id } на вашем счёте не найден.
send-details-title = 📤 Перевод { $id }
send-details-status = Статус: { $status ->
    [completed] выполнен
    [paid] отправлен
    [pending] в обработке
    [failed] не выполнен
   *[other] { $status }
}
send-details-time = Время: { $time }
