## symbols
symbol-unknown = There is no trading pair “{ $typed }”. Pick one below.
symbol-unknown-suggest = There is no trading pair “{ $typed }”. Did you mean one of these?
menu-market = 💹 Market: prices and charts
