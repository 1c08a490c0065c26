## inline
inline-ticker-description = 24 ч: { $change } · нажмите, чтобы поделиться карточкой
inline-open-in-bot = 💹 Открыть в боте
inline-chart-title = График { $pair }
inline-cheque-title = 🎟 Чек: { $amount }
inline-cheque-description = Ваш активный чек: нажмите, чтобы поделиться
inline-cheque-message = 🎟 Чек на { $amount }: откройте его, чтобы получить деньги.
inline-cheque-open = 🎁 Получить { $amount }
inline-invoice-title = 🧾 Счёт: { $amount }
inline-invoice-description = Ваш неоплаченный счёт: нажмите, чтобы поделиться
inline-invoice-message = 🧾 Счёт на { $pricing ->
        [any] любую сумму от { $amount }
       *[fixed] { $amount }
    }: откройте его, чтобы оплатить.
inline-invoice-open = 💳 Оплатить
