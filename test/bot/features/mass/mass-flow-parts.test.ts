/**
 * The pure parts of the mass-transfer chat flow: the document download without deps.downloadFile, and
 * the sender name an admin types.
 */
import { Api } from "grammy";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { BotDeps } from "../../../../src/bot/context.js";
import { downloadDocument, FileTooLargeError } from "../../../../src/bot/features/mass/download.js";
import { parseSenderName } from "../../../../src/bot/features/mass/flow.js";

describe("downloading a document without deps.downloadFile", () => {
  it("fetches Telegram's file endpoint under TELEGRAM_API_ROOT, and never leaks the token", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? "");
      if (req.url?.endsWith("/documents/ok.csv")) res.end("101,1\n");
      else if (req.url?.endsWith("/documents/big.csv")) res.end("x".repeat(2000));
      else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const api = new Api("123:SECRET");
    const fileApi = (path: string) =>
      Object.assign(Object.create(api), {
        getFile: async () => ({ file_id: "f", file_unique_id: "u", file_path: path }),
      }) as Api;
    const deps = { config: { TELEGRAM_API_ROOT: root } } as unknown as BotDeps;
    try {
      expect((await downloadDocument(fileApi("documents/ok.csv"), deps, "f", 1000)).toString()).toBe(
        "101,1\n",
      );
      expect(seen[0]).toBe("/file/bot123:SECRET/documents/ok.csv");
      await expect(downloadDocument(fileApi("documents/big.csv"), deps, "f", 1000)).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
      const err = await downloadDocument(fileApi("documents/missing.csv"), deps, "f", 1000).catch(
        (e: Error) => e,
      );
      expect(String(err)).toContain("404");
      expect(String(err)).not.toContain("SECRET");
    } finally {
      server.close();
    }
  });
});

describe("sender names", () => {
  it("takes one line of 1–64 characters, spaces evened out; refuses control and direction characters", () => {
    expect(parseSenderName("  Acme \n  Payroll ")).toBe("Acme Payroll");
    expect(parseSenderName("ООО «Ромашка» 👩‍💻")).toBe("ООО «Ромашка» 👩‍💻");
    expect(parseSenderName("x".repeat(64))).toBe("x".repeat(64));
    expect(parseSenderName("x".repeat(65))).toBeNull();
    expect(parseSenderName("   ")).toBeNull();
    expect(parseSenderName("Acme\u0000")).toBeNull();
    expect(parseSenderName("Acme \u202Eyaw")).toBeNull();
  });
});
