/**
 * Every operation of the contract, keyed by its `operationId`: interface, method, path, auth, the
 * input schema (path, query and body members in one object) and the reply schema. The clients and the
 * simulator are both driven by this table, so adjusting the contract means editing this file and
 * `schemas.ts` only (and `openapi.yaml`, the document the tests hold both to).
 *
 * Replies are returned exactly as they come on the wire, never unwrapped: an Exchange list is the
 * named object the service sends (`{symbols: […]}`, `{tickers: […]}`, `{candles: […]}`, `{trades: […]}`,
 * `{fees: […]}`, `{balances: […]}`, `{orders: […]}` with page numbers for histories), a Payments list is
 * a page `{items: […], pagination: {total, next}}`, a cancel is `{cancelledOrderIds: […]}`. So the
 * zod reply schema, the contract and the wire are one shape, and a caller reads the member it needs.
 */
import { z } from "zod";
import * as S from "./schemas.js";

export type Api = "exchange" | "pay";
export type Auth = "bearer" | "public" | "optional";
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface OperationDef<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  apis: readonly Api[];
  method: HttpMethod;
  /** Path with `{name}` placeholders filled from the input member of that name. */
  path: string;
  auth: Auth;
  input: I;
  /** For POST and PUT: input members sent in the query string rather than the body. */
  queryKeys?: readonly string[];
  reply: R;
  /**
   * Where an interface answers in a shape of its own (getRates: a list on Pay, an object keyed by
   * asset on the Exchange), that interface's reply schema; `reply` is then any of them, as the
   * contract says.
   */
  replyOn?: Partial<Record<Api, z.ZodType>>;
  /** 204: answered with no body (the reply schema is `NoContent`). */
  status: 200 | 201 | 204;
  /** Writes that move money or create a resource; never resent blindly after an unknown outcome. */
  write: boolean;
}

const op = <const D extends OperationDef>(d: D): D => d;
const none = z.object({});
const EX = ["exchange"] as const;
const PAY = ["pay"] as const;
const BOTH = ["exchange", "pay"] as const;

/**
 * A single-resource read: server id or client id, at least one (plus the operation's other members).
 * `missingKind`: the kind the service names the refusal of neither (S5 for orders).
 */
const byId = <A extends string, B extends string, E extends z.ZodRawShape = Record<never, never>>(
  a: A,
  b: B,
  extra?: E,
  missingKind?: string,
) =>
  z
    .object({
      ...(extra ?? ({} as E)),
      ...({ [a]: z.string().min(1).optional(), [b]: z.string().min(1).optional() } as Record<
        A | B,
        z.ZodOptional<z.ZodString>
      >),
    })
    .refine(
      (v) =>
        (v as Record<string, unknown>)[a] !== undefined || (v as Record<string, unknown>)[b] !== undefined,
      {
        message: `send ${a} or ${b}`,
        path: [a],
        ...(missingKind === undefined ? {} : { params: { kind: missingKind } }),
      },
    );
/** An order by `orderId` or `clientOrderId`; neither is 400 `exchange_missing_order_identifier` (S5). */
const orderById = () => byId("orderId", "clientOrderId", undefined, "exchange_missing_order_identifier");

const period = { startAt: S.RequestTimestamp.optional(), endAt: S.RequestTimestamp.optional() };
/** The Payments lists' date filter (S3: `fromDate`, `toDate`, ISO 8601). */
const dates = { fromDate: S.RequestTimestamp.optional(), toDate: S.RequestTimestamp.optional() };

