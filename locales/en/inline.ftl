## inline
inline-ticker-description = 24 h: { $change } · tap to share the card
inline-open-in-bot = 💹 Open in the bot
inline-chart-title = { $pair } chart
inline-cheque-title = 🎟 Cheque: { $amount }
inline-cheque-description = Your active cheque: tap to share it
inline-cheque-message = 🎟 A cheque for { $amount }: open it to receive the money.
inline-cheque-open = 🎁 Receive { $amount }
inline-invoice-title = 🧾 Invoice: { $amount }
inline-invoice-description = Your unpaid invoice: tap to share it
inline-invoice-message = 🧾 Invoice for { $pricing ->
        [any] any amount from { $amount }
       *[fixed] { $amount }
    }: open it to pay.
inline-invoice-open = 💳 Pay
