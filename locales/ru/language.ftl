## the language
# Its name as it writes it: the language buttons, /language and the playground show it.
language-name = Русский
# How this language writes numbers and dates (a BCP 47 tag for Intl).
language-format = ru

## what the locale tests hold this language's messages to (test/locales-render.test.ts)
# Terms, so no message can show them; each is a list separated by spaces (phrases: one a line).
# Plural categories and number separators come from Intl for the folder's code.
# Every letter the language writes: a word with any other letter is taken for a foreign word.
-check-letters = абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ
# Written in Latin here too: tickers and networks, brands, file formats and units, and the keywords
# the bot reads as typed (chart intervals, address prefixes, IOC/GTC).
-check-kept-words =
    xRocket Telegram API ID QR USDT BTC ETH TON TONCOIN BSC TRX SOL USD EUR RUB BTC-USDT btc CSV TXT
    UTF-8 UTC IOC GTC 15m 1h 4h 1d 1w EQ UQ kQ 0Q workchain:hex 0x bc1 base58 T @username
-check-kept-phrases =
    xRocket Pay
# Words that read the same after any number: prepositions, conjunctions, abbreviated units.
-check-same-after-any-number = в во на с со из от до за по к у о и или а но не больше меньше нет мс ч мин
# Words after which a count stands in an oblique case, where 2 and 5 take the same form
# ("до 2 символов", "до 5 символов").
-check-oblique-after = до от из в во на с со по для около больше меньше более менее течение
# Words decline: a fragment of the bot's own (a status, a name) may follow only these words.
-check-fragment-after = уже он она оно они сейчас теперь ещё только
# What a message about moves between one's own balances never calls them ("перемещение", not "перевод").
-check-not-about-moves = перев
