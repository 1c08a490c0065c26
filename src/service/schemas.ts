/**
 * Zod schemas of the service contract (`openapi.yaml` beside this file). Both the clients and the
 * simulator use them, so the contract is described in exactly one place. Request schemas are the
 * contract's constraints; reply schemas keep unknown members out (zod strips them) so that a reply
 * gaining a field does not break us, while a missing or malformed field is a typed error.
 */
import { z } from "zod";
import { NETWORK_CODES } from "../domain/networks.js";

// ------------------------------------------------------------------ primitives

export const DECIMAL_PATTERN = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
export const Decimal = z.string().regex(DECIMAL_PATTERN, "a plain non-negative decimal string");
export const SignedDecimal = z.string().regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/);
export const Timestamp = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z$/);
/**
 * A moment a client sends (a filter's bounds): RFC 3339 date-time, in UTC (`Z`) or with an offset
 * (`+03:00`), as the public Exchange client sends it (S4, `datetime({ offset: true })`) and as the
 * Payments SDK documents its dates ("ISO 8601", S3). What the service sends back is always UTC.
 */
export const RequestTimestamp = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/)
  .refine((v) => Number.isFinite(Date.parse(v)), "not a valid date-time");
export const SymbolCode = z.string().regex(/^[A-Z0-9]+-[A-Z0-9]+$/);
export const AssetCode = z.string().min(1).max(32);
/** The currency rates are quoted in: a fiat code (`USD`) or an asset (`USDT`, S3). */
export const RateBase = z.string().regex(/^[A-Z0-9]{2,10}$/);
export const Network = z.enum(NETWORK_CODES);
export const Side = z.enum(["buy", "sell"]);
/** A client id: 1–64 of `[A-Za-z0-9_-]` (S5); optional on the real service, but we always send one. */
export const ClientId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** Withdrawal client ids are at most 50 characters (S4, and the legacy API's `withdrawalId`). */
const ClientWithdrawalId = ClientId.max(50);
/**
 * The Exchange's client ids of moves and withdrawals: their published schemas give lengths only, no
 * character set (S4's audit), unlike `clientOrderId`.
 */
const ExchangeClientTransferId = z.string().min(1).max(64);
const ExchangeClientWithdrawalId = z.string().min(1).max(50);
/** Who receives a payout or a targeted cheque (S6); the bot sends `telegram_user_id`. */
export const TargetType = z.enum(["user_id", "telegram_user_id", "telegram_username"]);
/**
 * Per-object notification settings the real creates accept (S3, S6): where the service posts the
 * object's status changes and an opaque payload it echoes. Accepted here; the bot decides their use.
 */
export const Callback = z.object({ callbackUrl: z.string().url(), payload: z.json().optional() });
/**
 * Where the service sends the person after paying an invoice or activating a cheque (S3's
 * `InvoiceUrl`, `ChequeUrl`). Accepted and echoed; the simulator's pages do not redirect.
 */
export const RedirectUrls = z.object({ successUrl: z.string().url().optional(), cancelUrl: z.string().url().optional() });
/** Who an invoice is for, in the merchant's terms (S3's `InvoiceCustomer`); accepted and echoed. */
export const InvoiceCustomer = z.object({
  id: z.string().optional(),
  email: z.string().optional(),
  telegramId: z.string().optional(),
  telegramUsername: z.string().optional(),
});
export type Callback = z.infer<typeof Callback>;
const NonEmpty = z.string().min(1);
/**
 * A request rule the real service refuses under a kind of its own (S5: `order_size_and_funds_missing`,
 * S6: `missing_invoice_amount`, …): the issue carries the kind in `params.kind`, and the simulator
 * answers a 400 of that kind rather than a plain validation error.
 */
export const refusedAs = (kind: string, message: string, field: string) => ({
  code: "custom" as const,
  message,
  path: [field],
  params: { kind },
});
/** The kind a failed request rule names (see `refusedAs`), if any. */
export function refusalKindOf(error: z.ZodError): string | undefined {
  const issue = error.issues[0];
  const kind = issue?.code === "custom" ? (issue.params as { kind?: unknown } | undefined)?.kind : undefined;
  return typeof kind === "string" ? kind : undefined;
}
const nullable = <T extends z.ZodType>(t: T) =>
  t
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** Query values arrive as strings on the server; the client sends numbers and booleans. */
const QueryInt = (min: number, max?: number) => {
  const n = z.coerce.number().int().min(min);
  return max === undefined ? n : n.max(max);
};
const QueryBool = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
/** A repeated query parameter (`assets=A&assets=B`); one value arrives as a plain string. */
const QueryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(item).min(1));
/**
 * A list sent either way the sources show it: repeated (`assets=A&assets=B`, S3 and S4) or
 * comma-joined (`assets=A,B`, S6).
 */
