## links
links-unknown = This link is not one of mine, or it is broken. Here is the menu:
links-unknown-pair = This link names a trading pair that does not exist (any more). Here is the menu:
links-send-self = This is your own link to get paid: share it, and whoever opens it can send to you.
links-send-no-key = Someone shared a link to send them money. Link your API key first (/connect), then open the link again.
links-invoice-foreign = This invoice is not one of yours, so I cannot show it. To pay it, use the payment link its sender gave you.
links-share-pay-me = 📣 Share a link to pay me
