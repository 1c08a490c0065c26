## funding
funding-cmd-withdraw = Withdraw from the Exchange funding balance
funding-cmd-withdrawals = Withdrawals from the funding balance
funding-cmd-moves = Moves between funding and trading
funding-withdraw-button = 🏦 Withdraw from funding
funding-withdrawals-button = 📜 Funding withdrawals
funding-moves-button = 📜 Moves
funding-nothing = Nothing to withdraw: your Exchange funding balance has no asset that can be withdrawn.
funding-ask-asset = Which asset do you want to withdraw from your Exchange funding balance?
funding-not-enough = This withdrawal is not possible now. Funding balance: { $available }; minimum { $min } plus a fee of { $fee }; today's limit still allows { $limit }.
funding-ask-amount = How much { $asset } do you want to withdraw? Available on funding: { $available }. From { $min } to { $max }; fee { $fee }.
funding-summary-title = 🏦 Withdrawal from your Exchange funding balance
funding-field-stays = Stays on funding: { $stays }
funding-field-updated = Updated: { $updated }
funding-done = ✅ Withdrawal of { $amount } to { $address } ({ $network }) requested. Fee: { $fee }. Status: { $status }.
funding-details-button = 🔎 Details
funding-status-pending = accepted
funding-status-processing = being sent
funding-status-completed = completed
funding-status-failed = failed
funding-status-cancelled = cancelled
funding-page = Page { $page }/{ $pages } · { $total } in all
funding-withdrawals-title = 🏦 Withdrawals from the funding balance (times in { $zone })
funding-withdrawals-none = No withdrawals yet.
funding-withdrawal-line = { $n }. { $time } · { $amount } · { $network } · { $status }
funding-withdrawal-title = 🏦 Funding withdrawal { $id }
funding-moves-title = ↔️ Moves between funding and trading (times in { $zone })
funding-moves-none = No moves yet.
funding-move-line = { $n }. { $time } · { $amount } · { $from } → { $to } · { $status }
funding-move-title = ↔️ Move { $id }
funding-move-status = Status: { $status }
funding-move-amount = Amount: { $amount }
funding-move-route = From { $from ->
        [funding] funding
       *[other] trading
    } to { $to ->
        [funding] funding
       *[other] trading
    }
funding-move-status-completed = completed
funding-move-status-failed = failed
