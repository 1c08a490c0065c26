## notify
cmd-notify = Notification settings
cmd-alert = Price alert: /alert BTC-USDT above 100000
cmd-alerts = Your price alerts
notify-title = 🔔 Notifications
notify-explain = I tell you when an invoice is paid (and of each payment, when it takes several), a cheque is redeemed, an order is filled, or a price you watch is reached. Tap a kind to turn it on or off.
notify-topic-invoices = Invoices: payments, paid, expired
notify-topic-cheques = Cheques redeemed
notify-topic-orders = Orders filled or cancelled
notify-topic-alerts = Price alerts
notify-quiet-off = Quiet hours: off
notify-quiet-on = Quiet hours: { $from }:00–{ $to }:00 ({ $zone })
notify-quiet-none = Off
notify-quiet-title = 🌙 Quiet hours
notify-quiet-now = 🌍 Your time zone: { $zone }; it is { $time } there now.
notify-quiet-explain = During quiet hours I hold notifications and send them when the hours end. Pick the hours on your own clock.
notify-quiet-set = Quiet hours: { $from }:00–{ $to }:00, your time.
notify-zone-button = 🌍 Time zone: { $zone }
notify-zone-title = 🌍 Which time zone are you in? Pick the city whose clock shows the same time as yours.
notify-zone-set = Time zone: { $zone }.
tz-utc = UTC
tz-america-los-angeles = Los Angeles
tz-america-new-york = New York
tz-america-sao-paulo = São Paulo
tz-europe-london = London
tz-europe-berlin = Berlin
tz-europe-kyiv = Kyiv
tz-europe-moscow = Moscow
tz-asia-dubai = Dubai
tz-asia-yekaterinburg = Yekaterinburg
tz-asia-almaty = Almaty
tz-asia-kolkata = Delhi
tz-asia-novosibirsk = Novosibirsk
tz-asia-singapore = Singapore
tz-asia-tokyo = Tokyo
tz-asia-vladivostok = Vladivostok
notify-turned-on = Turned on.
notify-turned-off = Turned off.
notify-were-blocked = Notifications were paused because the bot was blocked; they are on again now.
notify-secret-none = Webhook secret: not set. With it, the service tells me about changes at once instead of waiting for my next look.
notify-secret-stored = Webhook secret: stored (encrypted).
notify-secret-set = 🔐 Add webhook secret
notify-secret-replace = 🔐 Replace webhook secret
notify-secret-remove = Remove secret
notify-secret-ask = Send the webhook secret of your xRocket Pay application (one line). I will delete your message at once and keep the secret encrypted.
notify-secret-invalid = That does not look like a webhook secret (16 to 256 characters, no spaces). I deleted the message. Send it again or press Cancel.
notify-secret-saved = ✅ Webhook secret stored.
notify-secret-removed = Webhook secret removed.
notify-alerts-button = 📈 Price alerts

## alerts
alerts-usage = Set a price alert like this: /alert BTC-USDT above 100000 (or below). Add "every" to be told every time the price crosses it, not only once.
alerts-bad-price = The price must be a positive number such as 100000 or 0.25.
alerts-unknown-pair = There is no trading pair { $symbol }.
alerts-too-many = You already have { $max } { $max ->
        [one] alert
       *[other] alerts
    }. Remove one in /alerts first.
alerts-created = ✅ Alert set: { $line }. The price now: { $last }.
alerts-title = Your price alerts ({ $count } of { $max }). Tap one to remove it:
alerts-empty = You have no price alerts. Set one with /alert BTC-USDT above 100000.
alerts-line-above = { $symbol } above { $price } ({ $mode })
alerts-line-below = { $symbol } below { $price } ({ $mode })
alerts-mode-once = once
alerts-mode-every = every time
alerts-removed = Alert removed.
alerts-gone = That alert is already gone.

## notices
notice-invoice-paid = 🧾 Invoice { $id } was paid: { $amount }.
notice-invoice-paid-by = 🧾 Invoice { $id } was paid: { $amount } by { $payer }.
notice-invoice-payment = 💸 Invoice { $id } received a payment: { $amount } — { $index } of { $of } paid.
notice-invoice-payment-by = 💸 Invoice { $id } received a payment: { $amount } by { $payer } — { $index } of { $of } paid.
notice-invoice-expired = ⌛ Invoice { $id } for { $amount } expired unpaid.
notice-cheque-redeemed = 🎟 Cheque { $id } for { $amount } was redeemed.
notice-order-partly-filled = 📈 Order { $id } ({ $side } { $symbol }) partly filled: { $filled } of { $size } at { $price }.
notice-order-filled = ✅ Order { $id } ({ $side } { $symbol }) filled: { $filled } at { $price }.
notice-order-cancelled = ✖️ Order { $id } ({ $side } { $symbol }) was cancelled by the exchange; filled { $filled } of { $size }.
notice-order-stop-triggered = ⚡ Stop order { $id } ({ $side } { $symbol }) triggered.
notice-alert-above = 🔔 { $symbol } is at { $last }: above your alert price { $price }.
notice-alert-below = 🔔 { $symbol } is at { $last }: below your alert price { $price }.
notice-side-buy = buy
notice-side-sell = sell
notice-open-invoice = Invoice details
notice-open-cheque = Cheque details
notice-open-order = Order details
notice-open-alerts = My alerts