const QueryListOrJoined = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    const values: unknown = typeof v === "string" ? [v] : v;
    return Array.isArray(values) ? values.flatMap((x) => (typeof x === "string" ? x.split(",") : [x])) : values;
  }, z.array(item).min(1));

// ------------------------------------------------------------------ errors and health

export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(400).max(599),
  detail: z.string().optional(),
  instance: z.string().optional(),
  kind: z.string().regex(/^[a-z][a-z0-9_]*$/),
  info: z.record(z.string(), z.unknown()).optional(),
});
export type Problem = z.infer<typeof Problem>;

export const Health = z.looseObject({ status: z.string() });
/** The reply of an operation answered with 204 and no body (the Payments deletes, S3). */
export const NoContent = z.undefined();

// ------------------------------------------------------------------ market data

/**
 * A trading pair as the live Swagger describes it (S5): sizes in the base asset, funds in the quote
 * asset, `enableTrading` false for a pair that takes no orders. Decimal places follow from the increments.
 */
export const SymbolInfo = z.object({
  symbol: SymbolCode,
  baseAsset: AssetCode,
  quoteAsset: AssetCode,
  baseMinSize: Decimal,
  quoteMinSize: Decimal,
  baseMaxSize: Decimal,
  quoteMaxSize: Decimal,
  minPrice: Decimal,
  maxPrice: Decimal,
  baseIncrement: Decimal,
  quoteIncrement: Decimal,
  priceIncrement: Decimal,
  enableTrading: z.boolean(),
  openTime: nullable(Timestamp),
  precisions: z.array(Decimal).optional(),
  labels: z.array(z.string()).optional(),
});
export type SymbolInfo = z.infer<typeof SymbolInfo>;
export const SymbolsReply = z.object({ symbols: z.array(SymbolInfo) });

export const Ticker = z.object({
  symbol: SymbolCode,
  startTime: Timestamp,
  endTime: Timestamp,
  open: Decimal,
  close: Decimal,
  high: Decimal,
  low: Decimal,
  last: Decimal,
  changePrice: SignedDecimal,
  changeRate: SignedDecimal,
  baseVolume: Decimal,
  quoteVolume: Decimal,
});
export type Ticker = z.infer<typeof Ticker>;
export const TickersReply = z.object({ tickers: z.array(Ticker) });

