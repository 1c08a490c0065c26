## mass
mass-cmd = Масова виплата (адміни)
mass-admin-entry = 🛠 Адмін: виплата багатьом отримувачам одразу — /mass.
mass-menu-button = 📦 Масова виплата
mass-ask-list =
    📦 Масова виплата. Надішліть список файлом CSV або TXT чи вставте його сюди: по одному отримувачу в рядку,
    отримувач;сума[;валюта][;опис]
    • отримувач: Telegram ID (ціле число)
    • сума: наприклад, 10 або 2,5
    • валюта: наприклад, USDT (якщо її не вказано, ви оберете одну для всього списку)
    • опис: необов’язково, до { $description } { $description ->
        [one] символу
       *[other] символів
    }; якщо в ньому є крапка з комою, візьміть його в "лапки"
    Стовпці можна розділяти й комами, але тоді дробову частину суми пишіть через крапку. Рядок заголовка допустимий. Не більше { $max } { $max ->
        [one] рядка
       *[other] рядків
    }. Нічого не буде надіслано без вашого підтвердження.
mass-send-list = Надішліть список файлом або текстом чи натисніть «Скасувати».
mass-file-too-big = ❌ Файл завеликий (не більше { $max } МБ). Розбийте його на кілька списків.
mass-file-not-text = ❌ Це не текстовий і не CSV-файл. Збережіть список як CSV (UTF-8) і надішліть знову.
mass-file-unreadable = ❌ Не вдалося завантажити файл. Надішліть його ще раз.
mass-empty = ❌ У списку немає жодного рядка. Пишіть по одному отримувачу в рядку: отримувач;сума[;валюта][;опис].
mass-no-columns = ❌ Не вдалося знайти стовпці в цьому списку: розділяйте їх комою, крапкою з комою або табуляцією, по одному отримувачу в рядку, наприклад 123456789;10;USDT. Інші роздільники (| чи пробіли) не розпізнаються.
mass-too-many-rows = ❌ У списку { $rows } { $rows ->
        [one] рядок
        [few] рядки
       *[other] рядків
    }, а в одній виплаті допускається не більше { $max }. Розбийте список і надішліть частини по черзі.
mass-ask-default-asset = У деяких рядках не вказано валюту. У якій валюті їх виплатити?
mass-errors-title = ❌ У списку { $count ->
        [one] { $count } помилка
        [few] { $count } помилки
       *[other] { $count } помилок
    }; нічого не надіслано:
mass-error-line = Рядок { $line }: «{ $value }» — { $reason }
mass-error-line-empty = Рядок { $line }: (порожньо) — { $reason }
mass-errors-more = …і ще { $count } (усі вони — у файлі нижче).
mass-errors-fix = Виправте список і надішліть його знову (або натисніть «Скасувати»).
mass-errors-file = { $count ->
        [one] { $count } помилка.
       *[other] Усі помилки ({ $count }), по одній у рядку.
    }
mass-problem-columns = очікується отримувач;сума[;валюта][;опис] (стовпців: { $count }; якщо в описі є роздільник стовпців, візьміть опис у "лапки")
mass-problem-target = отримувач має бути Telegram ID (ціле додатне число)
mass-problem-self = це сам акаунт, з якого йде виплата
mass-problem-amount-missing = не вказано суму
mass-problem-amount-not-a-number = це не сума (пишіть, наприклад, 10 або 2,5)
mass-problem-amount-ambiguous = неоднозначно: тисячі пишіть без роздільника (12345), а дробову частину — через крапку (12.345)
mass-problem-amount-misplaced-separator = роздільник тут не відокремлює тисячі: напишіть суму без нього (наприклад, 15 або 1,5)
mass-problem-amount-invisible-character = у сумі є невидимі символи: наберіть її заново без них
mass-problem-amount-not-positive = сума має бути більшою за нуль
mass-problem-amount-too-many-decimals = забагато знаків після коми: для { $asset } не більше { $decimals }
mass-problem-amount-below-minimum = менше за мінімальний переказ { $min } { $asset }
mass-problem-amount-above-maximum = більше за максимум
mass-problem-asset-missing = валюту не вказано, а валюту за замовчуванням не обрано
mass-problem-asset-unknown = невідома валюта
mass-problem-description-too-long = в описі { $length } { $length ->
        [one] символ
        [few] символи
       *[other] символів
    }, допускається не більше { $max }
