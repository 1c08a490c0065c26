## symbols
symbol-unknown = Торгової пари «{ $typed }» немає. Оберіть нижче.
symbol-unknown-suggest = Торгової пари «{ $typed }» немає. Можливо, одна з цих?
menu-market = 💹 Ринок: ціни й графіки