/** [start, open, close, high, low, volume]: close comes second. */
export const Candle = z.tuple([Timestamp, Decimal, Decimal, Decimal, Decimal, Decimal]);
/** The real `type` values of getCandles (S5). */
export const CandleType = z.enum([
  "1min",
  "5min",
  "15min",
  "30min",
  "1hour",
  "2hour",
  "4hour",
  "8hour",
  "12hour",
  "1day",
  "1week",
  "1month",
]);
export type CandleType = z.infer<typeof CandleType>;
export const CandlesReply = z.object({ candles: z.array(Candle) });
export const PriceLevel = z.tuple([Decimal, Decimal]);
export const Orderbook = z.object({
  sequence: z.union([z.string(), z.number().int()]).optional(),
  bids: z.array(PriceLevel),
  asks: z.array(PriceLevel),
  bidTotalAmount: Decimal.optional(),
  askTotalAmount: Decimal.optional(),
});
export type Orderbook = z.infer<typeof Orderbook>;
export const Trade = z.object({
  tradeId: z.string(),
  price: Decimal,
  size: Decimal,
  side: Side,
  time: Timestamp,
});
export type Trade = z.infer<typeof Trade>;
export const TradesReply = z.object({ trades: z.array(Trade) });
export const AssetNetwork = z.object({
  network: Network,
  withdrawalEnabled: z.boolean(),
  depositEnabled: z.boolean(),
});
/** A direction an asset may move in between the funding and trading balances (live Swagger audit). */
export const TransferDirection = z.enum(["fundingToTrading", "tradingToFunding"]);
export type TransferDirection = z.infer<typeof TransferDirection>;
/**
 * An Exchange asset. The live Swagger requires `availableTransfers`; `name` and `networks` are this
 * contract's (no public source shows them), so a reply without them is read as naming none.
 */
export const Asset = z.object({
  asset: AssetCode,
  name: z.string().optional(),
  precision: z.number().int().min(0),
  networks: z.array(AssetNetwork).default([]),
  /** The moves between balances the asset allows; a direction not listed is not available. */
  availableTransfers: z.array(TransferDirection),
});
export type Asset = z.infer<typeof Asset>;
/** The price of one unit of `currency` in the requested `base` (S3: items are `{currency, rate}`). */
export const Rate = z.object({ currency: AssetCode, rate: Decimal });
export type Rate = z.infer<typeof Rate>;
/** The Pay interface's rates: a list of `{currency, rate}` (S3). */
export const PayRatesReply = z.array(Rate);
/**
 * The Exchange interface's rates: an object keyed by asset, `{"USDT": {"rate": "1"}}` (S4's client
 * reads them so); a key is an asset code, each value the price of one unit in the requested `base`.
 */
export const ExchangeRatesReply = z.record(AssetCode, z.object({ rate: Decimal }));
/** Fee rates of a pair (fractions: 0.001 is 0.1 %). */
export const TradeFee = z.object({
  symbol: SymbolCode,
  standard: z.object({ maker: Decimal, taker: Decimal }),
});
export type TradeFee = z.infer<typeof TradeFee>;
export const TradeFeesReply = z.object({ fees: z.array(TradeFee) });

// ------------------------------------------------------------------ Exchange: balances and orders

/** An Exchange balance: `balance` = `available` + `holds` (the same shape as a Pay balance). */
export const AccountBalance = z.object({
  asset: AssetCode,
  balance: Decimal,
  available: Decimal,
  holds: Decimal,
});
export type AccountBalance = z.infer<typeof AccountBalance>;
export const AccountBalancesReply = z.object({ balances: z.array(AccountBalance) });
export const BalanceKind = z.enum(["funding", "trading"]);
export type BalanceKind = z.infer<typeof BalanceKind>;

export const OrderType = z.enum(["limit", "market", "stopLimit", "stopMarket"]);
export const TimeInForce = z.enum(["GTC", "IOC", "FOK"]);
export const OrderStatus = z.enum([
  "working",
  "rejected",
  "cancelled",
  "completed",
  "expired",
  "pending",
  "sending",
]);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ["rejected", "cancelled", "completed", "expired"];

export const Order = z.object({
  id: z.string(),
  /** Absent for an order placed without one (the real service makes it optional, S5). */
  clientOrderId: nullable(z.string()),
  symbol: SymbolCode,
  baseAsset: AssetCode,
  quoteAsset: AssetCode,
  side: Side,
  status: OrderStatus,
  type: OrderType,
  timeInForce: TimeInForce,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  dealSize: Decimal,
  dealFunds: Decimal,
  fee: Decimal,
  feeAsset: AssetCode,
  remark: z.string().nullable().optional(),
  size: Decimal.optional(),
  stopTriggered: z.boolean().optional(),
  stopPrice: Decimal.nullable().optional(),
  price: Decimal.nullable().optional(),
  funds: Decimal.nullable().optional(),
});
export type Order = z.infer<typeof Order>;

