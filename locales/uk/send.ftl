## send
send-cmd = Переказати кошти користувачеві Telegram
send-cmd-list = Ваші перекази користувачам
send-cmd-find = Знайти переказ за ID
send-menu-title = 📤 Перекази користувачам. Кошти одразу надходять отримувачеві; підтверджувати їх йому не потрібно, а скасувати переказ не можна.
send-new = ➕ Новий переказ
send-list = 📜 Мої перекази
send-again = 🔁 Надіслати ще раз
send-find = 🔎 Знайти за ID
send-find-another = 🔎 Знайти інший

send-ask-recipient = Кому переказати кошти? Надішліть Telegram ID отримувача (лише цифри), оберіть отримувача кнопкою нижче або перешліть мені будь-яке повідомлення від отримувача.
send-pick-user = 👤 Обрати користувача
send-recipient-chosen = Отримувач: { $recipient }
send-recipient-not-an-id = Це не Telegram ID. Надішліть лише цифри, наприклад 123456789, або скористайтеся кнопками нижче.
send-recipient-username = Я не можу шукати за @username. Надішліть Telegram ID отримувача (цифри), оберіть отримувача кнопкою «Обрати користувача» або перешліть мені повідомлення від отримувача.
send-recipient-hidden = Налаштування приватності цієї людини приховують її акаунт у пересланих повідомленнях, тож я не бачу її ID. Оберіть отримувача кнопкою «Обрати користувача» або попросіть в отримувача його Telegram ID.
send-recipient-not-a-user = Це повідомлення переслано з чату чи каналу, а не від людини. Перешліть повідомлення, яке написала людина, або скористайтеся кнопками нижче.
send-recipient-bot = Боти не можуть отримувати перекази. Оберіть людину.
send-recipient-self = Не можна переказати кошти самому собі. Оберіть іншого отримувача.
send-forward-offer = Надіслати гроші? Отримувач: { $recipient }
send-forward-send = 📤 Надіслати гроші
send-recipient-not-understood = Надішліть Telegram ID отримувача, оберіть отримувача кнопкою нижче або перешліть повідомлення від отримувача.

send-ask-asset = Яку валюту переказати?
send-asset-option = { $asset } · { $available }
send-no-funds = Вам нічого переказувати (кожна валюта має мінімальну суму переказу).
send-ask-amount = Скільки { $asset } переказати? Доступно: { $available }. Мінімум: { $min }.
send-ask-description = Додайте коментар для отримувача (до { $max } { $max ->
        [one] символу
       *[other] символів
    }) або натисніть «Пропустити».
send-balance-changed = Доступний баланс тим часом змінився: зараз { $available }. Введіть суму ще раз.

send-summary-title = 📤 Переказ — перевірте дані:
send-summary-to = Кому: { $recipient }
send-summary-amount = Сума: { $amount }
send-summary-fee = Комісія: { $fee }
send-summary-note = Коментар:
send-summary-available = Доступно зараз: { $available }
send-summary-after = Залишиться доступно: { $after }
send-summary-irreversible = ⚠️ Переказ незворотний: після підтвердження його не можна повернути.
send-done = ✅ Надіслано { $amount }, отримувач: { $recipient }.
    ID переказу: { $id }

send-list-title = 📜 Ваші перекази, сторінка { $page } (спершу нові):
send-list-line = { $time } → { $recipient }: { $amount } · { $id }
send-list-empty = Ви ще не надсилали переказів.
send-list-end = Більше переказів немає.

send-find-ask = Надішліть ID переказу.
send-find-invalid = Це не схоже на ID переказу. Надішліть його точно так, як його показано в списку чи в підтвердженні.
send-find-not-found = Переказ з ID { $id } у вашому акаунті не знайдено.
send-details-title = 📤 Переказ { $id }
send-details-status = Статус: { $status ->
    [completed] виконано
    [paid] надіслано
    [pending] обробляється
    [failed] не виконано
   *[other] { $status }
}
send-details-time = Час: { $time }
