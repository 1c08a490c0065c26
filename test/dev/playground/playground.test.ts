/**
 * The playground without a browser: `npm start` with no BOT_TOKEN serves it (through its launcher,
 * src/dev/start.ts), its generated encryption key survives a restart (a linked key still works), the
 * page's API refuses bad input clearly, and its event stream carries the bot's answers with their
 * latency.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/logger.js";
import { KEY_FILE } from "../../../src/dev/playground/encryption-key.js";
import { type RunningPlayground, startPlayground } from "../../../src/dev/playground/playground.js";
import { sharedLink, startPayloadFor } from "../../../src/dev/playground/links.js";
import { localesWithEsperanto, removeExtraLocales } from "../../helpers/extra-locales.js";

const running: RunningPlayground[] = [];
afterEach(async () => {
  for (const pg of running.splice(0)) await pg.close();
  removeExtraLocales();
});

async function start(dataDir: string, localesDir?: string): Promise<RunningPlayground> {
  const pg = await startPlayground({
    PLAYGROUND_PORT: 0,
    PLAYGROUND_DATA_DIR: dataDir,
    logger: createLogger("silent"),
    marketIntervalMs: 0,
    build: false,
    ...(localesDir ? { localesDir } : {}),
  });
  running.push(pg);
  return pg;
}

async function post(pg: RunningPlayground, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${pg.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Types in a chat through the page's API and resolves with the bot's next message there. */
async function say(pg: RunningPlayground, chatId: number, text: string): Promise<string> {
  const reply = pg.standIn.user(chatId).nextReply();
  expect((await post(pg, `/api/chats/${chatId}/messages`, { text })).status).toBe(202);
  return (await reply).text ?? "";
}

async function press(pg: RunningPlayground, chatId: number, data: string): Promise<string> {
  const user = pg.standIn.user(chatId);
  const messageId = user.findButton(data)!.message_id;
  const reply = user.nextReply();
  expect((await post(pg, `/api/chats/${chatId}/press`, { messageId, data })).status).toBe(202);
  return (await reply).text ?? "";
}

