## Receive: a payment request, the pay-me link, topping up from outside

receive-cmd = Receive money: a payment request, your pay-me link, a deposit
menu-receive = 📥 Receive
receive-title =
    📥 Receive money

    🧾 Request an amount: a payment request for the amount you choose, as a link, a QR code and a message to send into a chat. It is paid once.
    🔗 Your pay-me link: people who use this bot open it and send you a transfer.
    ➕ Top up from outside: deposit crypto from another wallet or an exchange into your xRocket wallet.
receive-request = 🧾 Request an amount
receive-pay-me = 🔗 My pay-me link
receive-top-up = ➕ Top up from outside
receive-pay-me-caption = 🔗 Your pay-me link: { $link }
    Whoever opens it in Telegram starts a transfer to you in this bot (they need their own xRocket key linked). Scan the code or share the link.
receive-top-up-why = Money from another wallet or an exchange arrives through a deposit address that xRocket gives you.
