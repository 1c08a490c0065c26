/**
 * "My transfers" (cursor pages, newest first) and "Find by id". The service's cursors only go
 * forward, so the cursors of the pages already seen are kept per user to go back.
 */
import { InlineKeyboard } from "grammy";
import type { PayClient } from "../../../service/client.js";
import { isNotFound } from "../../../service/errors.js";
import type { Transfer } from "../../../service/schemas.js";
import type { BotContext, BotDeps } from "../../context.js";
import { clientsFor } from "../../shared/account.js";
import type { Translate } from "../../shared/errors.js";
import { OUR_CLIENT_ID } from "./action.js";
import { historyLine, transferDetails } from "./format.js";

export const PAGE_SIZE = 10;
export const PAGE_PATTERN = /^snd:pg:(\d{1,4})$/;
export const FIND_DATA = "snd:find";
export const MENU_DATA = "snd:menu";
/** What a transfer id or client id may look like; anything else is refused before asking the service. */
export const TRANSFER_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** `cursors[i]` opens page i (null for the first page). */
type PageState = { cursors: (string | null)[] };

const pageData = (page: number) => `snd:pg:${page}`;

/** Shows one page of the user's transfers: as a new message, or in place of the pressed one. */
export function historyPages(deps: BotDeps) {
  const store = deps.storage.kv<PageState>("send-history");
  return async (ctx: BotContext, page: number, edit: boolean): Promise<void> => {
    const telegramId = ctx.from?.id ?? 0;
    const key = String(telegramId);
    const saved = page > 0 ? await store.read(key) : undefined;
    const known = saved?.cursors[page];
    // A page whose cursor was never seen (state lost, or an old button): start from the newest.
    const index = page > 0 && typeof known === "string" ? page : 0;
    const cursor = index > 0 ? (known as string) : undefined;
    const { pay } = await clientsFor(deps, telegramId);
    const result = await pay.getTransfers({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    const cursors = (saved?.cursors ?? [null]).slice(0, index + 1);
    cursors[0] = null;
    if (result.nextCursor) cursors[index + 1] = result.nextCursor;
    await store.write(key, { cursors });

    const text =
      result.items.length === 0
        ? ctx.t(index === 0 ? "send-list-empty" : "send-list-end")
        : [
            ctx.t("send-list-title", { page: index + 1 }),
            "",
            ...result.items.map((tr) => historyLine(ctx.t, tr)),
          ].join("\n");
    const kb = new InlineKeyboard();
    if (index > 0) kb.text(ctx.t("common-prev"), pageData(index - 1));
    if (result.nextCursor) kb.text(ctx.t("common-next"), pageData(index + 1));
    kb.row().text(ctx.t("send-find"), FIND_DATA).text(ctx.t("common-back"), MENU_DATA);
    if (edit) {
      try {
        await ctx.editMessageText(text, { reply_markup: kb });
        return;
      } catch (err) {
        // The message may be too old to edit; show the page as a new one instead.
        ctx.log.debug({ err }, "could not edit the history page");
      }
    }
    await ctx.reply(text, { reply_markup: kb });
  };
}

export type FindResult = { found: Transfer } | { found: null; invalid: boolean };

/**
 * Looks a transfer up by its id or by our client id (either may be typed): ours are tried as client
 * ids first. 404 on both → not found; other failures propagate.
 */
export async function findTransfer(pay: PayClient, typed: string): Promise<FindResult> {
  const id = typed.trim();
  if (!TRANSFER_ID_PATTERN.test(id)) return { found: null, invalid: true };
  const byServer = { transferId: id };
  const byClient = { clientTransferId: id };
  for (const query of OUR_CLIENT_ID.test(id) ? [byClient, byServer] : [byServer, byClient]) {
    try {
      return { found: await pay.getTransfer(query) };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  return { found: null, invalid: false };
}

/** The reply to a lookup: details, or why there are none. */
export function findReply(t: Translate, typed: string, result: FindResult): string {
  if (result.found) return transferDetails(t, result.found);
  return result.invalid ? t("send-find-invalid") : t("send-find-not-found", { id: typed.trim() });
}
