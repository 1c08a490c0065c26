## History: everything that moved the person's money through this bot, with receipts

history-cmd = History: what you sent, received, made and traded, with receipts
menu-history = 📜 History
history-title = 📜 History, page { $page } (newest first). Press a number for its receipt.
history-empty = Nothing yet: what you send, receive, withdraw, make and trade through this bot appears here.
history-empty-filtered = Nothing of this kind yet. Change the filter below.
history-end = No older entries.
history-testnet = (testnet)
history-by-kind = Kind: { $kind }
history-by-asset = Asset: { $asset }
history-any-asset = every asset
history-filter-a = Everything
history-filter-s = 📤 Sent
history-filter-r = 📥 Received
history-filter-c = 🎁 Cheques
history-filter-i = 🧾 Invoices
history-filter-w = 🏦 Withdrawals
history-filter-x = 💱 Exchange
history-filter-m = 📦 Mass transfers
history-pick-kind = Which kind of entries?
history-pick-asset = Entries of which asset?
history-entry-missing = This entry is not in your history.
history-someone = someone
history-line-sent = 📤 { $time } · −{ $amount } to { $person }
history-line-received = 📥 { $time } · +{ $amount } from { $person }
history-line-cheque = 🎁 { $time } · cheque of { $amount }
history-line-invoice = 🧾 { $time } · invoice for { $amount }
history-line-cheque-deleted = 🗑 { $time } · cheque { $id } deleted
history-line-invoice-deleted = 🗑 { $time } · invoice { $id } deleted
history-line-withdrawal = 🏦 { $time } · −{ $amount } to { $address } ({ $chain })
history-line-funding-withdrawal = 🏦 { $time } · −{ $amount } from the Exchange to { $address } ({ $chain })
history-line-withdrawal-link = 🔗 { $time } · withdrawal link for { $amount } to { $address } ({ $chain })
history-line-move = ↔️ { $time } · { $amount } from { $from } to { $to }
history-balance-funding = funding
history-balance-trading = trading
history-line-swap = 🔁 { $time } · swap: up to { $amount } for { $to } (the receipt has what it took)
history-line-order = 📈 { $time } · { $side ->
        [buy] buy
       *[sell] sell
    } order on { $symbol }
history-line-order-cancelled = ✖️ { $time } · order on { $symbol } cancelled
history-line-mass = 📦 { $time } · mass transfer
history-line-other = • { $time } · { $kind }
history-receipt-title = 🧾 Receipt
history-receipt-received =
    🧾 Receipt

    📥 Received { $amount } from { $person }.
history-received-through-bot = The sender made this transfer through this bot. Transfers made elsewhere (in @xRocket itself) reach your wallet too, but the service does not list them to this bot.
history-receipt-invoice = 🧾 Invoice for { $amount } made. Invoice id: { $id }
history-receipt-withdrawal-link = 🔗 Withdrawal link for { $amount } to { $address } ({ $chain }) made. Nothing left the wallet when it was made.
history-field-note = Note
history-field-fee-none = Fee: none (a transfer between xRocket users is free)
history-field-time = Time: { $time }
history-field-network-testnet = Network: 🧪 testnet
history-field-status = State now: { $status }
history-field-status-unknown = State now: could not be read at the moment.
history-field-transaction = Transaction: { $link }
history-shared-title = 🧾 A receipt from my xRocket wallet:
history-share-title = 🧾 Share this receipt