/** What `npm start` runs (package.json): the launcher that picks the bot or the playground. */
const START = /^sh scripts\/node24\.sh node --import tsx (\S+)$/.exec(
  (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start,
)![1]!;

describe("npm start without BOT_TOKEN", () => {
  it("runs the launcher under src/dev, not the bot's own entry point", () => {
    expect(START).toBe("src/dev/start.ts");
  });

  it("serves the playground and prints its address in one plain line, beside logs that stay JSON", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "playground-main-"));
    const started = Date.now();
    const env: NodeJS.ProcessEnv = { ...process.env, PLAYGROUND_PORT: "0", PLAYGROUND_DATA_DIR: dataDir };
    delete env.BOT_TOKEN;
    delete env.LOG_LEVEL;
    const child = spawn(process.execPath, ["--import", "tsx", START], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    try {
      let url: string | undefined;
      while (!(url = /^Playground: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output)?.[1])) {
        if (Date.now() - started > 10_000 || child.exitCode !== null) throw new Error(`did not start in 10 s: ${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const page = await fetch(url);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      expect(await page.text()).toContain('id="messages"');
      expect(Date.now() - started).toBeLessThan(10_000);
      const lines = output.trim().split("\n");
      expect(lines.filter((l) => l.startsWith("Playground: "))).toEqual([`Playground: ${url}`]);
      // Every other line is a JSON log line: one, saying the playground runs.
      const logs = lines.filter((l) => !l.startsWith("Playground: ")).map((l) => JSON.parse(l) as { msg: string; url?: string });
      expect(logs).toEqual([expect.objectContaining({ url, msg: expect.stringMatching(/playground/) })]);
      expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }, 30_000);

  it("is never started in production: NODE_ENV=production without a token stops naming BOT_TOKEN", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PLAYGROUND_PORT: "0" };
    delete env.BOT_TOKEN;
    delete env.KEY_ENCRYPTION_KEY;
    const child = spawn(process.execPath, ["--import", "tsx", START], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/BOT_TOKEN is required/);
    expect(output).not.toMatch(/^Playground: /m);
  }, 30_000);
});

describe("the playground", () => {
  it("keeps its generated key, so a key linked before a restart still works after it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "playground-restart-"));
    let pg = await start(dataDir);
    const you = pg.people.find((p) => p.role === "you")!;
    await say(pg, you.id, "/connect");
    await press(pg, you.id, "keys:net:production");
    expect(await say(pg, you.id, you.keys.production)).toMatch(/Checking/);
    await pg.standIn.user(you.id).waitFor((e): e is never => e.type === "message" && e.fromBot && /Key linked/.test(e.message.text ?? ""));
    const key = readFileSync(join(dataDir, KEY_FILE), "utf8");
    // The key's message was deleted; the page's state no longer holds it.
    const state = await (await fetch(`${pg.url}/api/state`)).text();
    expect(state).not.toContain(`"text":"${you.keys.production}"`);

    await pg.close();
    running.length = 0;
    pg = await start(dataDir);
    expect(readFileSync(join(dataDir, KEY_FILE), "utf8")).toBe(key);
    const balances = await say(pg, you.id, "/balance");
    expect(balances).toMatch(/Balances[\s\S]*USDT/);
    expect(balances).not.toMatch(/have not linked an API key/);
  });

  it("refuses bad input from the page with a clear message and changes nothing", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-input-")));
    const you = pg.people[0]!.id;
    expect(await post(pg, `/api/chats/${you}/messages`, {})).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(await post(pg, `/api/chats/${you}/messages`, "not json")).toMatchObject({ status: 400, body: { error: "the request body is not JSON" } });
    expect((await post(pg, `/api/chats/42/messages`, { text: "hi" })).status).toBe(404);
    expect(await post(pg, `/api/chats/${you}/press`, { messageId: 999, data: "x" })).toMatchObject({ status: 400, body: { error: "that message is gone" } });
    expect(await post(pg, `/api/chats/${you}/share`, { requestId: 1, userId: -5 })).toMatchObject({ status: 400 });
    expect(pg.standIn.state.queue).toHaveLength(0);
    expect(pg.standIn.state.history(you)).toHaveLength(0);
    const link = await post(pg, "/api/links/describe", { url: "https://t.me/share/url?url=https%3A%2F%2Fexample.com" });
    expect(link.body).toEqual({ url: "https://example.com", share: true, target: { kind: "outside" } });
    expect(await post(pg, "/api/links/open", { url: "https://example.com", as: you })).toMatchObject({ status: 400, body: { error: "this link does not open in Telegram" } });
    expect(await post(pg, "/api/links/open", { url: `https://t.me/${pg.standIn.botUser.username}`, as: "outsider" })).toMatchObject({ status: 400 });
    expect(await post(pg, "/api/links/open", { url: "https://t.me/xrocket", as: 42 })).toMatchObject({ status: 400, body: { error: "no such demo person" } });
    expect(await post(pg, "/api/top-up", { personId: you, network: "production", to: "pay", asset: "USDT", amount: "-1" })).toMatchObject({
      status: 400,
      body: { error: "Amount: type a number such as 100 or 0.5" },
    });
    expect(await post(pg, "/api/top-up", { personId: you, network: "production", to: "trading", asset: "USDT", amount: "1" })).toMatchObject({ status: 400 });
    expect(await post(pg, "/api/top-up", { personId: you, network: "production", to: "pay", asset: "DOGE", amount: "1" })).toMatchObject({ status: 400 });
    expect(pg.sim.sim.snapshot(you).pay.USDT?.available).toBe("1000");
    expect((await fetch(`${pg.url}/api/files/nope`)).status).toBe(404);
    expect((await fetch(`${pg.url}/../package.json`)).status).toBe(404);
  });

  it("streams the bot's replies with the time since the person's update, and the side panel", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-events-")));
    const controller = new AbortController();
    const res = await fetch(`${pg.url}/api/events`, { signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let stream = "";
    const next = async (pattern: RegExp) => {
      while (!pattern.test(stream)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        stream += value;
      }
    };
    await next(/event: hello\ndata: .*"people"/);
    await post(pg, `/api/chats/${pg.people[0]!.id}/messages`, { text: "/start" });
    await next(/event: chat\ndata: .*"fromBot":true.*"timing":\{"replyMs":\d+\}/);
    const latency = Number(/"replyMs":(\d+)/.exec(stream)![1]);
    expect(latency).toBeLessThan(300);
    await next(/event: panel\ndata: .*"accounts":\[\{"id":1001,"role":"you","name":"Alex"/);
    controller.abort();
  });
});

describe("the page's person", () => {
  it("switches their app language: the Russian command list and a Russian bot", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-language-")));
    const friend = pg.people.find((p) => p.role === "friend")!.id;
    const switched = await post(pg, `/api/chats/${friend}/language`, { language: "ru" });
    expect(switched.body.commands).toContainEqual(expect.objectContaining({ command: "start", description: expect.stringMatching(/[а-я]/) }));
    expect(await say(pg, friend, "/start")).toMatch(/Здравствуйте|Привет/);
    expect((await post(pg, `/api/chats/${friend}/language`, { language: "de" })).status).toBe(400);
  });

  it("offers the bot's languages as its folders of locales/ name them, one added as a folder included", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-languages-")), localesWithEsperanto());
    const languages = (await (await fetch(`${pg.url}/api/languages`)).json()) as { code: string; name: string }[];
    expect(languages).toContainEqual(expect.objectContaining({ code: "eo", name: "Esperanto" }));
    expect(languages).toContainEqual(expect.objectContaining({ code: "ru", name: "Русский" }));
    expect(((await (await fetch(`${pg.url}/api/state`)).json()) as { languages: unknown }).languages).toEqual(languages);
    const friend = pg.people.find((p) => p.role === "friend")!.id;
    const switched = await post(pg, `/api/chats/${friend}/language`, { language: "eo" });
    expect(switched.status).toBe(200);
    expect(switched.body.commands).toContainEqual({ command: "start", description: "Komenco kaj ĉefa menuo" });
    expect(await say(pg, friend, "/start")).toMatch(/^Saluton, /);
  });

  it("sends a picture as a photo and a CSV as a document, both downloadable", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-files-")));
    const you = pg.people[0]!.id;
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    for (const [name, type, content] of [["pic.png", "image/png", png], ["list.csv", "text/csv", Buffer.from("1002,1,USDT\n")]] as const) {
      const res = await fetch(`${pg.url}/api/chats/${you}/documents?name=${name}`, { method: "POST", headers: { "content-type": type }, body: content });
      expect(res.status).toBe(202);
    }
    const [photo, doc] = pg.standIn.state.history(you);
    expect(photo?.photo?.[0]?.file_id).toBeDefined();
    expect(doc?.document).toMatchObject({ file_name: "list.csv", mime_type: "text/csv" });
    const download = await fetch(`${pg.url}/api/files/${doc!.document!.file_id}?download`);
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''list.csv");
    expect(await download.text()).toBe("1002,1,USDT\n");
    expect(Buffer.from(await (await fetch(`${pg.url}/api/files/${photo!.photo![0]!.file_id}`)).arrayBuffer())).toEqual(png);
  });
});

describe("links in chats", () => {
  it("finds the link inside a share link, and the start payload of a link into this bot only", () => {
    const cheque = "https://t.me/xrocket?start=chq_p000001";
    expect(sharedLink(`https://t.me/share/url?url=${encodeURIComponent(cheque)}`)).toBe(cheque);
    expect(sharedLink(cheque)).toBeUndefined();
    expect(sharedLink("https://example.com/share/url?url=https%3A%2F%2Ft.me%2Fx")).toBeUndefined();
    expect(startPayloadFor("https://t.me/Our_Bot?start=price_BTC-USDT", "our_bot")).toBe("price_BTC-USDT");
    expect(startPayloadFor("https://t.me/our_bot", "our_bot")).toBe("");
    expect(startPayloadFor(cheque, "our_bot")).toBeUndefined();
    expect(startPayloadFor("https://t.me/our_bot?start=<script>", "our_bot")).toBeUndefined();
  });

  it("describes each kind: this bot, the service's bot by its Telegram or web link, the simulator's own addresses, the rest", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-describe-")));
    const describe = async (url: string) => (await post(pg, "/api/links/describe", { url })).body;
    const bot = pg.standIn.botUser.username;
    expect(await describe(`https://t.me/share/url?url=${encodeURIComponent(`https://t.me/${bot}?start=send_1001`)}`)).toEqual({
      url: `https://t.me/${bot}?start=send_1001`,
      share: true,
      target: { kind: "bot", payload: "send_1001" },
    });
    expect(await describe("https://t.me/xrocket?start=chq_p999999")).toMatchObject({ target: { kind: "service", view: { kind: "start", network: "production" } } });
    expect(await describe("https://testnet.xrocket-sim.invalid/invoice/inv_t999999")).toMatchObject({ target: { kind: "service", view: { network: "testnet" } } });
    expect(await describe("https://xrocket-sim.invalid/tx/ab12")).toMatchObject({ target: { kind: "simulated" } });
    expect(await describe("https://example.com/")).toMatchObject({ share: false, target: { kind: "outside" } });
  });
});

