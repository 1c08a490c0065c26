/**
 * Every value the database holds encrypted, in one list. A sealed value takes four columns of its
 * row: `<prefix>_ciphertext`, `<prefix>_nonce` and `<prefix>_tag` (base64) and `<prefix>_version` (the
 * encryption key's version), all null when no value is stored. The repositories seal and open values
 * through this module and key rotation walks the list, so a value listed here is rotated; a test fails
 * when the schema holds a `_ciphertext` column that is not listed.
 */
import { type EncryptedKey, type KeyCipher, keyAad } from "./key-crypto.js";
import type { Database } from "./schema.js";

export interface SealedColumns<P extends string = string> {
  /** What the values are, as the rotation's report names them. */
  label: string;
  table: keyof Database;
  prefix: P;
  /** The row's id column (rows are read and rewritten by it and `context`, in that order). */
  id: "telegram_id";
  /** Further columns of the row that the associated data is made of; with `id`, they name the row. */
  context: readonly string[];
  /** The associated data: binds a ciphertext to its row, so a value copied to another row does not decrypt. */
  aad(id: number, context: Readonly<Record<string, string>>): string;
}

/** A user's service key for one network, bound to the user and that network (a row per both). */
export const SERVICE_KEY: SealedColumns<"key"> = {
  label: "service keys",
  table: "service_keys",
  prefix: "key",
  id: "telegram_id",
  context: ["network"],
  aad: (id, context) => keyAad(id, context.network ?? ""),
};

/** The webhook secret of a user's service application (stored with /notify), bound to the user. */
export const WEBHOOK_SECRET: SealedColumns<"secret"> = {
  label: "webhook secrets",
  table: "notify_settings",
  prefix: "secret",
  id: "telegram_id",
  context: [],
  aad: (id) => `webhook-secret:${id}`,
};

/** Every sealed value; `npm run rotate-keys` re-encrypts each of them. */
export const SEALED_COLUMNS: readonly SealedColumns[] = [SERVICE_KEY, WEBHOOK_SECRET];

/** The four columns of a sealed value, as written to its row. */
export type SealedFields<P extends string> = Record<`${P}_ciphertext` | `${P}_nonce` | `${P}_tag`, string> &
  Record<`${P}_version`, number>;

/** The same columns as read back: null when no value is stored. */
export type StoredSealedFields<P extends string> = Partial<
  Record<`${P}_ciphertext` | `${P}_nonce` | `${P}_tag`, string | null> & Record<`${P}_version`, number | null>
>;

/** The four columns all null: no value stored. */
export function noSealedValue<P extends string>(columns: SealedColumns<P>): Record<`${P}_${"ciphertext" | "nonce" | "tag" | "version"}`, null> {
  const p = columns.prefix;
  return { [`${p}_ciphertext`]: null, [`${p}_nonce`]: null, [`${p}_tag`]: null, [`${p}_version`]: null } as Record<
    `${P}_${"ciphertext" | "nonce" | "tag" | "version"}`,
    null
  >;
}

/** Encrypts `plaintext` for the row under the current key version; returns the columns to write. */
export function seal<P extends string>(
  cipher: KeyCipher,
  columns: SealedColumns<P>,
  plaintext: string,
  id: number,
  context: Readonly<Record<string, string>> = {},
): SealedFields<P> {
  const sealed = cipher.encrypt(plaintext, columns.aad(id, context));
  const p = columns.prefix;
  return {
    [`${p}_ciphertext`]: sealed.ciphertext.toString("base64"),
    [`${p}_nonce`]: sealed.nonce.toString("base64"),
    [`${p}_tag`]: sealed.tag.toString("base64"),
    [`${p}_version`]: sealed.version,
  } as SealedFields<P>;
}

/** A row read without its table's type (key rotation reads every sealed table alike). */
type UntypedRow = Readonly<Record<string, string | number | null | undefined>>;

/** The stored record of a row's value, or undefined when none (or only part of one) is stored. */
export function sealedRecord<P extends string>(
  columns: SealedColumns<P>,
  row: StoredSealedFields<P> | UntypedRow,
): EncryptedKey | undefined {
  const p = columns.prefix;
  const get = (suffix: string) => (row as UntypedRow)[`${p}_${suffix}`];
  const [ciphertext, nonce, tag, version] = [get("ciphertext"), get("nonce"), get("tag"), get("version")];
  if (typeof ciphertext !== "string" || typeof nonce !== "string" || typeof tag !== "string") return undefined;
  if (typeof version !== "number") return undefined;
  return {
    ciphertext: Buffer.from(ciphertext, "base64"),
    nonce: Buffer.from(nonce, "base64"),
    tag: Buffer.from(tag, "base64"),
    version,
  };
}

/**
 * Decrypts the row's value; undefined when none is stored. Throws KeyDecryptionError when it cannot be
 * read (its key version is not configured, or it was altered or copied from another row).
 */
export function unseal<P extends string>(
  cipher: KeyCipher,
  columns: SealedColumns<P>,
  row: StoredSealedFields<P>,
  id: number,
  context: Readonly<Record<string, string>> = {},
): string | undefined {
  const record = sealedRecord(columns, row);
  return record && cipher.decrypt(record, columns.aad(id, context));
}