export const PageMeta = z.object({
  currentPage: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalNum: z.number().int().min(0),
  totalPage: z.number().int().min(0),
});
export const OrdersPage = PageMeta.extend({ orders: z.array(Order) });
export type OrdersPage = z.infer<typeof OrdersPage>;
export const ActiveOrdersReply = z.object({ orders: z.array(Order) });
/** A cancel answers the ids it cancelled, not the order: read the order for its final state. */
export const CancelOrderReply = z.object({ cancelledOrderIds: z.array(z.string()) });

const OrderBase = { symbol: SymbolCode, side: Side };
export const LimitOrderParams = z.object({
  ...OrderBase,
  type: z.literal("limit"),
  timeInForce: TimeInForce,
  size: Decimal,
  price: Decimal,
});
export const MarketOrderParams = z
  .object({
    ...OrderBase,
    type: z.literal("market"),
    timeInForce: z.enum(["IOC", "FOK"]),
    size: Decimal.optional(),
    funds: Decimal.optional(),
  })
  .superRefine((o, ctx) => {
    if (o.size === undefined && o.funds === undefined)
      ctx.addIssue(refusedAs("order_size_and_funds_missing", "send size or funds", "size"));
    else if (o.size !== undefined && o.funds !== undefined)
      ctx.addIssue(refusedAs("order_size_and_funds_mutual_exclusion", "send size or funds, not both", "funds"));
  });
export const StopLimitOrderParams = z.object({
  ...OrderBase,
  type: z.literal("stopLimit"),
  timeInForce: TimeInForce,
  size: Decimal,
  price: Decimal,
  stopPrice: Decimal,
});
export const StopMarketOrderParams = z.object({
  ...OrderBase,
  type: z.literal("stopMarket"),
  timeInForce: z.enum(["IOC", "FOK"]),
  size: Decimal,
  stopPrice: Decimal,
});
export const OrderParams = z.discriminatedUnion("type", [
  LimitOrderParams,
  MarketOrderParams,
  StopLimitOrderParams,
  StopMarketOrderParams,
]);
export type OrderParams = z.infer<typeof OrderParams>;
/** `clientOrderId` is optional on the real service (S5); the bot always sends one. */
export const PlaceOrderRequest = z.intersection(z.object({ clientOrderId: ClientId.optional() }), OrderParams);
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequest>;
export const OrderEstimate = z.object({
  symbol: SymbolCode,
  side: Side,
  type: OrderType,
  size: Decimal,
  funds: Decimal,
  price: Decimal,
  fee: Decimal,
  feeAsset: AssetCode,
});

// ------------------------------------------------------------------ Exchange: funding and moves

