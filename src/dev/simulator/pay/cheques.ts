/**
 * Cheques: creating one reserves its amount (available → hold); cancelling releases it; redeeming
 * (a control call standing in for the recipient's bot) moves the held amount to the recipient.
 */
import type { CreateChequeRequest } from "../../../service/schemas.js";
import { announce } from "../callbacks.js";
import { defineHandlers } from "../define.js";
import { pageNewestFirst, within } from "../paging.js";
import { problems } from "../problems.js";
import type { SimAccount, World } from "../types.js";
import { credit, release, requireAccount, reserve, spendHeld } from "../world.js";
import { botLink } from "./links.js";
import { checkAmount, parseUserId, requireAsset, requireNewClientId } from "./rules.js";
import { type ChequeRecord, lookup, payAccount, payModule, record } from "./state.js";

export const chequeHandlers = defineHandlers({
  createCheque: (input, { account, world }) => createCheque(world, requireAccount(account), input).cheque,

  getCheques: ({ state, fromDate, toDate, targetType, target, cursor, limit }, { account, world }) => {
    const { cheques } = payAccount(world, requireAccount(account).userId);
    const created = within(fromDate, toDate);
    // As on the real service, deleted cheques are left out of the list.
    const page = pageNewestFirst(
      cheques.list,
      { cursor, limit },
      ({ cheque: c }) =>
        !c.deleted &&
        (!state || c.state === state) &&
        (!targetType || c.targetType === targetType) &&
        (!target || c.target === target) &&
        created(c.createdAt),
    );
    return { items: page.items.map((r) => r.cheque), pagination: page.pagination };
  },

  getCheque: ({ chequeId, clientChequeId }, { account, world }) =>
    findOwn(world, requireAccount(account), chequeId, clientChequeId).cheque,

  deleteCheque: ({ chequeId, clientChequeId }, { account, world }) => {
    const owner = requireAccount(account);
    const rec = findOwn(world, owner, chequeId, clientChequeId);
    requireActive(rec);
    release(owner.pay, rec.cheque.asset, rec.cheque.amount);
    rec.cheque.deleted = true;
    announce(world, rec.owner, rec.cheque.callback?.callbackUrl, "cheque", rec.cheque);
  },

  updateCheque: ({ chequeId, clientChequeId, description }, { account, world }) => {
    const rec = findOwn(world, requireAccount(account), chequeId, clientChequeId);
    requireActive(rec);
    rec.cheque.description = description === "" ? null : description;
    return rec.cheque;
  },
});

function createCheque(world: World, owner: SimAccount, input: CreateChequeRequest): ChequeRecord {
  const { cheques } = payAccount(world, owner.userId);
  requireNewClientId(cheques, "clientChequeId", input.clientChequeId);
  const asset = requireAsset(input.asset);
  checkAmount(input.amount, asset.precision, asset.pay.minCheque);
  if (input.target !== undefined) parseUserId(input.target, "target");
  reserve(owner.pay, input.asset, input.amount);

  const chequeId = world.nextId("chq");
  const rec: ChequeRecord = {
    owner: owner.userId,
    password: input.password,
    cheque: {
      chequeId,
      clientChequeId: input.clientChequeId ?? null,
      asset: input.asset,
      amount: input.amount,
      description: input.description ?? null,
      targetType: input.targetType ?? null,
      target: input.target ?? null,
      state: "active",
      deleted: false,
      links: { telegramBotLink: botLink(world, chequeId) },
      createdAt: world.now().toISOString(),
      // Echoed as sent (S3 reads both back).
      ...(input.callback === undefined ? {} : { callback: input.callback }),
      ...(input.url === undefined ? {} : { url: input.url }),
    },
  };
  payModule(world).chequesById.set(chequeId, rec);
  return record(cheques, chequeId, input.clientChequeId, rec);
}

function findOwn(world: World, owner: SimAccount, id?: string, clientId?: string): ChequeRecord {
  const rec = lookup(payAccount(world, owner.userId).cheques, id, clientId);
  if (rec === undefined) throw problems.notFound("cheque");
  return rec;
}

function requireActive(rec: ChequeRecord): void {
  const state = rec.cheque.deleted ? "deleted" : rec.cheque.state;
  if (state !== "active") throw problems.invalidState(`The cheque is already ${state}.`, { state });
}

/**
 * Redeems an active cheque for `userId` (an account of the same world): the issuer's hold goes to
 * the redeemer's available balance. 403 for a user other than the cheque's target or a wrong
 * password, 409 `invalid_state` for a cheque that is not active, 404 for unknown ids.
 */
export function redeemCheque(
  world: World,
  chequeId: string,
  userId: number,
  password?: string,
): ChequeRecord {
  const rec = payModule(world).chequesById.get(chequeId);
  if (rec === undefined) throw problems.notFound("cheque");
  const redeemer = world.accounts.get(userId);
  if (redeemer === undefined) throw problems.notFound("user", { userId });
  requireActive(rec);
  const { cheque } = rec;
  if (cheque.target !== null && cheque.target !== String(userId)) {
    throw problems.forbidden("The cheque is meant for another user.", { target: cheque.target });
  }
  if (rec.password !== undefined && rec.password !== password) {
    throw problems.forbidden("The cheque password does not match.", { field: "password" });
  }
  const issuer = world.accounts.get(rec.owner) as SimAccount;
  spendHeld(issuer.pay, cheque.asset, cheque.amount);
  credit(redeemer.pay, cheque.asset, cheque.amount);
  cheque.state = "completed";
  announce(world, rec.owner, cheque.callback?.callbackUrl, "cheque", cheque);
  return rec;
}
