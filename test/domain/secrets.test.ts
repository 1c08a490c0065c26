import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newClientId } from "../../src/domain/ids.js";
import { isOwnKey, looksLikeApiKey } from "../../src/domain/secrets.js";

/** A token in the form the service's current API tokens take (a signed JWT), made up here. */
function serviceStyleToken(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const head = `${part({ alg: "HS256", typ: "JWT" })}.${part({ appId: "123456", jti: "app:123456:0b7c1d7e-2f4a-4c61-9a3e-5d8f7b6a1c20", iat: 1780000000 })}`;
  return `${head}.${createHmac("sha256", "made-up").update(head).digest("base64url")}`;
}

describe("looksLikeApiKey", () => {
  it("recognises the service's own token form (a JWT), alone or after Bearer", () => {
    expect(looksLikeApiKey(serviceStyleToken())).toBe(true);
    expect(looksLikeApiKey(`Bearer ${serviceStyleToken()}`)).toBe(true);
  });

  it.each([
    ["a simulator production key", "xr_live_Q2hhbmdlTWVQbGVhc2UxMjM0NTY"],
    ["a simulator testnet key", "xr_test_abcDEF0123456789abcdEF01"],
    ["a key after a copied Bearer", "Bearer xr_live_Q2hhbmdlTWVQbGVhc2UxMjM0NTY"],
    ["a 64-character hex token", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
    ["a base64url random token", "kR3vT9qLm2ZxW8pYb4NcA7sD1fGhJ6eU_0lO"],
    ["a base64 random token with padding", "dGhpcyBpcyBhIHNlY3JldCBrZXkgMTIzNDU2Nzg5MA=="],
  ])("recognises %s", (_, text) => {
    expect(looksLikeApiKey(text)).toBe(true);
  });

  it.each([
    ["a client id the bot shows", newClientId("trf")],
    ["a mass-transfer row id", "mt12-000042"],
    ["an invoice-style note", "INV-2026-11-000042-ACME"],
    ["a service transfer id", "trf_p1042"],
    ["a UUID", "3f2b9c1e-8a4d-4f6b-9c2e-7d1a5b3c9e0f"],
    ["a TON address", "UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG"],
    ["an ETH address", "0x52908400098527886E0F7030069857D2E4169EE7"],
    ["a link", "https://example.com/pay/abcDEF0123456789abcdEF0123"],
    ["a long word", "Supercalifragilisticexpialidocious"],
    ["a sentence", "please send 10 USDT to my friend tomorrow"],
  ])("leaves %s alone", (_, text) => {
    expect(looksLikeApiKey(text)).toBe(false);
  });
});

describe("isOwnKey", () => {
  it("matches the exact key, with or without Bearer, and nothing else", () => {
    expect(isOwnKey("my-own-key-0001-abc", "my-own-key-0001-abc")).toBe(true);
    expect(isOwnKey("  Bearer my-own-key-0001-abc ", "my-own-key-0001-abc")).toBe(true);
    expect(isOwnKey("my-own-key-0001-abd", "my-own-key-0001-abc")).toBe(false);
    expect(isOwnKey("my own key", "my-own-key-0001-abc")).toBe(false);
  });
});
