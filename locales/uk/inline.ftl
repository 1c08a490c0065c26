## inline
inline-ticker-description = 24 год: { $change } · натисніть, щоб поділитися карткою
inline-open-in-bot = 💹 Відкрити в боті
inline-chart-title = Графік { $pair }
inline-cheque-title = 🎟 Чек: { $amount }
inline-cheque-description = Ваш активний чек: натисніть, щоб поділитися
inline-cheque-message = 🎟 Чек на { $amount }: відкрийте його, щоб отримати гроші.
inline-cheque-open = 🎁 Отримати { $amount }
inline-invoice-title = 🧾 Рахунок: { $amount }
inline-invoice-description = Ваш неоплачений рахунок: натисніть, щоб поділитися
inline-invoice-message = 🧾 Рахунок на { $pricing ->
        [any] будь-яку суму від { $amount }
       *[fixed] { $amount }
    }: відкрийте його, щоб оплатити.
inline-invoice-open = 💳 Оплатити
