/**
 * A person in a private chat with the bot, acting through the Bot API stand-in: types, presses,
 * uploads, shares and forwards, and waits for what the bot does in the chat.
 */
import type { Message, MessageEntity, Update, User } from "grammy/types";
import type { BotApi } from "./bot-api.js";
import { type ChatEvent, commandEntities } from "./chat-model.js";

/** A person in a private chat with the bot, acting through the stand-in. */
export class SimulatedUser {
  constructor(
    readonly api: BotApi,
    readonly id: number,
  ) {}

  /** Types a text; a leading /command gets its bot_command entity, as in Telegram clients. */
  send(text: string, entities?: MessageEntity[]): Update {
    const found = entities ?? commandEntities(text);
    return this.api.personSays(this.id, { text, ...(found ? { entities: found } : {}) }).update;
  }

  command(name: string, args = ""): Update {
    return this.send(`/${name.replace(/^\//, "")}${args ? ` ${args}` : ""}`);
  }

  /** Presses the inline button with this callback data on a bot message (the latest carrying it by default). */
  press(data: string, messageId?: number): { queryId: string; update: Update } {
    const id = messageId ?? this.findButton(data)?.message_id;
    if (id === undefined) throw new Error(`no button with data ${data} in chat ${this.id}`);
    return this.api.personPresses(this.id, id, data);
  }

  /**
   * Picks a user through a `request_users` keyboard button: their name and username go along when
   * the button asked for them, as in Telegram (BotApi.sharedUser).
   */
  shareUser(requestId: number, userId: number): Update {
    return this.api.personSays(this.id, {
      users_shared: { request_id: requestId, users: [this.api.sharedUser(this.id, requestId, userId)] },
    } as Partial<Message>).update;
  }

  /** Forwards a message written by another person (hidden: only their name is known). */
  forwardFrom(from: User | { hiddenName: string }, text: string): Update {
    const forward_origin =
      "hiddenName" in from
        ? { type: "hidden_user" as const, date: Math.floor(Date.now() / 1000), sender_user_name: from.hiddenName }
        : { type: "user" as const, date: Math.floor(Date.now() / 1000), sender_user: from };
    return this.api.personSays(this.id, { text, forward_origin } as Partial<Message>).update;
  }

  sendDocument(name: string, content: string | Buffer, mimeType = "text/csv", caption?: string): Update {
    const file = this.api.state.storeFile(name, mimeType, Buffer.from(content));
    return this.api.personSays(this.id, {
      document: { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_name: name, mime_type: mimeType, file_size: file.content.length },
      ...(caption ? { caption } : {}),
    } as Partial<Message>).update;
  }

  /** Sends a picture as Telegram sends photos: sizes of one stored file (the playground's image upload). */
  sendPhoto(name: string, content: Buffer, mimeType = "image/png", caption?: string): Update {
    const file = this.api.state.storeFile(name, mimeType, content, "photos");
    const size = { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.content.length, width: 512, height: 512 };
    return this.api.personSays(this.id, { photo: [size], ...(caption ? { caption } : {}) } as Partial<Message>).update;
  }

  block(): void {
    this.api.state.blocked.add(this.id);
  }

  /** Messages in this chat, oldest first (current state). */
  get messages(): Message[] {
    return this.api.state.history(this.id);
  }

  /** The bot's messages, oldest first. */
  get fromBot(): Message[] {
    return this.messages.filter((m) => m.from?.id === this.api.botUser.id);
  }

  lastFromBot(): Message | undefined {
    return this.fromBot.at(-1);
  }

  findButton(data: string): Message | undefined {
    return [...this.fromBot]
      .reverse()
      .find((m) => m.reply_markup?.inline_keyboard.some((row) => row.some((b) => "callback_data" in b && b.callback_data === data)));
  }

  /** Resolves with the first event in this chat that matches, or rejects after `timeoutMs`. */
  waitFor<T extends ChatEvent>(
    match: (e: ChatEvent) => e is T,
    timeoutMs = 5000,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const state = this.api.state;
      const timer = setTimeout(() => {
        state.off("change", listener);
        reject(new Error(`chat ${this.id}: nothing matched within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (e: ChatEvent) => {
        if (e.chatId !== this.id || !match(e)) return;
        clearTimeout(timer);
        state.off("change", listener);
        resolve(e);
      };
      state.on("change", listener);
    });
  }

  /** The next message the bot sends here. */
  async nextReply(timeoutMs = 5000): Promise<Message> {
    const e = await this.waitFor(
      (e): e is Extract<typeof e, { type: "message" }> => e.type === "message" && e.fromBot,
      timeoutMs,
    );
    return e.message;
  }
}
