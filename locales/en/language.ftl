## the language
# Its name as it writes it: the language buttons, /language and the playground show it.
language-name = English
# How this language writes numbers and dates (a BCP 47 tag for Intl).
language-format = en-GB

## what the locale tests hold this language's messages to (test/locales-render.test.ts)
# Terms, so no message can show them; each is a list separated by spaces. Plural categories and
# number separators come from Intl for the folder's code.
# Every letter the language writes: a word with any other letter is taken for a foreign word.
-check-letters = abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ
# Names written in other letters, as English writes them.
-check-kept-phrases =
    São Paulo
# Only nouns change with a count, and their plural ends in -s: other words after a count are not judged.
-check-plural-endings = s
# Words ending in -s that read the same after any number ("1 ms", "1 is").
-check-same-after-any-number = is was has this its as us yes plus status ms always s
# Words that agree with the word after them: a value never follows one ("a { $network }").
-check-agreeing-before-value = a an
# What a message about moves between one's own balances never calls them.
-check-not-about-moves = transfer
