/**
 * Kysely table types of the bot's database. Timestamps are epoch milliseconds in `bigint` columns (they
 * sort and compare as numbers on both dialects); JSON is stored as text. PostgreSQL int8 values are
 * parsed to numbers by the pool (see database.ts), so every bigint column reads as a JS number.
 */
import type { Generated } from "kysely";

export interface UsersTable {
  telegram_id: number;
  language: string | null;
  /** The network the person acts on now (its key, if linked, is in service_keys). */
  network: string;
  /** The currency balances are valued in (migration 024); null: USD. */
  fiat: string | null;
  /** IANA time zone the person picked; null: UTC (migration 014). */
  time_zone: string | null;
  created_at: number;
  updated_at: number;
}

/** A user's service key for one network (migration 023): one row per (user, network). */
export interface ServiceKeysTable {
  telegram_id: number;
  network: string;
  /** AES-256-GCM ciphertext, nonce and tag of the key, base64, bound to the user and the network. */
  key_ciphertext: string;
  key_nonce: string;
  key_tag: string;
  /** Version of the encryption key that produced the ciphertext (for rotation). */
  key_version: number;
  account_name: string | null;
  created_at: number;
  updated_at: number;
}

export interface OperationsTable {
  id: string;
  telegram_id: number;
  chat_id: number;
  kind: string;
  network: string;
  payload: string;
  state: string;
  result: string | null;
  error: string | null;
  message_id: number | null;
  expires_at: number;
  /** What the summary message becomes when it expires unanswered (migration 036). */
  expired_text: string | null;
  /** The payload's asset, when it names one (migration 047). */
  asset: string | null;
  /** A transfer's recipient: the other person whose history shows it (migration 047). */
  counterparty: number | null;
  created_at: number;
  updated_at: number;
}

export interface KvTable {
  namespace: string;
  key: string;
  value: string;
  updated_at: number;
}

