/**
 * Notices to Telegram: one global pace for every notice of the process (they go to many chats), a
 * 429 waited out with its retry_after, and a chat that refuses for good (blocked, deleted, never
 * started) reported as "blocked" so the sender turns that user's notices off.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type Api, GrammyError, HttpError } from "grammy";
import { Pacer } from "../bot/features/mass/notify.js";
import type { DeliveryResult, NoticeTransport } from "./notices.js";

const MAX_RATE_LIMIT_WAITS = 5;

export function telegramTransport(api: Api, perSecond: number): NoticeTransport {
  const pacer = new Pacer(() => perSecond);
  return {
    async send(chatId, text, keyboard): Promise<DeliveryResult> {
      for (let waits = 0; ; waits++) {
        await pacer.wait();
        try {
          await api.sendMessage(chatId, text, keyboard ? { reply_markup: keyboard } : {});
          return "sent";
        } catch (err) {
          if (err instanceof GrammyError && err.error_code === 429 && waits < MAX_RATE_LIMIT_WAITS) {
            await sleep((err.parameters.retry_after ?? 1) * 1000);
            continue;
          }
          if (
            err instanceof GrammyError &&
            (err.error_code === 403 ||
              (err.error_code === 400 && /chat not found|user is deactivated|PEER_ID_INVALID/i.test(err.description)))
          ) {
            return "blocked";
          }
          if (err instanceof GrammyError || err instanceof HttpError) return "retry";
          throw err;
        }
      }
    },
  };
}