export const ExchangeWithdrawalStatus = z.enum(["pending", "processing", "completed", "failed", "cancelled"]);
export const CreateExchangeWithdrawalRequest = z.object({
  clientWithdrawalId: ExchangeClientWithdrawalId,
  network: Network,
  address: NonEmpty,
  asset: AssetCode,
  amount: Decimal,
  comment: z.string().optional(),
});
export const ExchangeWithdrawal = z.object({
  id: z.string(),
  clientWithdrawalId: z.string(),
  network: Network,
  address: z.string(),
  asset: AssetCode,
  amount: Decimal,
  fee: Decimal,
  feeAsset: AssetCode,
  status: ExchangeWithdrawalStatus,
  txHash: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ExchangeWithdrawal = z.infer<typeof ExchangeWithdrawal>;
export const ExchangeWithdrawalsPage = PageMeta.extend({ withdrawals: z.array(ExchangeWithdrawal) });
export const ExchangeWithdrawalQuota = z.object({
  network: Network,
  asset: AssetCode,
  minAmount: Decimal,
  maxAmount: Decimal,
  available: Decimal,
  precision: z.number().int().min(0),
  fee: Decimal,
  feeAsset: AssetCode,
});

export const CreateBalanceTransferRequest = z
  .object({
    /** Optional on the real service (S5); the bot always sends one. */
    clientTransferId: ExchangeClientTransferId.optional(),
    asset: AssetCode,
    amount: Decimal,
    from: BalanceKind,
    to: BalanceKind,
  })
  .refine((r) => r.from !== r.to, { message: "from and to must differ", path: ["to"] });
export const ExchangeTransfer = z.object({
  id: z.string(),
  clientTransferId: nullable(z.string()),
  asset: AssetCode,
  amount: Decimal,
  from: BalanceKind,
  to: BalanceKind,
  status: z.enum(["completed", "failed"]),
  createdAt: Timestamp,
});
export type ExchangeTransfer = z.infer<typeof ExchangeTransfer>;
export const ExchangeTransfersPage = PageMeta.extend({ transfers: z.array(ExchangeTransfer) });

// ------------------------------------------------------------------ Pay: application and currencies

/** S3 shows `{id, name}`; `ownerId` is this simulator's extra, used only when present. */
export const AppInfo = z.object({ id: z.string(), name: nullable(z.string()), ownerId: nullable(z.string()) });
export type AppInfo = z.infer<typeof AppInfo>;
export const PayBalance = z.object({
  asset: AssetCode,
  balance: Decimal,
  available: Decimal,
  holds: Decimal,
});
export type PayBalance = z.infer<typeof PayBalance>;
export const PayBalances = z.object({ balances: z.array(PayBalance) });
/** The kinds of currency the list can be filtered by (S6). */
export const CurrencyKind = z.enum(["crypto", "fiat"]);
/**
 * A currency as the real service lists it (S3, S6): `{code, title, kind, networks: [{code}]}`. No
 * source shows precision or minimums; this simulator sends them, and the bot checks amounts against
 * them when present (otherwise the service's refusal is the check).
 */
export const Currency = z.object({
  code: AssetCode,
  title: nullable(z.string()),
  /** `crypto` or `fiat`, kept as it comes. */
  kind: nullable(z.string()),
  networks: z.array(z.looseObject({ code: z.string() })).default([]),
  precision: z.number().int().min(0).optional(),
  minTransfer: Decimal.optional(),
  minCheque: Decimal.optional(),
  minInvoice: Decimal.optional(),
  minWithdrawal: Decimal.optional(),
});
export type Currency = z.infer<typeof Currency>;
/** A Payments list page: `pagination.next` is the cursor of the next page, null (or absent) on the last. */
export const Pagination = z.object({
  total: z.number().int().min(0).optional(),
  next: nullable(z.string()),
});
const cursorPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), pagination: Pagination });

// ------------------------------------------------------------------ Pay: cheques

/** The states a cheque list can be filtered by (S6); a reply's state is kept as it comes. */
export const ChequeState = z.enum(["active", "completed", "draft", "error"]);
export type ChequeState = z.infer<typeof ChequeState>;
export const CreateChequeRequest = z
  .object({
    asset: AssetCode,
    amount: Decimal,
    /** Optional on the real service (S3); without one a lost reply cannot be read back. */
    clientChequeId: ClientId.optional(),
    description: z.string().optional(),
    password: z.string().optional(),
    targetType: TargetType.optional(),
    target: z.string().optional(),
    callback: Callback.optional(),
    url: RedirectUrls.optional(),
  })
  .refine((r) => (r.target === undefined) === (r.targetType === undefined), {
    message: "target and targetType go together",
    path: ["target"],
  });
export type CreateChequeRequest = z.infer<typeof CreateChequeRequest>;
/**
 * A cheque. Only `chequeId` is certain: the SDK models (S3) make every other field optional and its
 * tests' replies carry `chequeId` with one or two more, so the rest is null when absent.
 */