/** A mass-transfer job (migration 002). `status`: see MassJobStatus in src/mass/store.ts. */
export interface MassJobsTable {
  id: string;
  admin_id: number;
  chat_id: number;
  network: string;
  /** The Pay application the rows are paid from, checked again before sending resumes. */
  account_id: string | null;
  account_name: string | null;
  /** How recipients' notifications name the sender (chosen in /mass); null when not notifying. */
  sender_name: string | null;
  /** The admin's language when the job was made, for messages the job sends later. */
  locale: string | null;
  status: string;
  /** The uploaded list while the job is a draft; cleared once its rows are planned. */
  input_text: string | null;
  /** sha256 (hex) of the normalised, validated input. */
  input_digest: string | null;
  dup_policy: string | null;
  notify: number;
  rows_total: number;
  /** JSON: total per asset (decimal strings). */
  totals: string | null;
  operation_id: string | null;
  progress_message_id: number | null;
  /** Unused (the job engine runs one run of a job at a time; `lease` fences a run that lost it). */
  runner_id: string | null;
  lease_until: number | null;
  /** Taken by each run (+1) and checked in every write that commits a step (migration 013). */
  lease: Generated<number>;
  error: string | null;
  report_sent: number;
  notify_done: number;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One recipient row of a job; `client_id` is the fixed clientTransferId of that row. */
export interface MassRowsTable {
  job_id: string;
  row_no: number;
  /** Line number(s) of the input the row came from ("3" or "3 7" when merged). */
  lines: string;
  target: string;
  asset: string;
  amount: string;
  description: string | null;
  client_id: string;
  state: string;
  transfer_id: string | null;
  error: string | null;
  attempts: number;
  /** 0 pending, 1 sent (or being sent), 2 unreachable (403 and the like), 3 failed. */
  notified: number;
  updated_at: number;
  /** The client ids (space-separated) of an earlier job's rows this one pays again (032-mass-retry). */
  origin: string | null;
  /** The later job that pays this row again, once it started (032-mass-retry). */
  retried_by: string | null;
}

/** Who started which job, when, from what input, and how it ended. */
export interface MassAuditTable {
  job_id: string;
  admin_id: number;
  network: string;
  account_id: string | null;
  input_digest: string;
  rows_total: number;
  totals: string;
  dup_policy: string;
  notify: number;
  confirmed_at: number;
  outcome: string;
  paid_rows: number | null;
  failed_rows: number | null;
  skipped_rows: number | null;
  paid_totals: string | null;
  finished_at: number | null;
}

/** Notice settings of a user (migration 007); the webhook secret is sealed like service keys. */
export interface NotifySettingsTable {
  telegram_id: number;
  invoices: Generated<number>;
  cheques: Generated<number>;
  orders: Generated<number>;
  alerts: Generated<number>;
  transfers: Generated<number>;
  quiet_from: number | null;
  quiet_to: number | null;
  blocked: Generated<number>;
  secret_ciphertext: string | null;
  secret_nonce: string | null;
  secret_tag: string | null;
  secret_version: number | null;
  updated_at: number;
}

/** The watcher's schedule for one user and one kind of object (invoice, cheque, order). */
export interface WatchSlotsTable {
  telegram_id: number;
  kind: string;
  next_poll_at: number;
  active_at: number;
  baseline: number;
}

/** What the watcher last saw of one object. */
export interface WatchObjectsTable {
  telegram_id: number;
  kind: string;
  object_id: string;
  state: string;
  open: number;
  updated_at: number;
}

/** A notice owed to a user: one row per change. */
export interface NoticesTable {
  id: string;
  telegram_id: number;
  topic: string;
  payload: string;
  state: string;
  created_at: number;
  not_before: number;
  sent_at: number | null;
}

export interface PriceAlertsTable {
  id: string;
  telegram_id: number;
  network: string;
  symbol: string;
  direction: string;
  price: string;
  repeat: number;
  armed: number;
  fired_count: Generated<number>;
  last_fired_at: number | null;
  created_at: number;
}

export interface CallbackDeliveriesTable {
  delivery_id: string;
  telegram_id: number;
  received_at: number;
}

export interface Database {
  users: UsersTable;
  service_keys: ServiceKeysTable;
  operations: OperationsTable;
  kv: KvTable;
  mass_jobs: MassJobsTable;
  mass_rows: MassRowsTable;
  mass_audit: MassAuditTable;
  outbox: OutboxTable;
  processed_updates: ProcessedUpdatesTable;
  notify_settings: NotifySettingsTable;
  watch_slots: WatchSlotsTable;
  watch_objects: WatchObjectsTable;
  notices: NoticesTable;
  price_alerts: PriceAlertsTable;
  callback_deliveries: CallbackDeliveriesTable;
  known_people: KnownPeopleTable;
  chat_turns: ChatTurnsTable;
  chat_turn_waiters: ChatTurnWaitersTable;
  watch_instances: WatchInstancesTable;
}

/** The live watcher instances and their leases (042-watch-instances). */
export interface WatchInstancesTable {
  instance_id: string;
  lease_until: number;
  started_at: number;
}

/** Which instance's update has a chat's turn (038-chat-turns; written on PostgreSQL only). */
export interface ChatTurnsTable {
  chat_key: string;
  holder: string;
  update_id: number;
  lease_until: number;
  handled_through: number;
  version: number;
}

/** Updates waiting for their chat's turn, lowest id first (038-chat-turns). */
export interface ChatTurnWaitersTable {
  chat_key: string;
  update_id: number;
  lease_until: number;
}

/** Display names of people the bot has seen (015-known-people). */
export interface KnownPeopleTable {
  telegram_id: number;
  name: string | null;
  username: string | null;
  /** Telegram's language_code of the person's app (migration 048). */
  language: string | null;
  updated_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  chat_id: number;
  group_key: string | null;
  ref: string | null;
  payload: string;
  state: string;
  attempts: number;
  not_before: number;
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface ProcessedUpdatesTable {
  update_id: number;
  taken_at: number;
}
