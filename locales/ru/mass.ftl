## mass
mass-cmd = Массовая выплата (админы)
mass-admin-entry = 🛠 Админ: выплата многим получателям сразу — /mass.
mass-menu-button = 📦 Массовая выплата
mass-ask-list =
    📦 Массовая выплата. Пришлите список файлом CSV или TXT либо вставьте его сюда: по одному получателю в строке,
    получатель;сумма[;валюта][;описание]
    • получатель: Telegram ID (целое число)
    • сумма: например, 10 или 2,5
    • валюта: например, USDT (если не указана, вы выберете одну для всего списка)
    • описание: необязательно, до { $description } { $description ->
        [one] символа
       *[other] символов
    }; если в нём есть точка с запятой, возьмите его в "кавычки"
    Столбцы можно разделять и запятыми, но тогда дробную часть суммы пишите через точку. Строка заголовка допустима. Не больше { $max } { $max ->
        [one] строки
       *[other] строк
    }. Ничего не отправится без вашего подтверждения.
mass-send-list = Пришлите список файлом или текстом либо нажмите «Отмена».
mass-file-too-big = ❌ Файл слишком большой (не больше { $max } МБ). Разбейте его на несколько списков.
mass-file-not-text = ❌ Это не текстовый и не CSV-файл. Сохраните список как CSV (UTF-8) и пришлите снова.
mass-file-unreadable = ❌ Не удалось скачать файл. Пришлите его ещё раз.
mass-empty = ❌ В списке нет ни одной строки. Пишите по одному получателю в строке: получатель;сумма[;валюта][;описание].
mass-no-columns = ❌ Не удалось найти столбцы в этом списке: разделяйте их запятой, точкой с запятой или табуляцией, по одному получателю в строке, например 123456789;10;USDT. Другие разделители (| или пробелы) не распознаются.
mass-too-many-rows = ❌ В списке { $rows } { $rows ->
        [one] строка
        [few] строки
       *[other] строк
    }, а в одной выплате допускается не больше { $max }. Разбейте список и пришлите части по очереди.
mass-ask-default-asset = В некоторых строках не указана валюта. В какой валюте их выплатить?
mass-errors-title = ❌ В списке { $count ->
        [one] { $count } ошибка
        [few] { $count } ошибки
       *[other] { $count } ошибок
    }; ничего не отправлено:
mass-error-line = Строка { $line }: «{ $value }» — { $reason }
mass-error-line-empty = Строка { $line }: (пусто) — { $reason }
mass-errors-more = …и ещё { $count } (все они — в файле ниже).
mass-errors-fix = Исправьте список и пришлите его снова (или нажмите «Отмена»).
mass-errors-file = { $count ->
        [one] { $count } ошибка.
       *[other] Все ошибки ({ $count }), по одной в строке.
    }
mass-problem-columns = ожидается получатель;сумма[;валюта][;описание] (столбцов: { $count }; если в описании есть разделитель столбцов, возьмите описание в "кавычки")
mass-problem-target = получатель должен быть Telegram ID (целое положительное число)
mass-problem-self = это сам счёт, с которого идёт выплата
mass-problem-amount-missing = не указана сумма
mass-problem-amount-not-a-number = это не сумма (пишите, например, 10 или 2,5)
mass-problem-amount-ambiguous = неоднозначно: тысячи пишите без разделителя (12345), а дробную часть — через точку (12.345)
mass-problem-amount-misplaced-separator = разделитель здесь не отделяет тысячи: напишите сумму без него (например, 15 или 1,5)
mass-problem-amount-invisible-character = в сумме есть невидимые символы: наберите её заново без них
mass-problem-amount-not-positive = сумма должна быть больше нуля
mass-problem-amount-too-many-decimals = слишком много знаков после запятой: для { $asset } не больше { $decimals }
mass-problem-amount-below-minimum = меньше минимального перевода { $min } { $asset }
mass-problem-amount-above-maximum = больше максимума
mass-problem-asset-missing = валюта не указана, и валюта по умолчанию не выбрана
mass-problem-asset-unknown = неизвестная валюта
mass-problem-description-too-long = в описании { $length } { $length ->
        [one] символ
        [few] символа
       *[other] символов
    }, допускается не больше { $max }
