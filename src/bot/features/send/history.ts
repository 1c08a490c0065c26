/**
 * "My transfers" (cursor pages, newest first) and "Find by id". The service's cursors only go
 * forward, so the cursors of the pages already seen are kept per user to go back.
 */
import { InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import type { KnownPerson } from "../../../domain/people.js";
import type { Translate } from "../../../domain/translate.js";
import type { PayClient } from "../../../service/client.js";
import { isNotFound } from "../../../service/errors.js";
import type { Transfer } from "../../../service/schemas.js";
import type { PeopleRepo } from "../../../storage/index.js";
import type { BotContext, BotDeps } from "../../context.js";
import { createCursorPages } from "../../shared/cursor-pages.js";
import { showInPlace } from "../../shared/show.js";
import { userOnArrival } from "../../shared/user-on-arrival.js";
import { OUR_CLIENT_ID } from "./action.js";
import { SEND_DATA } from "./callback-data.js";
import { historyLine, transferDetails } from "./format.js";

export const PAGE_SIZE = 10;
/** What a transfer id or client id may look like; anything else is refused before asking the service. */
export const TRANSFER_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

const pageData = (page: number) => SEND_DATA.page.build({ page });

/** Shows one page of the user's transfers: as a new message, or in place of the pressed one. */
export function historyPages(deps: BotDeps) {
  const pages = createCursorPages(deps.storage, "send-history");
  return async (ctx: BotContext, page: number, edit: boolean): Promise<void> => {
    const telegramId = ctx.from?.id ?? 0;
    const at = await pages.open(telegramId, page);
    const { index } = at;
    const { pay } = await clientsFor(deps, telegramId);
    const result = await pay.getTransfers({ limit: PAGE_SIZE, ...(at.cursor ? { cursor: at.cursor } : {}) });
    await at.remember(result.pagination.next);
    const zone = (await userOnArrival(deps.storage.users, ctx))?.timeZone;
    const names = await deps.storage.people.namesOf(result.items.flatMap((tr) => (tr.target ? [Number(tr.target)] : [])));

    const text =
      result.items.length === 0
        ? ctx.t(index === 0 ? "send-list-empty" : "send-list-end")
        : [
            ctx.t("send-list-title", { page: index + 1 }),
            "",
            ...result.items.map((tr) => historyLine(ctx.t, tr, zone, (id) => names.get(Number(id)))),
          ].join("\n");
    const kb = new InlineKeyboard();
    if (index > 0) kb.text(ctx.t("common-prev"), pageData(index - 1));
    if (result.pagination.next) kb.text(ctx.t("common-next"), pageData(index + 1));
    kb.row().text(ctx.t("send-find"), SEND_DATA.find.build({})).text(ctx.t("common-back"), SEND_DATA.menu.build({}));
    await showInPlace(ctx, text, { reply_markup: kb }, { edit });
  };
}

/** What a lookup found, with the recipient's remembered name (plain JSON: a flow keeps it). */
export type FindResult = { found: Transfer; recipient: KnownPerson | null } | { found: null; invalid: boolean };

/**
 * Looks a transfer up by its id or by our client id (either may be typed): ours are tried as client
 * ids first. 404 on both → not found; other failures propagate.
 */
export async function findTransfer(pay: PayClient, people: PeopleRepo, typed: string): Promise<FindResult> {
  const id = typed.trim();
  if (!TRANSFER_ID_PATTERN.test(id)) return { found: null, invalid: true };
  const byServer = { payoutId: id };
  const byClient = { clientPayoutId: id };
  for (const query of OUR_CLIENT_ID.test(id) ? [byClient, byServer] : [byServer, byClient]) {
    try {
      const found = await pay.getTransfer(query);
      const target = found.target === null ? undefined : Number(found.target);
      const recipient = target === undefined ? undefined : (await people.namesOf([target])).get(target);
      return { found, recipient: recipient ?? null };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  return { found: null, invalid: false };
}

/** The reply to a lookup: details, or why there are none. */
export function findReply(t: Translate, typed: string, result: FindResult, zone?: string): string {
  if (result.found) {
    const recipient = result.recipient ?? undefined;
    return transferDetails(t, result.found, () => recipient, zone);
  }
  return result.invalid ? t("send-find-invalid") : t("send-find-not-found", { id: typed.trim() });
}
