/**
 * /healthz's checks: however many requests come at once or in a row, the service is probed at most
 * once per interval (concurrent requests share the probe under way); a failing service or database
 * shows as failing, and a probe that hangs ends at its timeout.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "../../src/storage/index.js";
import { createHealthCheck } from "../../src/web/health.js";

const services: Server[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A stand-in for the service that counts the requests it gets, answering after `delayMs`. */
async function countingService(delayMs = 20, status = 200): Promise<{ url: string; paths: string[] }> {
  const paths: string[] = [];
  const service = createServer((req, res) => {
    paths.push(req.url ?? "");
    setTimeout(() => res.writeHead(status).end('{"status":"ok"}'), delayMs);
  });
  services.push(service);
  await new Promise<void>((r) => service.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/pay`, paths };
}

it("probes the service once for 200 concurrent requests, and again only after the interval", async () => {
  const { url, paths } = await countingService();
  const { db } = openDatabase(":memory:");
  let now = 1_000_000;
  const health = createHealthCheck({ db, serviceUrl: url, intervalMs: 5000, now: () => now });
  const reports = await Promise.all(Array.from({ length: 200 }, () => health()));
  expect(reports.every((r) => r.ok)).toBe(true);
  expect(paths).toEqual(["/pay/health"]);
  now += 4999;
  expect((await health()).ok).toBe(true);
  expect(paths).toHaveLength(1);
  now += 1;
  await Promise.all([health(), health()]);
  expect(paths).toHaveLength(2);
  await db.destroy();
});

it("reports a service that does not answer, or a database that fails, as failing", async () => {
  const { url } = await countingService(5_000);
  const { db } = openDatabase(":memory:");
  const started = Date.now();
  const slow = createHealthCheck({ db, serviceUrl: url, intervalMs: 5000, timeoutMs: 200 });
  expect(await slow()).toEqual({ ok: false, checks: { database: "ok", service: "failing" } });
  expect(Date.now() - started).toBeLessThan(2000);

  // Any HTTP answer means the service is reachable (a key's validity is not the question here).
  const { url: erroring } = await countingService(0, 500);
  const closed = openDatabase(":memory:").db;
  await sql`select 1`.execute(closed);
  await closed.destroy();
  expect(await createHealthCheck({ db: closed, serviceUrl: erroring, intervalMs: 5000 })()).toEqual({
    ok: false,
    checks: { database: "failing", service: "ok" },
  });
  await db.destroy();
});