export const Cheque = z.object({
  chequeId: z.string(),
  clientChequeId: nullable(z.string()),
  asset: nullable(AssetCode),
  amount: nullable(Decimal),
  description: nullable(z.string()),
  targetType: nullable(z.string()),
  target: nullable(z.string()),
  state: nullable(z.string()),
  /** A deleted (cancelled) cheque is still readable, with `deleted: true`; lists leave it out. */
  deleted: z.boolean().optional().transform((v) => v ?? false),
  links: z
    .object({ telegramBotLink: z.string().optional() })
    .optional()
    .transform((l) => l ?? {}),
  createdAt: nullable(Timestamp),
  callback: z.looseObject({ callbackUrl: z.string() }).optional(),
  url: z.looseObject({}).optional(),
});
export type Cheque = z.infer<typeof Cheque>;
export const ChequesPage = cursorPage(Cheque);

// ------------------------------------------------------------------ Pay: transfers (payouts on the wire)

/**
 * The source document's "transfer to a user" is a payout on the real service (S3, S6, S8): our
 * operation ids keep the domain name (`createTransfer`), the wire's ids are `payoutId`/`clientPayoutId`.
 */
export const CreateTransferRequest = z.object({
  target: NonEmpty,
  targetType: TargetType,
  asset: AssetCode,
  amount: Decimal,
  /** Optional on the real service (S3); the bot always sends one. */
  clientPayoutId: ClientId.optional(),
  description: z.string().optional(),
  callback: Callback.optional(),
});
export type CreateTransferRequest = z.infer<typeof CreateTransferRequest>;
/**
 * A payout; `status` is kept as it comes (sources show `pending`, `paid`, `failed` and others). Only
 * `payoutId` is certain: S3's models make the rest optional and its test replies omit them.
 */
export const Transfer = z.object({
  payoutId: z.string(),
  clientPayoutId: nullable(z.string()),
  target: nullable(z.string()),
  targetType: nullable(z.string()),
  asset: nullable(AssetCode),
  amount: nullable(Decimal),
  description: nullable(z.string()),
  status: nullable(z.string()),
  createdAt: nullable(Timestamp),
  callback: z.looseObject({ callbackUrl: z.string() }).optional(),
});
export type Transfer = z.infer<typeof Transfer>;
export const TransfersPage = cursorPage(Transfer);

export const MassTransferItem = z.object({
  target: NonEmpty,
  targetType: TargetType,
  amount: Decimal,
  /** Optional on the real service (S3's test sends an item without one); the mass engine always sends one. */
  clientPayoutId: ClientId.optional(),
  description: z.string().optional(),
  callback: Callback.optional(),
});
export type MassTransferItem = z.infer<typeof MassTransferItem>;
/** Items one mass payout may carry (S6: 1..500). */
export const MASS_TRANSFER_MAX_ITEMS = 500;
export const CreateMassTransferRequest = z.object({
  asset: AssetCode,
  payouts: z.array(MassTransferItem).min(1).max(MASS_TRANSFER_MAX_ITEMS),
});
/** A refused item: the item as sent, with the problem that refused it. */
export const MassTransferError = z.looseObject({ clientPayoutId: nullable(z.string()), reason: Problem });
export type MassTransferError = z.infer<typeof MassTransferError>;
export const MassTransferResult = z.object({
  successPayouts: z.array(Transfer),
  errorPayouts: z.array(MassTransferError),
});
export type MassTransferResult = z.infer<typeof MassTransferResult>;

// ------------------------------------------------------------------ Pay: invoices

/**
 * The unit of an invoice's `expiresIn`: milliseconds. Evidence: the SDK generated from the reference
 * (S3) and a bot calling the service (S8) send milliseconds; one SDK's docs (S6) say seconds. One
 * constant, so that a live check changes one line.
 */
export const INVOICE_EXPIRES_IN_MS_PER_UNIT = 1;
/** `expiresIn` for a lifetime of `seconds`. */
export const invoiceExpiresIn = (seconds: number): number => (seconds * 1000) / INVOICE_EXPIRES_IN_MS_PER_UNIT;

/**
 * An invoice priced in `priceCurrency` (S3, S6): either a fixed `priceAmount` or a `minPayment` the
 * payer may exceed, never both; `numPayments` payments close it (default 1).
 */
