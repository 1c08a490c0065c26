import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyCipher, KeyDecryptionError, keyAad } from "../../src/storage/key-crypto.js";

const KEY = randomBytes(32);
const SECRET = "sk_test_0123456789abcdef";
const AAD = keyAad(7_000_000_001, "testnet");

describe("key cipher", () => {
  const cipher = createKeyCipher({ currentVersion: 1, keys: new Map([[1, KEY]]) });

  it("round-trips under the same associated data, with a fresh 12-byte nonce and 16-byte tag", () => {
    const a = cipher.encrypt(SECRET, AAD);
    const b = cipher.encrypt(SECRET, AAD);
    expect(a.nonce).toHaveLength(12);
    expect(a.tag).toHaveLength(16);
    expect(a.version).toBe(1);
    expect(a.nonce.equals(b.nonce)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(a.ciphertext.toString("utf8")).not.toContain(SECRET);
    expect(cipher.decrypt(a, AAD)).toBe(SECRET);
  });

  it("fails with KeyDecryptionError on other associated data, a tampered record or a wrong key", () => {
    const sealed = cipher.encrypt(SECRET, AAD);
    const failure = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err;
      }
      throw new Error("expected a failure");
    };
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0]! ^= 1;
    const other = createKeyCipher({ currentVersion: 1, keys: new Map([[1, randomBytes(32)]]) });
    const errors = [
      failure(() => cipher.decrypt(sealed, keyAad(7_000_000_002, "testnet"))),
      failure(() => cipher.decrypt(sealed, keyAad(7_000_000_001, "production"))),
      failure(() => cipher.decrypt({ ...sealed, ciphertext: flipped }, AAD)),
      failure(() => other.decrypt(sealed, AAD)),
    ];
    for (const err of errors) {
      expect(err).toBeInstanceOf(KeyDecryptionError);
      expect((err as KeyDecryptionError).reason).toBe("authentication");
      expect(String((err as Error).message)).not.toContain(SECRET);
      expect(String((err as Error).message)).not.toContain(KEY.toString("base64"));
    }
  });

  it("rejects unknown versions and malformed records", () => {
    const sealed = cipher.encrypt(SECRET, AAD);
    expect(() => cipher.decrypt({ ...sealed, version: 9 }, AAD)).toThrow(
      expect.objectContaining({ reason: "unknown-version" }),
    );
    expect(() => cipher.decrypt({ ...sealed, tag: sealed.tag.subarray(0, 8) }, AAD)).toThrow(
      expect.objectContaining({ reason: "malformed" }),
    );
  });

  it("encrypts with the current version and still decrypts older ones", () => {
    const sealedV1 = cipher.encrypt(SECRET, AAD);
    const rotated = createKeyCipher({
      currentVersion: 2,
      keys: new Map([
        [1, KEY],
        [2, randomBytes(32)],
      ]),
    });
    expect(rotated.decrypt(sealedV1, AAD)).toBe(SECRET);
    const sealedV2 = rotated.encrypt(SECRET, AAD);
    expect(sealedV2.version).toBe(2);
    expect(rotated.decrypt(sealedV2, AAD)).toBe(SECRET);
    expect(() => cipher.decrypt(sealedV2, AAD)).toThrow(KeyDecryptionError);
  });

  it("refuses keys that are not 32 bytes and a missing current key, without echoing them", () => {
    const short = randomBytes(16);
    expect(() => createKeyCipher({ currentVersion: 1, keys: new Map([[1, short]]) })).toThrow(
      /version 1 must be 32 bytes/,
    );
    expect(() => createKeyCipher({ currentVersion: 2, keys: new Map([[1, KEY]]) })).toThrow(
      /current version 2/,
    );
  });
});
