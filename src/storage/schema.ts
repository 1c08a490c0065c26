/**
 * Kysely table types of the bot's database. Timestamps are epoch milliseconds in `bigint` columns (they
 * sort and compare as numbers on both dialects); JSON is stored as text. PostgreSQL int8 values are
 * parsed to numbers by the pool (see database.ts), so every bigint column reads as a JS number.
 */
export interface UsersTable {
  telegram_id: number;
  language: string | null;
  network: string;
  /** AES-256-GCM ciphertext, nonce and tag of the service key, base64; all null when no key is linked. */
  key_ciphertext: string | null;
  key_nonce: string | null;
  key_tag: string | null;
  /** Version of the encryption key that produced the ciphertext (for rotation). */
  key_version: number | null;
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
  created_at: number;
  updated_at: number;
}

export interface KvTable {
  namespace: string;
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  operations: OperationsTable;
  kv: KvTable;
}