export const CreateInvoiceRequest = z
  .object({
    /** Optional on the real service (S3); the bot always sends one. */
    clientInvoiceId: ClientId.optional(),
    priceCurrency: AssetCode,
    priceAmount: Decimal.optional(),
    minPayment: Decimal.optional(),
    numPayments: z.number().int().min(1).optional(),
    /** The crypto currency the owner is paid in (S3). */
    payoutCurrency: AssetCode.optional(),
    payCurrencies: z.array(AssetCode).min(1).optional(),
    description: z.string().max(1000).optional(),
    expiresIn: z.number().int().min(1).optional(),
    isFeePaidByUser: z.boolean().optional(),
    callback: Callback.optional(),
    url: RedirectUrls.optional(),
    customer: InvoiceCustomer.optional(),
    /** Custom data echoed in callbacks, at most 4 KB (S3). */
    data: z.record(z.string(), z.json()).optional(),
    /** A platform identifier "provided by xRocket" (S3); its values are not published. */
    platformId: z.string().min(1).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.priceAmount === undefined && r.minPayment === undefined)
      ctx.addIssue(refusedAs("missing_invoice_amount", "send priceAmount or minPayment", "priceAmount"));
    else if (r.priceAmount !== undefined && r.minPayment !== undefined)
      ctx.addIssue(refusedAs("amount_conflict", "send priceAmount or minPayment, not both", "minPayment"));
  });