mass-problem-csv = строку не удалось прочитать как CSV (проверьте кавычки)
mass-problem-csv-quote = здесь открывается кавычка ("), которая нигде не закрыта; следующие строки прочитаны как отдельные. Закройте её или напишите "" для кавычки внутри описания в кавычках
mass-problem-columns-header = столбцов: { $count }, а в заголовке их { $expected }; описание с разделителями возьмите в "кавычки"
mass-dup-found = ⚠️ { $count ->
        [one] { $count } получатель встречается
        [few] { $count } получателя встречаются
       *[other] { $count } получателей встречаются
    } несколько раз с одной валютой, всего в { $rows } { $rows ->
        [one] строке
       *[other] строках
    }:
mass-dup-example = • { $target } ({ $asset }), { $n } { $n ->
        [one] строка
        [few] строки
       *[other] строк
    }: { $lines }
mass-dup-lines-more = …и ещё { $count }
mass-dup-more-recipients = …и ещё { $count } { $count ->
        [one] получатель
        [few] получателя
       *[other] получателей
    } (все они в файле выше).
mass-dup-file = Повторяющиеся получатели ({ $count }) и все строки, где встречается каждый.
mass-dup-ask = Что с ними сделать?
mass-dup-merge = Объединить: один перевод на общую сумму
mass-dup-keep = Оставить: отдельный перевод по каждой строке
mass-dup-drop = Отбросить: выплатить только по первой строке
mass-summary-title = 📦 Массовая выплата со счёта «{ $account }» ({ $network })
mass-summary-recipients = Получателей: { $recipients } (переводов: { $rows })
mass-summary-asset = { $asset }: { $total } в { $rows } { $rows ->
        [one] переводе
       *[other] переводах
    } · комиссия: { $fee } · доступно { $available } → останется { $remaining }
mass-summary-dups-merge = Повторяющихся получателей: { $count }, каждому — один перевод на общую сумму.
mass-summary-dups-keep = Повторяющихся получателей: { $count }, выплата по каждой строке.
mass-summary-dups-drop = Повторяющихся получателей: { $count }, выплата только по первой строке.
mass-summary-notify-on = Получатели получат от меня сообщение.
mass-summary-notify-off = Получатели не получат от меня сообщения.
mass-fee-none = нет
mass-insufficient-title = ❌ Недостаточно средств; ничего не отправлено:
mass-insufficient-asset = { $asset }: нужно { $total }, доступно { $available } — не хватает { $shortfall }.
mass-ask-notify = Сообщить каждому получателю о выплате коротким сообщением?
mass-notify-on = 🔔 Сообщить получателям
mass-notify-off = 🔕 Не сообщать
mass-type-total = Выплата больше { $limit }. Для подтверждения введите точную сумму в { $asset }: { $total }
mass-type-total-wrong = Это не та сумма. Введите { $total }, чтобы продолжить, или нажмите «Отмена».
mass-confirm-hint = Нажмите «Подтвердить», чтобы начать отправку. Каждая строка оплачивается один раз. Саму отправку можно приостановить или отменить, пока она идёт.
mass-draft-gone = Этот список больше недоступен. Начните заново: /mass.
mass-started = 🚀 Выплата запущена. Переводов: { $rows }. Ход выполнения — ниже.
mass-progress-title = 📦 Массовая выплата { $job }
mass-progress-counts = ✅ Отправлено: { $sent } · ❌ Ошибки: { $failed } · ⏳ Осталось: { $left }
mass-progress-skipped = ⏹ Не отправлено (отмена): { $skipped }
mass-progress-rate = ⚡ Строк в секунду: { $rate } · осталось около { $eta }
mass-status-draft = Черновик
mass-status-discarded = Отброшено
mass-status-running = ▶️ Отправка…
mass-status-paused = ⏸ Приостановлено.
mass-status-cancelling = ⏹ Отмена: завершаю текущую пачку…
mass-status-completed = ✅ Готово.
mass-status-completed-some = ⚠️ Завершено; часть строк с ошибкой (см. отчёт).
mass-status-completed-none = ❌ Завершено: ничего не выплачено.
mass-status-cancelled = ⏹ Отменено. Отправленное остаётся отправленным.
mass-paused-because = Причина: { $reason }
mass-paused-auto = ⏸ Массовая выплата { $job } приостановлена: { $reason }. Нажмите «Продолжить», чтобы попробовать снова, или «Отменить».
mass-button-pause = ⏸ Пауза
mass-button-resume = ▶️ Продолжить
mass-button-cancel = ⏹ Отменить
mass-pressed-pause = Пауза после текущей пачки.
mass-pressed-resume = Продолжаю.
mass-pressed-cancel = Отмена после текущей пачки.
mass-cancel-ask-running = ⏹ Отменить массовую выплату { $job }? Ещё не отправлено строк: { $count }; те из них, что не вошли в пачку, которая отправляется сейчас, отправлены не будут. Отправленное остаётся отправленным.
mass-cancel-ask-paused = ⏹ Отменить массовую выплату { $job }? Ещё не отправленные строки ({ $count }) отправлены не будут. Отправленное остаётся отправленным.
mass-cancel-yes = ⏹ Да, отменить остальное
mass-cancel-keep-going = ▶️ Продолжать
mass-cancel-keep-paused = ⏸ Оставить на паузе
mass-cancel-done = ⏹ Массовая выплата { $job } будет отменена после текущей пачки.
mass-cancel-kept = ▶️ Массовая выплата { $job } продолжается.
mass-cancel-kept-paused = ⏸ Массовая выплата { $job } остаётся на паузе; «Продолжить» и «Отменить» — в сообщении о ходе выплаты.
mass-pressed-keep = Не отменено.
mass-button-stale = Эта кнопка уже неактуальна.
mass-foreign = Эта выплата принадлежит другому администратору.
mass-reason-insufficient-funds = недостаточно средств
mass-reason-not-found = получатель не найден
mass-reason-validation-error = сервис отклонил данные
mass-reason-amount-out-of-range = сумма вне допустимых пределов
mass-reason-incorrect-decimal-places = слишком много знаков после запятой
mass-reason-client-id-conflict = её идентификатор уже занят другим переводом
mass-reason-unresolved = сервис сообщил, что перевод уже был, но не смог его показать; проверьте, прежде чем платить снова
mass-reason-not-sent-gave-up = не отправлено после нескольких попыток
mass-reason-job-cancelled = не отправлено: выплата отменена
mass-reason-unauthorized = сервис не принял API-ключ
mass-reason-no-key = API-ключ больше не привязан
mass-reason-network-changed = привязанный ключ теперь от другой сети
mass-reason-account-changed = привязанный ключ теперь от другого счёта
mass-reason-service-unavailable = сервис не отвечает или отвечает ошибками (ошибки сервера, тайм-ауты, обрывы соединения)
mass-reason-rate-limited = сервис раз за разом отклоняет запросы как слишком частые (ограничение частоты)
mass-reason-invalid-request = некорректный запрос (это ошибка бота, сообщите о ней)
mass-reason-refused = отклонено сервисом
mass-reason-other = отклонено сервисом ({ $kind })
mass-report-title = ✅ Массовая выплата { $job } завершена: { $paid ->
        [one] { $paid } строка выплачена
        [few] выплачены все { $paid } строки
       *[other] выплачены все { $paid } строк
    }.
mass-report-title-some = ⚠️ Массовая выплата { $job } завершена: выплачено строк — { $paid } из { $total }, с ошибкой — { $failed }.
mass-report-title-none = ❌ Массовая выплата { $job }: ничего не выплачено, { $failed ->
        [one] { $failed } строка с ошибкой
        [few] все { $failed } строки с ошибкой
       *[other] все { $failed } строк с ошибкой
    }.
mass-report-title-cancelled = ⏹ Массовая выплата { $job } отменена: до отмены выплачено строк — { $paid } из { $total }.
mass-report-title-cancelled-none = ⏹ Массовая выплата { $job } отменена: ничего не выплачено.
mass-report-paid = Выплачено: { $count } ({ $totals })
mass-report-paid-none = Выплачено: ничего
mass-report-failed = Ошибки: { $count } ({ $totals })
mass-report-failed-none = Ошибок нет
mass-report-reason = • { $reason }: { $count }
mass-report-skipped = Не отправлено: { $count } ({ $totals })
mass-report-file = Все строки с результатом и ID перевода — в файле ниже.
mass-report-caption = Массовая выплата { $job }: все строки и их результат
mass-notify-received = 💸 Вы получили { $amounts }. Отправитель: { $sender }.
mass-notify-note = Комментарий:
mass-notify-summary = 📨 Уведомления по { $job }: доставлено { $sent }, недоступны { $unreachable } (не запускали бота или заблокировали его), ошибки { $failed }.

## Sender name in recipients' notifications (issue 9)
mass-ask-sender = Как получатели увидят, от кого выплата? Напишите имя отправителя для их сообщения (до { $max } { $max ->
        [one] символа
       *[other] символов
    }), например название компании или проекта.
mass-ask-sender-again = Как получатели увидят, от кого выплата? Нажмите имя, которое вы указали в прошлый раз, или напишите другое (до { $max } { $max ->
        [one] символа
       *[other] символов
    }).
mass-sender-invalid = ❌ Напишите имя отправителя одной строкой, от 1 до { $max } { $max ->
        [one] символа
       *[other] символов
    } без невидимых символов (пробелов нулевой ширины, знаков направления текста), или нажмите «Отмена».
mass-summary-notify-as = Получатели получат от меня сообщение о выплате от «{ $sender }».
mass-notify-received-anonymous = 💸 Вы получили { $amounts }.

## Paying failed rows again
mass-report-file-retry = Все строки с результатом и ID перевода — в файле ниже. Чтобы выплатить строки с ошибкой или неотправленные ещё раз, нажмите кнопку или пришлите файл обратно через /mass (исправив, что нужно): уже выплаченные строки повторно не выплачиваются.
mass-retry-failed = 🔁 Повторить строки с ошибкой ({ $count })
mass-retry-unsent = ▶️ Отправить неотправленные ({ $count })
mass-retry-both = 🔁 Повторить ошибки и неотправленные ({ $count })
mass-retry-none = Здесь нечего выплачивать повторно: все строки выплачены или их уже повторяет более поздняя выплата.
mass-summary-retry = 🔁 Повторная выплата строк из { $jobs }: { $count ->
        [one] { $count } строка
        [few] { $count } строки
       *[other] { $count } строк
    }.
mass-retry-left-paid = Уже выплачены, повторно не отправляются: { $count }.
mass-retry-left-retried = Их уже повторяет более поздняя выплата (повторяйте строки той выплаты), повторно не отправляются: { $count }.
mass-retry-left-unclear = Результат нужно сначала проверить в сервисе (причина — в отчёте), повторно не отправляются: { $count }.
mass-retry-nothing = В этом списке нечего выплачивать.
mass-retry-nothing-next = Пришлите другой список или нажмите «Отмена».
mass-problem-origin-unknown = это не строка ваших массовых выплат (её client_transfer_id ни на что не указывает)
mass-problem-origin-account = эта строка выплачивалась с другого счёта или в другой сети: привяжите тот ключ и переключитесь на него, чтобы выплатить её повторно
mass-problem-origin-unfinished = её массовая выплата { $job } ещё не завершена
mass-problem-origin-repeated = эта строка есть в списке дважды
mass-summary-first = Первые: { $people }{ $more ->
        [0] {""}
       *[other] {" "}и ещё { $more }
    }
mass-report-again = 📄 Отчёт ещё раз
