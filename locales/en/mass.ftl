## mass
mass-cmd = Mass transfer (admins)
mass-admin-entry = 🛠 Admin: pay many people at once with /mass.
mass-menu-button = 📦 Mass transfer
mass-ask-list =
    📦 Mass transfer. Send the list as a CSV or text file, or paste it here: one recipient per line,
    target,amount[,asset][,description]
    • target: the recipient's Telegram user id (a whole number)
    • amount: e.g. 10 or 2.5
    • asset: e.g. USDT (if left out, you choose one for the whole list)
    • description: optional, up to { $description } { $description ->
        [one] character
       *[other] characters
    }; put it in "quotes" if it has commas
    Columns may be separated by commas, semicolons or tabs. A header line is fine. Up to { $max } { $max ->
        [one] row
       *[other] rows
    }. Nothing is sent before you confirm.
mass-send-list = Please send the list as a file or as text, or press Cancel.
mass-file-too-big = ❌ The file is too large (at most { $max } MB). Split it into several lists.
mass-file-not-text = ❌ This file is not a text or CSV file. Export the list as CSV (UTF-8) and send it again.
mass-file-unreadable = ❌ I could not download this file. Please send it again.
mass-empty = ❌ I found no rows in this list. Send one recipient per line: target,amount[,asset][,description].
mass-no-columns = ❌ I could not find the columns of this list: separate them with a comma, semicolon or tab, one recipient per line, e.g. 123456789,10,USDT. Other separators (| or spaces) are not recognised.
mass-too-many-rows = ❌ The list has { $rows } { $rows ->
        [one] row
       *[other] rows
    }; at most { $max } are allowed per job. Split it and send the parts one by one.
mass-ask-default-asset = Some rows have no asset. Which currency should they be paid in?
mass-errors-title = ❌ { $count ->
        [one] The list has 1 problem
       *[other] The list has { $count } problems
    }; nothing was sent:
mass-error-line = Line { $line }: “{ $value }” — { $reason }
mass-error-line-empty = Line { $line }: (empty) — { $reason }
mass-errors-more = …and { $count } more (all of them are in the file below).
mass-errors-fix = Fix the list and send it again (or press Cancel).
mass-errors-file = { $count ->
        [one] { $count } problem.
       *[other] All { $count } problems, one per line.
    }
mass-problem-columns = expected target,amount[,asset][,description] ({ $count } { $count ->
        [one] column
       *[other] columns
    } found; put a description with commas in "quotes")
mass-problem-target = the target must be a Telegram user id (a positive whole number)
mass-problem-self = this is the paying account itself
mass-problem-amount-missing = the amount is missing
mass-problem-amount-not-a-number = not an amount (write it like 10 or 2.5)
mass-problem-amount-ambiguous = ambiguous: write decimals with a dot (12.345) and no thousands separator (12345)
mass-problem-amount-misplaced-separator = a separator here marks no thousands group: write the amount without it (e.g. 15 or 1.5)
mass-problem-amount-invisible-character = the amount holds invisible characters: type it again without them
mass-problem-amount-not-positive = the amount must be greater than zero
mass-problem-amount-too-many-decimals = too many decimal places: { $asset } allows at most { $decimals }
mass-problem-amount-below-minimum = below the minimum transfer of { $min } { $asset }
mass-problem-amount-above-maximum = above the maximum
mass-problem-asset-missing = no asset given and no default chosen
mass-problem-asset-unknown = unknown asset
mass-problem-description-too-long = the description has { $length } { $length ->
        [one] character
       *[other] characters
    }; at most { $max } are allowed