export type CreateInvoiceRequest = z.infer<typeof CreateInvoiceRequest>;
/** Links of an invoice: each may be missing. */
export const InvoiceLinks = z.object({
  telegramBotLink: z.string().optional(),
  telegramMiniAppLink: z.string().optional(),
  webLink: z.string().optional(),
});
/** An invoice as the service answers it; `status` is an open list (this simulator: active, paid, expired, deleted). */
export const Invoice = z.object({
  id: z.string(),
  clientInvoiceId: nullable(z.string()),
  priceCurrency: nullable(AssetCode),
  priceAmount: nullable(Decimal),
  minPayment: nullable(Decimal),
  numPayments: nullable(z.number().int()),
  payCurrencies: z.array(z.string()).optional(),
  description: nullable(z.string()),
  /** As sent, in milliseconds (see INVOICE_EXPIRES_IN_MS_PER_UNIT). */
  expiresIn: nullable(z.number()),
  status: nullable(z.string()),
  createdAt: nullable(Timestamp),
  expiresAt: nullable(Timestamp),
  links: InvoiceLinks.optional().transform((l) => l ?? {}),
  // Echoed as sent; its payload may be any JSON (S3).
  callback: z.looseObject({ callbackUrl: z.string() }).optional(),
  url: z.looseObject({}).optional(),
  customer: z.looseObject({}).optional(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoicesPage = cursorPage(Invoice);

/** One transaction of an invoice payment: `internal` (inside the service) or `blockchain` (S3 models). */
export const InvoiceTransaction = z.looseObject({
  id: z.string(),
  status: z.string(),
  type: z.string(),
  createdAt: z.string().optional(),
  payer: z
    .looseObject({
      telegramId: z.string().optional(),
      telegramUsername: z.string().optional(),
      email: z.string().optional(),
    })
    .optional(),
  tx: z.looseObject({ network: z.string().optional(), txHash: z.string().optional() }).optional(),
});
/** A payment towards an invoice: what was paid and what the owner receives; statuses kept as they come. */
export const InvoicePayment = z.object({
  id: z.string(),
  status: z.string(),
  finalizedAt: nullable(z.string()),
  payAmount: Decimal,
  payCurrency: AssetCode,
  receiveAmount: nullable(Decimal),
  receiveCurrency: nullable(AssetCode),
  transactions: z.array(InvoiceTransaction).default([]),
});
export type InvoicePayment = z.infer<typeof InvoicePayment>;
/** Who paid, as a payment's transaction names them: a Telegram id, a username or an e-mail (any may be missing). */
export type InvoicePayer = NonNullable<InvoicePayment["transactions"][number]["payer"]>;
/** The payer the payment's first transaction names, if any. */
export const paymentPayer = (p: InvoicePayment): InvoicePayer | undefined =>
  p.transactions.find((tx) => tx.payer !== undefined)?.payer;
export const InvoicePaymentsPage = cursorPage(InvoicePayment);
/** An on-chain address the payer can pay the invoice to (S3). */
export const InvoicePaymentAddress = z.object({
  address: z.string().min(1),
  payCurrency: AssetCode,
  payNetwork: z.string(),
  expiresAt: nullable(Timestamp),
  minAmount: nullable(Decimal),
});
export type InvoicePaymentAddress = z.infer<typeof InvoicePaymentAddress>;

// ------------------------------------------------------------------ Pay: withdrawals

export const CreateWithdrawalLinkRequest = z.object({
  network: Network,
  address: NonEmpty,
  asset: AssetCode,
  amount: Decimal,
  comment: z.string().optional(),
  /** Where the link is meant to be opened (S6 names the field; its values are not published). */
  platform: z.string().min(1).optional(),
});
/** The links of a withdrawal link, flat in the reply (S3, S6); each may be missing. */
export const WithdrawalLink = z.object({
  telegramBotLink: z.string().optional(),
  telegramMiniAppLink: z.string().optional(),
  webLink: z.string().optional(),
});
export type WithdrawalLink = z.infer<typeof WithdrawalLink>;
export const CreatePayWithdrawalRequest = z.object({
  clientWithdrawalId: ClientWithdrawalId,
  network: Network,
  address: NonEmpty,
  asset: AssetCode,
  amount: Decimal,
  comment: z.string().optional(),
  callback: Callback.optional(),
});
export type CreatePayWithdrawalRequest = z.infer<typeof CreatePayWithdrawalRequest>;
/** The statuses a withdrawal list can be filtered by (S6); a reply's status is kept as it comes. */
export const PayWithdrawalStatus = z.enum(["CREATED", "COMPLETED", "FAIL"]);
/**
 * A withdrawal. Only `withdrawalId` is certain (S3 models: the rest optional; its test replies carry
 * `withdrawalId` with `status: "pending"` or a callback), so every other field is null when absent.
 */
export const PayWithdrawal = z.object({
  withdrawalId: z.string(),
  clientWithdrawalId: nullable(z.string()),
  network: nullable(z.string()),
  address: nullable(z.string()),
  asset: nullable(AssetCode),
  amount: nullable(Decimal),
  fee: nullable(Decimal),
  status: nullable(z.string()),
  comment: nullable(z.string()),
  txHash: nullable(z.string()),
  txLink: nullable(z.string()),
  createdAt: nullable(Timestamp),
  callback: z.looseObject({ callbackUrl: z.string() }).optional(),
});
export type PayWithdrawal = z.infer<typeof PayWithdrawal>;
export const PayWithdrawalsPage = cursorPage(PayWithdrawal);
/** A Payments withdrawal's terms for one asset and network, in the real field names (S3). */
export const PayWithdrawalQuota = z.object({
  withdrawMinSize: Decimal,
  withdrawFee: Decimal,
  withdrawFeeAsset: AssetCode,
  precision: z.number().int().min(0),
  /** No source shows a maximum; this simulator sends one, and the bot applies it when present. */
  withdrawMaxSize: Decimal.optional(),
});
export type PayWithdrawalQuota = z.infer<typeof PayWithdrawalQuota>;

// ------------------------------------------------------------------ query parameter groups

export const Q = {
  int: QueryInt,
  bool: QueryBool,
  list: QueryList,
  listOrJoined: QueryListOrJoined,
  currentPage: QueryInt(1).optional(),
  pageSize: QueryInt(1, 100).optional(),
  cursor: z.string().optional(),
  /** Payments lists take 1..1000 (S6). */
  limit: QueryInt(1, 1000).optional(),
};
