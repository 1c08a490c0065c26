/**
 * Re-encrypts every sealed value (SEALED_COLUMNS: service keys, webhook secrets) under the current
 * encryption key version. Safe while bots run: a row is rewritten only if it still holds the
 * ciphertext that was read (a value saved or removed meanwhile is left alone, and is under the current
 * version already), and bots accept the previous versions (KEY_ENCRYPTION_PREVIOUS_KEYS) until it is
 * done. Values already under the current version are decrypted too, so "nothing unreadable" means
 * every stored value reads with the configured keys. Running it twice changes nothing.
 */
import { type Kysely, sql } from "kysely";
import { type KeyCipher, KeyDecryptionError } from "./key-crypto.js";
import type { Database } from "./schema.js";
import { SEALED_COLUMNS, type SealedColumns, seal, sealedRecord } from "./sealed-columns.js";

export interface ValueRotation {
  label: string;
  table: string;
  prefix: string;
  /** Values re-encrypted by this run. */
  rotated: number;
  /** Values already under the current version (and readable). */
  current: number;
  /** Values changed by a bot while this run read them (they are current now). */
  changedMeanwhile: number;
  /** Values that could not be decrypted: left as they were. */
  unreadable: number;
}

/** Where a value that could not be read is: never what it holds. */
export interface UnreadableValue {
  table: string;
  column: string;
  id: number;
  version: number;
  reason: KeyDecryptionError["reason"];
}

export interface RotationReport {
  /** One entry per sealed value, in SEALED_COLUMNS' order. */
  values: ValueRotation[];
  /** The first MAX_LISTED unreadable values (the counts above have them all). */
  unreadable: UnreadableValue[];
}

const PAGE = 200;
const MAX_LISTED = 1000;

interface SealedRow {
  id: number | string;
  [column: string]: string | number | null;
}

/** Rotates every sealed value not under `cipher.currentVersion`; never logs or returns what a value holds. */
export async function rotateKeys(
  db: Kysely<Database>,
  cipher: KeyCipher,
  columns: readonly SealedColumns[] = SEALED_COLUMNS,
): Promise<RotationReport> {
  const report: RotationReport = { values: [], unreadable: [] };
  for (const c of columns) report.values.push(await rotateColumns(db, cipher, c, report.unreadable));
  return report;
}

async function rotateColumns(
  db: Kysely<Database>,
  cipher: KeyCipher,
  c: SealedColumns,
  unreadable: UnreadableValue[],
): Promise<ValueRotation> {
  const counts: ValueRotation = {
    label: c.label,
    table: c.table,
    prefix: c.prefix,
    rotated: 0,
    current: 0,
    changedMeanwhile: 0,
    unreadable: 0,
  };
  const col = (suffix: string) => sql.ref(`${c.prefix}_${suffix}`);
  const id = sql.ref(c.id);
  // Rows are named by the id and the context columns (a user has a key per network): paged by all of them.
  const rowKey = [c.id, ...c.context];
  const keyTuple = sql.join(rowKey.map((n) => sql.ref(n)));
  let after: (string | number)[] | undefined;
  for (;;) {
    const { rows } = await sql<SealedRow>`
      select ${id} as id, ${sql.join([...c.context, ...["ciphertext", "nonce", "tag", "version"].map((s) => `${c.prefix}_${s}`)].map((n) => sql.ref(n)))}
      from ${sql.table(c.table)}
      where ${col("ciphertext")} is not null ${after === undefined ? sql`` : sql`and (${keyTuple}) > (${sql.join(after)})`}
      order by ${keyTuple}
      limit ${PAGE}`.execute(db);
    if (rows.length === 0) return counts;
    const last = rows.at(-1)!;
    after = [Number(last.id), ...c.context.map((n) => String(last[n] ?? ""))];
    for (const row of rows) {
      const rowId = Number(row.id);
      const context = Object.fromEntries(c.context.map((n) => [n, String(row[n] ?? "")]));
      const skip = (reason: KeyDecryptionError["reason"]) => {
        counts.unreadable++;
        if (unreadable.length < MAX_LISTED) {
          const version = Number(row[`${c.prefix}_version`] ?? 0);
          unreadable.push({ table: c.table, column: `${c.prefix}_ciphertext`, id: rowId, version, reason });
        }
      };
      const record = sealedRecord(c, row);
      if (!record) {
        skip("malformed");
        continue;
      }
      let plaintext: string;
      try {
        plaintext = cipher.decrypt(record, c.aad(rowId, context));
      } catch (err) {
        if (!(err instanceof KeyDecryptionError)) throw err;
        skip(err.reason);
        continue;
      }
      if (record.version === cipher.currentVersion) {
        counts.current++;
        continue;
      }
      const sealed = seal(cipher, c, plaintext, rowId, context);
      const result = await sql`
        update ${sql.table(c.table)}
        set ${sql.join(Object.entries(sealed).map(([name, value]) => sql`${sql.ref(name)} = ${value}`))}
        where ${id} = ${rowId} ${c.context.length === 0 ? sql`` : sql.join(c.context.map((n) => sql`and ${sql.ref(n)} = ${context[n]}`), sql` `)} and ${col("ciphertext")} = ${row[`${c.prefix}_ciphertext`]}`.execute(db);
      if ((result.numAffectedRows ?? 0n) > 0n) counts.rotated++;
      else counts.changedMeanwhile++;
    }
  }
}
