## symbols
symbol-unknown = Торговой пары «{ $typed }» нет. Выберите ниже.
symbol-unknown-suggest = Торговой пары «{ $typed }» нет. Может быть, одна из этих?
menu-market = 💹 Рынок: цены и графики
