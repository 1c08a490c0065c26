/**
 * A slow or failing Telegram never slows a payout: the progress message's edits are fire-and-forget
 * (coalesced, the latest view wins), so batches go to the service at the service's pace while
 * Telegram's editMessageText hangs or answers 502 (and auto-retry waits it out, as in production).
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { afterEach, beforeEach, expect, it } from "vitest";
import { massTuning } from "../../../../src/mass/tuning.js";
import { Harness } from "../../../helpers/bot-harness.js";
import { ADMIN, fastTuning, flowToConfirm, jobRows, latestJob, linkedAdmin, recipients, waitDone } from "../../../helpers/mass-flow.js";

const ROWS = 8;
const TARGETS = Array.from({ length: ROWS }, (_, i) => 900_201 + i);
/** What the service takes per batch (an injected latency on every createMassTransfer). */
const SERVICE_MS = 100;

let h: Harness;
beforeEach(fastTuning);
afterEach(async () => h?.close());

type Outage = "hang" | "502";

/**
 * A Telegram whose editMessageText, once `outage` is set, never answers or answers 502 Bad Gateway;
 * every other call (the report, the recipients' messages) goes through.
 */
async function withTelegramOutage() {
  const state: { outage?: Outage; edits: number } = { edits: 0 };
  h = await Harness.create({
    adminIds: [ADMIN],
    massBatchSize: 1,
    botOptions: {
      // As src/app.ts installs it: a 5xx is retried with a growing wait.
      apiTransformers: [autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 })],
      client: {
        fetch: (async (input: string | URL | Request, init?: RequestInit) => {
          const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
          if (url.endsWith("/editMessageText") && state.outage) {
            state.edits++;
            if (state.outage === "hang") return new Promise<Response>(() => {});
            return new Response(JSON.stringify({ ok: false, error_code: 502, description: "Bad Gateway" }), {
              status: 502,
              headers: { "content-type": "application/json" },
            });
          }
          return h.tg.fetch(input, init);
        }) as typeof fetch,
      },
    },
  });
  recipients(h, TARGETS);
  return state;
}

/** Runs a job of ROWS one-row batches with Telegram's edits failing from the first batch on; returns when each batch went out. */
async function runDuringOutage(state: { outage?: Outage }, outage: Outage) {
  const admin = await linkedAdmin(h, { USDT: "100" });
  await h.fault({ operationId: "createMassTransfer", mode: "latency", ms: SERVICE_MS, count: ROWS });
  await flowToConfirm(admin, TARGETS.map((t) => `${t},1,USDT`).join("\n"));
  const job = (await latestJob(h))!;
  const sentAt: number[] = [];
  let released!: () => void;
  const outageOn = new Promise<void>((r) => {
    released = r;
  });
  massTuning.hooks.checkpoint = async (point) => {
    if (point !== "before_send") return;
    // The first batch waits until Telegram is down (the Confirm press itself was answered before).
    await outageOn;
    sentAt.push(Date.now());
  };
  await admin.pressLabel(/Confirm/);
  state.outage = outage;
  released();
  const started = Date.now();
  await waitDone(h, job.id, 10_000);
  return { admin, job, sentAt, took: Date.now() - started };
}

it("keeps sending batches at the service's pace while Telegram's edits never answer", async () => {
  const state = await withTelegramOutage();
  const { job, sentAt, took } = await runDuringOutage(state, "hang");

  expect((await jobRows(h, job.id)).map((r) => r.state)).toEqual(Array(ROWS).fill("completed"));
  for (const t of TARGETS) expect((await h.account(t)).pay.USDT?.balance).toBe("1");
  expect((await h.account(ADMIN)).pay.USDT?.balance).toBe(String(100 - ROWS));
  // Each batch followed the one before as soon as the service had answered it (≈ 100 ms), not after
  // an edit that never comes back. The bound is loose: a busy machine, not Telegram, may add to it.
  const gaps = sentAt.slice(1).map((t, i) => t - sentAt[i]!);
  expect(gaps).toHaveLength(ROWS - 1);
  expect(Math.max(...gaps)).toBeLessThan(2000);
  expect(took).toBeLessThan(8000);
  // Edits were tried, but never more than one at a time: the rest were coalesced behind it.
  expect(state.edits).toBe(1);
});

it("keeps sending while Telegram answers 502 and auto-retry waits, then shows the latest view once it is back", async () => {
  const state = await withTelegramOutage();
  const { admin, job, sentAt } = await runDuringOutage(state, "502");

  const gaps = sentAt.slice(1).map((t, i) => t - sentAt[i]!);
  expect(Math.max(...gaps)).toBeLessThan(2000);
  expect((await jobRows(h, job.id)).map((r) => r.state)).toEqual(Array(ROWS).fill("completed"));
  const duringOutage = state.edits;

  // Telegram is back: the edit auto-retry is waiting on goes through, then only the newest view.
  state.outage = undefined;
  const progress = () => admin.texts().find((t) => t.startsWith("📦 Mass transfer #"));
  await expect.poll(progress, { timeout: 15_000, interval: 100 }).toContain("✅ Finished.");
  expect(progress()).toContain(`✅ Sent: ${ROWS} · ❌ Failed: 0 · ⏳ Left: 0`);
  // Auto-retry's attempts of the one edit in flight, not an edit per batch.
  expect(duringOutage).toBeLessThanOrEqual(3);
}, 30_000);
