## cheques describe
cheques-describe-button = ✏️ Change description
cheques-describe-ask = Send the new description of the cheque (up to 1000 characters).
cheques-describe-done = ✅ Description changed.