mass-problem-csv = this line cannot be read as CSV (check the quotes)
mass-problem-csv-quote = a quote (") opens here and is never closed; the lines after it were read as rows of their own. Close it, or write "" for a quote inside a quoted description
mass-problem-columns-header = { $count } { $count ->
        [one] column
       *[other] columns
    } where the header names { $expected }; put a description with commas in "quotes"
mass-dup-found = ⚠️ { $count ->
        [one] 1 recipient appears
       *[other] { $count } recipients appear
    } more than once with the same asset, on { $rows } { $rows ->
        [one] line
       *[other] lines
    } in all:
mass-dup-example = • { $target } ({ $asset }), { $n } { $n ->
        [one] line
       *[other] lines
    }: { $lines }
mass-dup-lines-more = …and { $count } more
mass-dup-more-recipients = …and { $count } more { $count ->
        [one] recipient
       *[other] recipients
    } (all of them are in the file above).
mass-dup-file = Repeated recipients ({ $count }), each with every line it is on.
mass-dup-ask = What should I do with them?
mass-dup-merge = Merge: one transfer of the summed amount
mass-dup-keep = Keep: a separate transfer for each line
mass-dup-drop = Drop: pay the first line only
mass-summary-title = 📦 Mass transfer from “{ $account }” ({ $network })
mass-summary-recipients = Recipients: { $recipients } ({ $rows } { $rows ->
        [one] transfer
       *[other] transfers
    })
mass-summary-asset = { $asset }: { $total } in { $rows } { $rows ->
        [one] transfer
       *[other] transfers
    } · fee: { $fee } · available { $available } → remains { $remaining }
mass-summary-dups-merge = Repeated recipients: { $count }, each merged into one transfer.
mass-summary-dups-keep = Repeated recipients: { $count }, paid once per line.
mass-summary-dups-drop = Repeated recipients: { $count }, paid for their first line only.
mass-summary-notify-on = Recipients will get a message from me.
mass-summary-notify-off = Recipients will not get a message from me.
mass-fee-none = none
mass-insufficient-title = ❌ Not enough funds; nothing was sent:
mass-insufficient-asset = { $asset }: the total is { $total }, available { $available } — short by { $shortfall }.
mass-ask-notify = Should I tell each paid recipient with a short message?
mass-notify-on = 🔔 Notify recipients
mass-notify-off = 🔕 Don't notify
mass-type-total = This payout is above { $limit }. To confirm, type the { $asset } total exactly: { $total }
mass-type-total-wrong = That is not the total. Type { $total } to go on, or press Cancel.
mass-confirm-hint = Press Confirm to start sending. Each row is paid once. You can pause or cancel the sending while it runs.
mass-draft-gone = This list is no longer available. Start again with /mass.
mass-started = 🚀 Started: { $rows } { $rows ->
        [one] transfer
       *[other] transfers
    }. The progress is shown below.
mass-progress-title = 📦 Mass transfer { $job }
mass-progress-counts = ✅ Sent: { $sent } · ❌ Failed: { $failed } · ⏳ Left: { $left }
mass-progress-skipped = ⏹ Not sent (cancelled): { $skipped }
mass-progress-rate = ⚡ Rows per second: { $rate } · about { $eta } left
mass-status-draft = Draft
mass-status-discarded = Discarded
mass-status-running = ▶️ Sending…
mass-status-paused = ⏸ Paused.
mass-status-cancelling = ⏹ Cancelling: finishing the current batch…
mass-status-completed = ✅ Finished.
mass-status-completed-some = ⚠️ Finished; some rows failed (see the report).
mass-status-completed-none = ❌ Finished: nothing was paid.
mass-status-cancelled = ⏹ Cancelled. What was sent stays sent.
mass-paused-because = Reason: { $reason }
mass-paused-auto = ⏸ Mass transfer { $job } paused: { $reason }. Press Resume to try again, or Cancel.
mass-button-pause = ⏸ Pause
mass-button-resume = ▶️ Resume
mass-button-cancel = ⏹ Cancel
mass-pressed-pause = Pausing after the current batch.
mass-pressed-resume = Resuming.
mass-pressed-cancel = Cancelling after the current batch.
mass-cancel-ask-running = ⏹ Cancel mass transfer { $job }? { $count ->
        [one] 1 row is
       *[other] { $count } rows are
    } not sent yet; those not in the batch being sent now will not be sent. What was sent stays sent.
mass-cancel-ask-paused = ⏹ Cancel mass transfer { $job }? { $count ->
        [one] The 1 row
       *[other] The { $count } rows
    } not sent yet will not be sent. What was sent stays sent.
mass-cancel-yes = ⏹ Yes, cancel the rest
mass-cancel-keep-going = ▶️ Keep going
mass-cancel-keep-paused = ⏸ Keep it paused
mass-cancel-done = ⏹ Cancelling mass transfer { $job } after the current batch.
mass-cancel-kept = ▶️ Mass transfer { $job } goes on.
mass-cancel-kept-paused = ⏸ Mass transfer { $job } stays paused; Resume or Cancel are on its progress message.
mass-pressed-keep = Not cancelled.
mass-button-stale = This button no longer applies.
mass-foreign = This job belongs to another admin.
mass-reason-insufficient-funds = not enough funds
mass-reason-not-found = the recipient was not found
mass-reason-validation-error = refused by the service (invalid details)
mass-reason-amount-out-of-range = the amount is out of the allowed range
mass-reason-incorrect-decimal-places = too many decimal places
mass-reason-client-id-conflict = its transfer id was already used for a different transfer
mass-reason-unresolved = the service reported it as already sent but could not show it; check before paying again
mass-reason-not-sent-gave-up = not sent after several attempts
mass-reason-job-cancelled = not sent: the job was cancelled
mass-reason-unauthorized = the service refused the API key
mass-reason-no-key = the API key is no longer linked
mass-reason-network-changed = the linked key is now for the other network
mass-reason-account-changed = the linked key now belongs to another account
mass-reason-service-unavailable = the service is failing or not answering (server errors, timeouts, dropped connections)
mass-reason-rate-limited = the service keeps refusing requests as too many (rate limit)
mass-reason-invalid-request = the request was malformed (a bug: please report it)
mass-reason-refused = refused by the service
mass-reason-other = refused by the service ({ $kind })
mass-report-title = ✅ Mass transfer { $job } finished: { $paid ->
        [one] the 1 row was paid
       *[other] all { $paid } rows were paid
    }.
mass-report-title-some = ⚠️ Mass transfer { $job } finished: { $paid } of { $total } { $total ->
        [one] row
       *[other] rows
    } paid, { $failed } failed.
mass-report-title-none = ❌ Mass transfer { $job }: nothing was paid, { $failed ->
        [one] the 1 row failed
       *[other] all { $failed } rows failed
    }.
mass-report-title-cancelled = ⏹ Mass transfer { $job } cancelled: { $paid } of { $total } { $total ->
        [one] row
       *[other] rows
    } paid by then.
mass-report-title-cancelled-none = ⏹ Mass transfer { $job } cancelled: nothing was paid.
mass-report-paid = Paid: { $count } ({ $totals })
mass-report-paid-none = Paid: none
mass-report-failed = Failed: { $count } ({ $totals })
mass-report-failed-none = Failed: none
mass-report-reason = • { $reason }: { $count }
mass-report-skipped = Not sent: { $count } ({ $totals })
mass-report-file = Every row with its outcome and transfer id is in the file below.
mass-report-caption = Mass transfer { $job }: every row and its outcome
mass-notify-received = 💸 You received { $amounts } from { $sender }.
mass-notify-note = Note:
mass-notify-summary = 📨 Notifications for { $job }: delivered { $sent }, unreachable { $unreachable } (never started the bot or blocked it), failed { $failed }.

## Sender name in recipients' notifications (issue 9)
mass-ask-sender = How should recipients see who paid them? Type the sender name for their message (up to { $max } { $max ->
        [one] character
       *[other] characters
    }), e.g. your company or project.
mass-ask-sender-again = How should recipients see who paid them? Press the name you used last time, or type another (up to { $max } { $max ->
        [one] character
       *[other] characters
    }).
mass-sender-invalid = ❌ Please type the sender name as one line of 1 to { $max } { $max ->
        [one] character
       *[other] characters
    } without invisible characters (zero-width spaces, direction marks), or press Cancel.
mass-summary-notify-as = Recipients will get a message from me saying the payment is from “{ $sender }”.
mass-notify-received-anonymous = 💸 You received { $amounts }.

## Paying failed rows again
mass-report-file-retry = Every row with its outcome and transfer id is in the file below. To pay its failed or unsent rows again, press the button, or send the file back with /mass (corrected where needed): rows already paid are never paid again.
mass-retry-failed = 🔁 Retry failed rows ({ $count })
mass-retry-unsent = ▶️ Send the unsent rows ({ $count })
mass-retry-both = 🔁 Retry failed and unsent rows ({ $count })
mass-retry-none = Nothing here is left to pay again: every row was paid, or a later job retries it.
mass-summary-retry = 🔁 Paying again rows of { $jobs }: { $count } { $count ->
        [one] row
       *[other] rows
    }.
mass-retry-left-paid = Already paid, not sent again: { $count }.
mass-retry-left-retried = Retried by a later job (retry that job's rows instead), not sent again: { $count }.
mass-retry-left-unclear = Its outcome needs a check at the service first (see the reason in the report), not sent again: { $count }.
mass-retry-nothing = Nothing in this list is left to pay.
mass-retry-nothing-next = Send another list, or press Cancel.
mass-problem-origin-unknown = not a row of your mass transfers (its client_transfer_id names none)
mass-problem-origin-account = that row was paid from another account or network: link that key and switch to it to pay it again
mass-problem-origin-unfinished = its mass transfer { $job } has not finished yet
mass-problem-origin-repeated = this row is in the list twice
mass-summary-first = First: { $people }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    }
mass-report-again = 📄 Report again