export const operations = {
  // ---------------------------------------------------------------- Exchange: market data
  getSymbols: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/symbols",
    auth: "public",
    input: none,
    reply: S.SymbolsReply,
    status: 200,
    write: false,
  }),
  getSymbol: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/symbols/{symbol}",
    auth: "public",
    input: z.object({ symbol: S.SymbolCode }),
    reply: S.SymbolInfo,
    status: 200,
    write: false,
  }),
  getTicker: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/ticker/{tickerType}",
    auth: "public",
    input: z.object({ tickerType: z.literal("24h"), symbols: S.Q.list(S.SymbolCode).optional() }),
    reply: S.TickersReply,
    status: 200,
    write: false,
  }),
  getCandles: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/candles",
    auth: "public",
    // The real service requires both ends of the period; the simulator also accepts open ends.
    input: z.object({ symbol: S.SymbolCode, type: S.CandleType, ...period }),
    reply: S.CandlesReply,
    status: 200,
    write: false,
  }),
  getOrderbook: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/orderbook",
    auth: "public",
    input: z.object({
      symbol: S.SymbolCode,
      depth: S.Q.int(1)
        .pipe(
          z.union([
            z.literal(5),
            z.literal(10),
            z.literal(20),
            z.literal(50),
            z.literal(100),
            z.literal(200),
            z.literal(500),
          ]),
        )
        .optional(),
      precision: S.Decimal.optional(),
    }),
    reply: S.Orderbook,
    status: 200,
    write: false,
  }),
  getTrades: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/trades",
    auth: "public",
    input: z.object({ symbol: S.SymbolCode }),
    reply: S.TradesReply,
    status: 200,
    write: false,
  }),
  getAssets: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/assets",
    auth: "public",
    input: none,
    reply: z.array(S.Asset),
    status: 200,
    write: false,
  }),
  getAsset: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/assets/{asset}",
    auth: "public",
    input: z.object({ asset: S.AssetCode }),
    reply: S.Asset,
    status: 200,
    write: false,
  }),
  getRates: op({
    apis: BOTH,
    method: "GET",
    path: "/api/v1/rates",
    auth: "public",
    input: z.object({ base: S.RateBase, assets: S.Q.listOrJoined(S.AssetCode).optional() }),
    reply: z.union([S.PayRatesReply, S.ExchangeRatesReply]),
    replyOn: { pay: S.PayRatesReply, exchange: S.ExchangeRatesReply },
    status: 200,
    write: false,
  }),
  getHealth: op({
    apis: BOTH,
    method: "GET",
    path: "/health",
    auth: "public",
    input: none,
    reply: S.Health,
    status: 200,
    write: false,
  }),

  // ---------------------------------------------------------------- Exchange: account, orders
  getTradeFees: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/trade-fees",
    auth: "public",
    input: z.object({ symbols: S.Q.list(S.SymbolCode).optional() }),
    reply: S.TradeFeesReply,
    status: 200,
    write: false,
  }),
  getTradingBalances: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/accounts/trading/balances",
    auth: "bearer",
    input: none,
    reply: S.AccountBalancesReply,
    status: 200,
    write: false,
  }),
  getOrdersHistory: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/orders/history",
    auth: "bearer",
    input: z.object({
      symbol: S.SymbolCode.optional(),
      side: S.Side.optional(),
      ...period,
      currentPage: S.Q.currentPage,
      pageSize: S.Q.pageSize,
      hideCanceled: S.Q.bool.optional(),
    }),
    reply: S.OrdersPage,
    status: 200,
    write: false,
  }),
  getActiveOrders: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/orders/active",
    auth: "bearer",
    input: none,
    reply: S.ActiveOrdersReply,
    status: 200,
    write: false,
  }),
  getOrder: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/order",
    auth: "bearer",
    input: orderById(),
    reply: S.Order,
    status: 200,
    write: false,
  }),
  cancelOrder: op({
    apis: EX,
    method: "DELETE",
    path: "/api/v1/order",
    auth: "bearer",
    input: orderById(),
    reply: S.CancelOrderReply,
    status: 200,
    write: true,
  }),
  placeOrder: op({
    apis: EX,
    method: "POST",
    path: "/api/v1/orders",
    auth: "bearer",
    input: S.PlaceOrderRequest,
    reply: S.Order,
    status: 201,
    write: true,
  }),
  estimateOrder: op({
    apis: EX,
    method: "POST",
    path: "/api/v1/orders/estimate",
    auth: "bearer",
    input: S.OrderParams,
    reply: S.OrderEstimate,
    status: 201,
    write: false,
  }),

  // ---------------------------------------------------------------- Exchange: funding, moves
  getFundingBalances: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/accounts/funding/balances",
    auth: "bearer",
    input: none,
    reply: S.AccountBalancesReply,
    status: 200,
    write: false,
  }),
  createFundingWithdrawal: op({
    apis: EX,
    method: "POST",
    path: "/api/v1/accounts/funding/withdrawals",
    auth: "bearer",
    input: S.CreateExchangeWithdrawalRequest,
    reply: S.ExchangeWithdrawal,
    status: 201,
    write: true,
  }),
  getFundingWithdrawalsHistory: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/accounts/funding/withdrawals",
    auth: "bearer",
    input: z.object({
      assets: S.Q.list(S.AssetCode).optional(),
      ...period,
      currentPage: S.Q.currentPage,
      pageSize: S.Q.pageSize,
    }),
    reply: S.ExchangeWithdrawalsPage,
    status: 200,
    write: false,
  }),
  getFundingWithdrawal: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/accounts/funding/withdrawal",
    auth: "bearer",
    input: byId("withdrawalId", "clientWithdrawalId"),
    reply: S.ExchangeWithdrawal,
    status: 200,
    write: false,
  }),
  getFundingWithdrawalQuotas: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/accounts/funding/withdrawal-quotas",
    // The live Swagger (S4) requires the key here, though the source document marked it public.
    auth: "bearer",
    input: z.object({ network: S.Network, asset: S.AssetCode }),
    reply: S.ExchangeWithdrawalQuota,
    status: 200,
    write: false,
  }),
  createBalanceTransfer: op({
    apis: EX,
    method: "POST",
    path: "/api/v1/accounts/transfers",
    auth: "bearer",
    input: S.CreateBalanceTransferRequest,
    reply: S.ExchangeTransfer,
    status: 201,
    write: true,
  }),
  getBalanceTransfersHistory: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/accounts/transfers",
    auth: "bearer",
    input: z.object({
      assets: S.Q.list(S.AssetCode).optional(),
      from: S.BalanceKind.optional(),
      to: S.BalanceKind.optional(),
      ...period,
      currentPage: S.Q.currentPage,
      pageSize: S.Q.pageSize,
    }),
    reply: S.ExchangeTransfersPage,
    status: 200,
    write: false,
  }),
  getBalanceTransfer: op({
    apis: EX,
    method: "GET",
    path: "/api/v1/accounts/transfer",
    auth: "bearer",
    input: byId("transferId", "clientTransferId"),
    reply: S.ExchangeTransfer,
    status: 200,
    write: false,
  }),

  // ---------------------------------------------------------------- Pay: application, currencies
  getAppInfo: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/app-info",
    auth: "optional",
    input: none,
    reply: S.AppInfo,
    status: 200,
    write: false,
  }),
  getAppBalances: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/balances",
    auth: "bearer",
    input: none,
    reply: S.PayBalances,
    status: 200,
    write: false,
  }),
  getCurrencies: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/currencies",
    auth: "public",
    input: z.object({ kind: S.CurrencyKind.optional() }),
    reply: z.array(S.Currency),
    status: 200,
    write: false,
  }),

  // ---------------------------------------------------------------- Pay: cheques
  createCheque: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/cheques",
    auth: "bearer",
    input: S.CreateChequeRequest,
    reply: S.Cheque,
    status: 201,
    write: true,
  }),
  getCheques: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/cheques",
    auth: "bearer",
    // S3: targetType and target go together; cancelled cheques are never listed.
    input: z.object({
      state: S.ChequeState.optional(),
      ...dates,
      targetType: S.TargetType.optional(),
      target: z.string().min(1).optional(),
      cursor: S.Q.cursor,
      limit: S.Q.limit,
    }),
    reply: S.ChequesPage,
    status: 200,
    write: false,
  }),
  deleteCheque: op({
    apis: PAY,
    method: "DELETE",
    path: "/api/v1/cheques",
    auth: "bearer",
    input: byId("chequeId", "clientChequeId"),
    // No body (S3 reads none): read the cheque for its final state.
    reply: S.NoContent,
    status: 204,
    write: true,
  }),
  // Only an active cheque's description can change; setting it twice is harmless, so it may be retried.
  updateCheque: op({
    apis: PAY,
    method: "PUT",
    path: "/api/v1/cheques",
    auth: "bearer",
    input: byId("chequeId", "clientChequeId", { description: z.string().max(1000) }),
    queryKeys: ["chequeId", "clientChequeId"],
    reply: S.Cheque,
    status: 200,
    write: false,
  }),
  getCheque: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/cheque",
    auth: "bearer",
    input: byId("chequeId", "clientChequeId"),
    reply: S.Cheque,
    status: 200,
    write: false,
  }),

  // ---------------------------------------------------------------- Pay: transfers
  // Transfers to users are payouts on the wire (real-api.md table B); the names stay ours.
  createTransfer: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/payouts",
    auth: "bearer",
    input: S.CreateTransferRequest,
    reply: S.Transfer,
    status: 201,
    write: true,
  }),
  getTransfers: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/payouts",
    auth: "bearer",
    input: z.object({ cursor: S.Q.cursor, limit: S.Q.limit, ...dates }),
    reply: S.TransfersPage,
    status: 200,
    write: false,
  }),
  getTransfer: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/payout",
    auth: "bearer",
    input: byId("payoutId", "clientPayoutId"),
    reply: S.Transfer,
    status: 200,
    write: false,
  }),
  createMassTransfer: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/mass-payouts",
    auth: "bearer",
    input: S.CreateMassTransferRequest,
    reply: S.MassTransferResult,
    status: 201,
    write: true,
  }),

  // ---------------------------------------------------------------- Pay: invoices
  createInvoice: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/invoices",
    auth: "bearer",
    input: S.CreateInvoiceRequest,
    reply: S.Invoice,
    status: 201,
    write: true,
  }),
  getInvoices: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/invoices",
    auth: "bearer",
    // Every status unless `status` narrows it (S3's filters); `fiat` keeps invoices priced in that fiat.
    input: z.object({
      asset: S.AssetCode.optional(),
      fiat: z.string().min(1).optional(),
      ids: S.Q.list(z.string().min(1)).optional(),
      status: z.string().min(1).optional(),
      cursor: S.Q.cursor,
      limit: S.Q.limit,
    }),
    reply: S.InvoicesPage,
    status: 200,
    write: false,
  }),
  getInvoice: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/invoice",
    auth: "bearer",
    input: byId("invoiceId", "clientInvoiceId"),
    reply: S.Invoice,
    status: 200,
    write: false,
  }),
  deleteInvoice: op({
    apis: PAY,
    method: "DELETE",
    path: "/api/v1/invoice",
    auth: "bearer",
    input: byId("invoiceId", "clientInvoiceId"),
    // No body (S3 reads none): read the invoice for its final state.
    reply: S.NoContent,
    status: 204,
    write: true,
  }),
  getInvoicePayments: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/invoice/payments",
    auth: "bearer",
    input: byId("invoiceId", "clientInvoiceId", { cursor: S.Q.cursor, limit: S.Q.limit }),
    reply: S.InvoicePaymentsPage,
    status: 200,
    write: false,
  }),
  // Asks for an address to pay the invoice on chain: it moves nothing, and asking again is harmless.
  createInvoicePaymentAddress: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/invoices/payments/address",
    auth: "bearer",
    input: byId("invoiceId", "clientInvoiceId", { payNetwork: z.string().min(1).max(32) }),
    queryKeys: ["invoiceId", "clientInvoiceId"],
    reply: S.InvoicePaymentAddress,
    status: 201,
    write: false,
  }),
  payInvoiceTestnet: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/invoice/pay",
    auth: "bearer",
    // Ours: plays the payer. `amount` for an invoice with a minimum payment (default: the minimum).
    input: z.object({ invoiceId: z.string().min(1), payerId: z.string().optional(), amount: S.Decimal.optional() }),
    queryKeys: ["invoiceId"],
    reply: S.Invoice,
    status: 200,
    write: true,
  }),

  // ---------------------------------------------------------------- Pay: withdrawals
  createWithdrawalLink: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/withdrawal-link",
    auth: "bearer",
    input: S.CreateWithdrawalLinkRequest,
    reply: S.WithdrawalLink,
    status: 201,
    write: true,
  }),
  createWithdrawal: op({
    apis: PAY,
    method: "POST",
    path: "/api/v1/withdrawals",
    auth: "bearer",
    input: S.CreatePayWithdrawalRequest,
    reply: S.PayWithdrawal,
    status: 201,
    write: true,
  }),
  getWithdrawals: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/withdrawals",
    auth: "bearer",
    input: z.object({ cursor: S.Q.cursor, limit: S.Q.limit, status: S.PayWithdrawalStatus.optional(), ...dates }),
    reply: S.PayWithdrawalsPage,
    status: 200,
    write: false,
  }),
  getWithdrawal: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/withdrawal",
    auth: "bearer",
    input: byId("withdrawalId", "clientWithdrawalId"),
    reply: S.PayWithdrawal,
    status: 200,
    write: false,
  }),
  getWithdrawalQuotas: op({
    apis: PAY,
    method: "GET",
    path: "/api/v1/withdrawal-quotas",
    // Every SDK sends the key here (S3, S6); whether an anonymous call is accepted is unconfirmed.
    auth: "optional",
    input: z.object({ network: S.Network, asset: S.AssetCode }),
    reply: S.PayWithdrawalQuota,
    status: 200,
    write: false,
  }),
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type OperationInput<K extends OperationId> = z.output<Operations[K]["input"]>;
export type OperationReply<K extends OperationId> = z.output<Operations[K]["reply"]>;

/** The reply of operation `K` as interface `A` answers it. */
export type OperationReplyOn<K extends OperationId, A extends Api> = Operations[K] extends {
  replyOn: { [P in A]: infer R extends z.ZodType };
}
  ? z.output<R>
  : OperationReply<K>;

/** The reply schema of an operation as interface `api` answers it. */
export const replyOf = (def: OperationDef, api: Api): z.ZodType => def.replyOn?.[api] ?? def.reply;

/** Operation ids served by one interface, e.g. `ExchangeOperationId` includes `getRates`. */
export type OperationIdOf<A extends Api> = {
  [K in OperationId]: A extends Operations[K]["apis"][number] ? K : never;
}[OperationId];

/** The operations one interface serves (the shared ones included). */
export const operationIdsOf = (api: Api): OperationId[] =>
  (Object.keys(operations) as OperationId[]).filter((id) =>
    (operations[id].apis as readonly Api[]).includes(api),
  );
