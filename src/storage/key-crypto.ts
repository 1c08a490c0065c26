/**
 * Encryption of secrets at rest (users' service keys and webhook secrets: sealed-columns.ts): AES-256-GCM
 * with a random 12-byte nonce per encryption, the key version stored alongside for rotation, and
 * associated data naming the row, so a ciphertext copied to another user or network does not decrypt.
 * No message here carries key material.
 */
import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from "node:crypto";
import type { NetworkName } from "../domain/networks.js";

const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface EncryptedKey {
  ciphertext: Buffer;
  nonce: Buffer;
  tag: Buffer;
  /** Version of the encryption key used; decryption picks the key by it. */
  version: number;
}

export interface KeyCipher {
  readonly currentVersion: number;
  /** Encrypts under the current key version, with a fresh nonce. */
  encrypt(plaintext: string, aad: string): EncryptedKey;
  /** Throws KeyDecryptionError on an unknown version, a tampered record or different associated data. */
  decrypt(record: EncryptedKey, aad: string): string;
}

export interface KeyCipherOptions {
  currentVersion: number;
  /** Every key that may still be needed to decrypt, by version; must include currentVersion. */
  keys: Map<number, Buffer>;
}

export class KeyDecryptionError extends Error {
  constructor(readonly reason: "unknown-version" | "malformed" | "authentication") {
    super(`cannot decrypt the stored key (${reason})`);
    this.name = "KeyDecryptionError";
  }
}

/** The associated data of a stored key: binds the ciphertext to its user and network (as stored in the row). */
export function keyAad(telegramId: number, network: NetworkName | (string & {})): string {
  return `user:${telegramId}:${network}`;
}

/** Creates an AES-256-GCM cipher over versioned 32-byte keys; throws when a key has the wrong size. */
export function createKeyCipher({ currentVersion, keys }: KeyCipherOptions): KeyCipher {
  for (const [version, key] of keys) {
    if (key.length !== KEY_BYTES) throw new Error(`encryption key version ${version} must be 32 bytes`);
  }
  // Node key objects made once per version: given raw bytes, every cipher would build its own (measured
  // ~8 % of the watcher's CPU when it decrypts a key per polled user). They hold the encryption keys,
  // which live for the process anyway; the users' decrypted service keys are never kept.
  const keyObjects = new Map<number, KeyObject>([...keys].map(([version, key]) => [version, createSecretKey(key)]));
  const current = keyObjects.get(currentVersion);
  if (!current) throw new Error(`no encryption key for the current version ${currentVersion}`);

  return {
    currentVersion,
    encrypt(plaintext, aad) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, current, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(aad, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return { ciphertext, nonce, tag: cipher.getAuthTag(), version: currentVersion };
    },
    decrypt(record, aad) {
      const key = keyObjects.get(record.version);
      if (!key) throw new KeyDecryptionError("unknown-version");
      if (record.nonce.length !== NONCE_BYTES || record.tag.length !== TAG_BYTES) {
        throw new KeyDecryptionError("malformed");
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, key, record.nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(aad, "utf8"));
        decipher.setAuthTag(record.tag);
        return Buffer.concat([decipher.update(record.ciphertext), decipher.final()]).toString("utf8");
      } catch {
        // node's own error says only "unable to authenticate data"; ours is typed and carries nothing.
        throw new KeyDecryptionError("authentication");
      }
    },
  };
}
