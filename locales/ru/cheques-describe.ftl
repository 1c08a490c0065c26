## cheques describe
cheques-describe-button = ✏️ Изменить описание
cheques-describe-ask = Отправьте новое описание чека (до 1000 символов).
cheques-describe-done = ✅ Описание изменено.