mass-problem-csv = рядок не вдалося прочитати як CSV (перевірте лапки)
mass-problem-csv-quote = тут відкриваються лапки ("), які ніде не закрито; наступні рядки прочитано як окремі. Закрийте їх або напишіть "" для лапок усередині опису в лапках
mass-problem-columns-header = стовпців: { $count }, а в заголовку їх { $expected }; опис із роздільниками візьміть у "лапки"
mass-dup-found = ⚠️ { $count ->
        [one] { $count } отримувач трапляється
        [few] { $count } отримувачі трапляються
       *[other] { $count } отримувачів трапляється
    } кілька разів з однією валютою, загалом у { $rows } { $rows ->
        [one] рядку
       *[other] рядках
    }:
mass-dup-example = • { $target } ({ $asset }), { $n } { $n ->
        [one] рядок
        [few] рядки
       *[other] рядків
    }: { $lines }
mass-dup-lines-more = …і ще { $count }
mass-dup-more-recipients = …і ще { $count } { $count ->
        [one] отримувач
        [few] отримувачі
       *[other] отримувачів
    } (усі вони у файлі вище).
mass-dup-file = Повторювані отримувачі ({ $count }) і всі рядки, де трапляється кожен.
mass-dup-ask = Що з ними зробити?
mass-dup-merge = Об’єднати: один переказ на загальну суму
mass-dup-keep = Залишити: окремий переказ за кожним рядком
mass-dup-drop = Відкинути: виплатити лише за першим рядком
mass-summary-title = 📦 Масова виплата з акаунта «{ $account }» ({ $network })
mass-summary-recipients = Отримувачів: { $recipients } (переказів: { $rows })
mass-summary-asset = { $asset }: { $total } у { $rows } { $rows ->
        [one] переказі
       *[other] переказах
    } · комісія: { $fee } · доступно { $available } → залишиться { $remaining }
mass-summary-dups-merge = Повторюваних отримувачів: { $count }, кожному — один переказ на загальну суму.
mass-summary-dups-keep = Повторюваних отримувачів: { $count }, виплата за кожним рядком.
mass-summary-dups-drop = Повторюваних отримувачів: { $count }, виплата лише за першим рядком.
mass-summary-notify-on = Отримувачі отримають від мене повідомлення.
mass-summary-notify-off = Отримувачі не отримають від мене повідомлення.
mass-fee-none = немає
mass-insufficient-title = ❌ Недостатньо коштів; нічого не надіслано:
mass-insufficient-asset = { $asset }: потрібно { $total }, доступно { $available } — бракує { $shortfall }.
mass-ask-notify = Повідомити кожного отримувача про виплату коротким повідомленням?
mass-notify-on = 🔔 Повідомити отримувачів
mass-notify-off = 🔕 Не повідомляти
mass-type-total = Виплата більша за { $limit }. Для підтвердження введіть точну суму в { $asset }: { $total }
mass-type-total-wrong = Це не та сума. Введіть { $total }, щоб продовжити, або натисніть «Скасувати».
mass-confirm-hint = Натисніть «Підтвердити», щоб почати надсилання. Кожен рядок оплачується один раз. Саме надсилання можна призупинити або скасувати, поки воно триває.
mass-draft-gone = Цей список більше недоступний. Почніть знову: /mass.
mass-started = 🚀 Виплату запущено. Переказів: { $rows }. Перебіг виконання — нижче.
mass-progress-title = 📦 Масова виплата { $job }
mass-progress-counts = ✅ Надіслано: { $sent } · ❌ Помилки: { $failed } · ⏳ Залишилося: { $left }
mass-progress-skipped = ⏹ Не надіслано (скасування): { $skipped }
mass-progress-rate = ⚡ Рядків за секунду: { $rate } · залишилося близько { $eta }
mass-status-draft = Чернетка
mass-status-discarded = Відкинуто
mass-status-running = ▶️ Надсилання…
mass-status-paused = ⏸ Призупинено.
mass-status-cancelling = ⏹ Скасування: завершую поточну партію…
mass-status-completed = ✅ Готово.
mass-status-completed-some = ⚠️ Завершено; частина рядків з помилкою (див. звіт).
mass-status-completed-none = ❌ Завершено: нічого не виплачено.
mass-status-cancelled = ⏹ Скасовано. Надіслане лишається надісланим.
mass-paused-because = Причина: { $reason }
mass-paused-auto = ⏸ Масову виплату { $job } призупинено: { $reason }. Натисніть «Продовжити», щоб спробувати знову, або «Скасувати».
mass-button-pause = ⏸ Пауза
mass-button-resume = ▶️ Продовжити
mass-button-cancel = ⏹ Скасувати
mass-pressed-pause = Пауза після поточної партії.
mass-pressed-resume = Продовжую.
mass-pressed-cancel = Скасування після поточної партії.
mass-cancel-ask-running = ⏹ Скасувати масову виплату { $job }? Ще не надіслано рядків: { $count }; ті з них, що не ввійшли до партії, яка надсилається зараз, надіслано не буде. Надіслане лишається надісланим.
mass-cancel-ask-paused = ⏹ Скасувати масову виплату { $job }? Ще не надіслані рядки ({ $count }) надіслано не буде. Надіслане лишається надісланим.
mass-cancel-yes = ⏹ Так, скасувати решту
mass-cancel-keep-going = ▶️ Продовжувати
mass-cancel-keep-paused = ⏸ Залишити на паузі
mass-cancel-done = ⏹ Масову виплату { $job } буде скасовано після поточної партії.
mass-cancel-kept = ▶️ Масова виплата { $job } триває.
mass-cancel-kept-paused = ⏸ Масова виплата { $job } лишається на паузі; «Продовжити» й «Скасувати» — у повідомленні про перебіг виплати.
mass-pressed-keep = Не скасовано.
mass-button-stale = Ця кнопка вже неактуальна.
mass-foreign = Ця виплата належить іншому адміністраторові.
mass-reason-insufficient-funds = недостатньо коштів
mass-reason-not-found = отримувача не знайдено
mass-reason-validation-error = сервіс відхилив дані
mass-reason-amount-out-of-range = сума поза допустимими межами
mass-reason-incorrect-decimal-places = забагато знаків після коми
mass-reason-client-id-conflict = ідентифікатор рядка вже зайнятий іншим переказом
mass-reason-unresolved = сервіс повідомив, що переказ уже був, але не зміг його показати; перевірте, перш ніж платити знову
mass-reason-not-sent-gave-up = не надіслано після кількох спроб
mass-reason-job-cancelled = не надіслано: виплату скасовано
mass-reason-unauthorized = сервіс не прийняв API-ключ
mass-reason-no-key = API-ключ більше не прив’язано
mass-reason-network-changed = прив’язаний ключ тепер від іншої мережі
mass-reason-account-changed = прив’язаний ключ тепер від іншого акаунта
mass-reason-service-unavailable = сервіс не відповідає або відповідає помилками (помилки сервера, тайм-аути, обриви з’єднання)
mass-reason-rate-limited = сервіс раз у раз відхиляє запити як надто часті (обмеження частоти)
mass-reason-invalid-request = некоректний запит (це помилка бота, повідомте про неї)
mass-reason-refused = відхилено сервісом
mass-reason-other = відхилено сервісом ({ $kind })
mass-report-title = ✅ Масову виплату { $job } завершено: { $paid ->
        [one] виплачено { $paid } рядок
        [few] виплачено всі { $paid } рядки
       *[other] виплачено всі { $paid } рядків
    }.
mass-report-title-some = ⚠️ Масову виплату { $job } завершено: виплачено рядків — { $paid } з { $total }, з помилкою — { $failed }.
mass-report-title-none = ❌ Масова виплата { $job }: нічого не виплачено, { $failed ->
        [one] { $failed } рядок з помилкою
        [few] усі { $failed } рядки з помилкою
       *[other] усі { $failed } рядків з помилкою
    }.
mass-report-title-cancelled = ⏹ Масову виплату { $job } скасовано: до скасування виплачено рядків — { $paid } з { $total }.
mass-report-title-cancelled-none = ⏹ Масову виплату { $job } скасовано: нічого не виплачено.
mass-report-paid = Виплачено: { $count } ({ $totals })
mass-report-paid-none = Виплачено: нічого
mass-report-failed = Помилки: { $count } ({ $totals })
mass-report-failed-none = Помилок немає
mass-report-reason = • { $reason }: { $count }
mass-report-skipped = Не надіслано: { $count } ({ $totals })
mass-report-file = Усі рядки з результатом і ID переказу — у файлі нижче.
mass-report-caption = Масова виплата { $job }: усі рядки та їхній результат
mass-notify-received = 💸 Ви отримали { $amounts }. Відправник: { $sender }.
mass-notify-note = Коментар:
mass-notify-summary = 📨 Повідомлення щодо { $job }: доставлено { $sent }, недоступні { $unreachable } (не запускали бота або заблокували його), помилки { $failed }.

## Sender name in recipients' notifications (issue 9)
mass-ask-sender = Як отримувачі побачать, від кого виплата? Напишіть ім’я відправника для їхнього повідомлення (до { $max } { $max ->
        [one] символу
       *[other] символів
    }), наприклад назву компанії чи проєкту.
mass-ask-sender-again = Як отримувачі побачать, від кого виплата? Натисніть ім’я, яке ви вказали минулого разу, або напишіть інше (до { $max } { $max ->
        [one] символу
       *[other] символів
    }).
mass-sender-invalid = ❌ Напишіть ім’я відправника одним рядком, від 1 до { $max } { $max ->
        [one] символу
       *[other] символів
    } без невидимих символів (пробілів нульової ширини, знаків напрямку тексту), або натисніть «Скасувати».
mass-summary-notify-as = Отримувачі отримають від мене повідомлення про виплату від «{ $sender }».
mass-notify-received-anonymous = 💸 Ви отримали { $amounts }.

## Paying failed rows again
mass-report-file-retry = Усі рядки з результатом і ID переказу — у файлі нижче. Щоб виплатити рядки з помилкою або ненадіслані ще раз, натисніть кнопку або надішліть файл назад через /mass (виправивши, що потрібно): уже виплачені рядки повторно не виплачуються.
mass-retry-failed = 🔁 Повторити рядки з помилкою ({ $count })
mass-retry-unsent = ▶️ Надіслати ненадіслані ({ $count })
mass-retry-both = 🔁 Повторити помилки й ненадіслані ({ $count })
mass-retry-none = Тут нічого виплачувати повторно: усі рядки виплачено, або їх уже повторює пізніша виплата.
mass-summary-retry = 🔁 Повторна виплата рядків з { $jobs }: { $count ->
        [one] { $count } рядок
        [few] { $count } рядки
       *[other] { $count } рядків
    }.
mass-retry-left-paid = Уже виплачені, повторно не надсилаються: { $count }.
mass-retry-left-retried = Їх уже повторює пізніша виплата (повторюйте рядки тієї виплати), повторно не надсилаються: { $count }.
mass-retry-left-unclear = Результат треба спершу перевірити в сервісі (причина — у звіті), повторно не надсилаються: { $count }.
mass-retry-nothing = У цьому списку нічого виплачувати.
mass-retry-nothing-next = Надішліть інший список або натисніть «Скасувати».
mass-problem-origin-unknown = це не рядок ваших масових виплат (його client_transfer_id ні на що не вказує)
mass-problem-origin-account = цей рядок виплачувався з іншого акаунта чи в іншій мережі: прив’яжіть той ключ і перемкніться на нього, щоб виплатити рядок повторно
mass-problem-origin-unfinished = його масову виплату { $job } ще не завершено
mass-problem-origin-repeated = цей рядок є в списку двічі
mass-summary-first = Перші: { $people }{ $more ->
        [0] {""}
       *[other] {" "}і ще { $more }
    }
mass-report-again = 📄 Звіт ще раз