describe("inline mode and links into the bot", () => {
  it("answers '@bot query' with the bot's results and sends the picked one via the bot", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-inline-")));
    const you = pg.people[0]!.id;
    const answer = await post(pg, `/api/chats/${you}/inline`, { query: "TONCOIN-USDT" });
    expect(answer.status).toBe(200);
    const results = answer.body.results as { id: string; type: string; title?: string }[];
    expect(results[0]).toMatchObject({ type: "article", title: expect.stringMatching(/TONCOIN/) });
    const queryId = String(answer.body.queryId);
    expect((await post(pg, `/api/chats/${you}/inline-send`, { queryId, resultId: results[0]!.id })).status).toBe(202);
    const sent = pg.standIn.state.history(you).at(-1)!;
    expect(sent.via_bot?.username).toBe(pg.standIn.botUser.username);
    expect(sent.text).toMatch(/TONCOIN/);
    // A result that was never offered is refused as Telegram would, and nothing is added.
    expect(await post(pg, `/api/chats/${you}/inline-send`, { queryId, resultId: "nope" })).toMatchObject({ status: 400, body: { error: "Bad Request: inline result not found" } });
  });

  it("opens a link into the bot as /start with its payload in the chosen person's chat", async () => {
    const pg = await start(mkdtempSync(join(tmpdir(), "playground-deeplink-")));
    const friend = pg.people[1]!.id;
    const reply = pg.standIn.user(friend).nextReply();
    const link = `https://t.me/${pg.standIn.botUser.username}?start=price_TONCOIN-USDT`;
    expect((await post(pg, "/api/links/open", { url: link, as: friend })).body).toMatchObject({ ok: true, chatId: friend });
    expect(pg.standIn.state.history(friend)[0]?.text).toBe("/start price_TONCOIN-USDT");
    expect((await reply).text).toMatch(/TONCOIN/);
  });
});
