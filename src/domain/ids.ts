import { randomUUID } from "node:crypto";

/**
 * A fresh client id for a create: `<prefix>-<32 hex>`, within the contract's 1–40 characters of
 * `[A-Za-z0-9_-]`. Chosen once, when the summary is shown, and kept for every retry.
 */
export function newClientId(prefix: string): string {
  return `${prefix.replace(/[^A-Za-z0-9]/g, "").slice(0, 6)}-${randomUUID().replaceAll("-", "")}`;
}
