# /limits: the withdrawal limits the service states.
limits-cmd = Limits: the smallest and largest withdrawal and its fee, per currency
limits-title = Withdrawal limits, as the service states them:
limits-line = { $asset } on { $chain }: from { $min }, up to { $max }; fee { $fee }
limits-no-max = no maximum stated
limits-none = The service lists no currency that can be withdrawn.
limits-not-stated = The service states no daily or monthly limit and nothing of what is left of one; a withdrawal also needs the amount and its fee on your balance.
