/**
 * The playground's web server (node:http): the built chat page, a small JSON API through which the
 * page acts as one of the demo people in the Bot API stand-in (type, press, upload, share a user,
 * forward, open a link as Telegram would, top up in the simulator), downloads of the files the bot
 * sent, and one server-sent event stream carrying every chat change (a reply with its time since the
 * person's update, a notice marked as one) and the side panel.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import type { Logger } from "pino";
import { z } from "zod";
import { normaliseAmountInput } from "../../domain/money.js";
import type { ChatEvent } from "../telegram-stand-in/chat-model.js";
import { ApiRefusal } from "../telegram-stand-in/bot-api.js";
import type { BotApiServer } from "../telegram-stand-in/bot-api-server.js";
import type { DemoPerson } from "./demo-seed.js";
import { describeLink } from "./links.js";
import type { PanelState } from "./panel.js";
import { ReplyTimings } from "./reply-timing.js";
import type { SimulatedServiceBot, TranslateIn } from "./service-bot.js";

export interface WebServerOptions {
  port: number;
  host: string;
  /** The built page (index.html and assets). */
  staticDir: string;
  standIn: BotApiServer;
  people: readonly DemoPerson[];
  /** The languages the bot speaks, each named in itself: the page's language selector offers them. */
  languages: readonly { code: string; name: string; format: string }[];
  /** The page's own words per language: the Fluent source of locales/<code>/playground.ftl. */
  chrome: Readonly<Record<string, string>>;
  /** The playground's words in a language: what the server tells the page (a top-up, a link opened). */
  translate: TranslateIn;
  /** The side panel as it is now. */
  panel: () => PanelState;
  /** The service's own bot in the simulator: its links and deposits. */
  serviceBot: Pick<SimulatedServiceBot, "describe" | "open" | "deposit">;
  /** The assets a top-up offers. */
  assets: readonly string[];
  /** Turns the "slow mass transfers" switch on or off (its state is in the panel). */
  setSlowMass: (on: boolean) => void;
  logger: Logger;
  /** How often the panel is compared and pushed when it changed. */
  panelIntervalMs?: number;
}

export interface RunningWebServer {
  url: string;
  close(): Promise<void>;
}

/** Uploads are capped a little above the bot's own 4 MB limit for lists. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
};

const TextInput = z.object({ text: z.string().min(1).max(4096) });
const PressInput = z.object({ messageId: z.number().int().positive(), data: z.string().min(1).max(64) });
const ShareInput = z.object({ requestId: z.number().int(), userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const ForwardInput = z.union([
  z.object({ fromId: z.number().int().positive(), text: z.string().min(1).max(4096) }),
  z.object({ hiddenName: z.string().trim().min(1).max(64), text: z.string().min(1).max(4096) }),
]);
const LinkInput = z.object({ url: z.url().max(2048) });
const OpenLinkInput = z.object({
  url: z.url().max(2048),
  /** A demo person, or someone without an account in the simulator (pays an invoice from outside). */
  as: z.union([z.number().int().positive(), z.literal("outsider")]),
  /** The language the page shows: the outcome is worded in it. */
  language: z.string().max(35).optional(),
});
const TopUpInput = z.object({
  personId: z.number().int().positive(),
  network: z.enum(["production", "testnet"]),
  to: z.enum(["pay", "funding"]),
  asset: z.string().min(1).max(16),
  amount: z.string().max(64),
  language: z.string().max(35).optional(),
});
const FileName = z.string().trim().min(1).max(255);
const InlineInput = z.object({ query: z.string().max(256) });
const InlineSendInput = z.object({ queryId: z.string().min(1).max(64), resultId: z.string().min(1).max(64) });
const SwitchInput = z.object({ on: z.boolean() });

class BadInput extends Error {}

export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const { standIn, people, logger } = options;
  // What the person's Telegram app may report: one of the bot's languages (its folders of locales/).
  const LanguageInput = z.object({ language: z.enum(options.languages.map((l) => l.code) as [string, ...string[]]) });
  const clients = new Set<ServerResponse>();
  const timings = new ReplyTimings();
  const isPerson = (id: number) => people.some((p) => p.id === id);
  const personById = (id: number) => {
    const person = people.find((p) => p.id === id);
    if (!person) throw new BadInput("no such demo person");
    return person;
  };

  const broadcast = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of clients) res.write(frame);
  };

  // Chat changes; a reply carries the time since the person's update, a notice says it is one.
  const onChange = (e: ChatEvent) => {
    if (!isPerson(e.chatId)) return;
    const timing = timings.observe(e);
    if (e.type === "update" || e.type === "update-delivered") return;
    broadcast("chat", { ...e, ...(timing ? { timing } : {}) });
  };
  standIn.state.on("change", onChange);

  let lastPanel = "";
  let lastCommands = "";
  const pushIfChanged = () => {
    try {
      const panel = JSON.stringify(options.panel());
      if (panel !== lastPanel) {
        lastPanel = panel;
        broadcast("panel", JSON.parse(panel));
      }
      const commands = JSON.stringify(commandsByPerson());
      if (commands !== lastCommands) {
        lastCommands = commands;
        broadcast("commands", JSON.parse(commands));
      }
    } catch (err) {
      logger.warn({ err }, "playground: could not refresh the side panel");
    }
  };
  const timer = setInterval(pushIfChanged, options.panelIntervalMs ?? 250);
  timer.unref();
  // Keeps proxies and the browser from closing a quiet stream.
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(": ping\n\n");
  }, 15_000);
  heartbeat.unref();

  function commandsByPerson() {
    return Object.fromEntries(people.map((p) => [p.id, standIn.commandsFor(p.id, standIn.state.users.get(p.id)?.language_code)]));
  }

  function state() {
    return {
      bot: { username: standIn.botUser.username, firstName: standIn.botUser.first_name },
      people: people.map((p) => ({ ...p, languageCode: standIn.state.users.get(p.id)?.language_code ?? p.languageCode })),
      chats: Object.fromEntries(people.map((p) => [p.id, standIn.state.history(p.id)])),
      timings: Object.fromEntries(people.map((p) => [p.id, timings.of(p.id)])),
      commands: commandsByPerson(),
      languages: options.languages,
      chrome: options.chrome,
      panel: options.panel(),
      assets: options.assets,
    };
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === "GET" && path === "/api/state") return json(res, 200, state());
    if (req.method === "GET" && path === "/api/languages") return json(res, 200, options.languages);
    if (req.method === "GET" && path === "/api/events") return openStream(req, res);
    const file = /^\/api\/files\/([\w-]+)$/.exec(path);
    if (req.method === "GET" && file) return sendFile(res, file[1]!, new URL(req.url ?? "/", "http://x").searchParams.has("download"));
    if (req.method === "POST" && path === "/api/links/describe") {
      const { url } = parse(LinkInput, await readJson(req));
      return json(res, 200, await describeLink(url, standIn.botUser.username, (link) => options.serviceBot.describe(link)));
    }
    if (req.method === "POST" && path === "/api/links/open") return json(res, 200, await openLink(parse(OpenLinkInput, await readJson(req))));
    if (req.method === "POST" && path === "/api/top-up") return json(res, 200, await topUp(parse(TopUpInput, await readJson(req))));
    if (req.method === "POST" && path === "/api/slow-mass") {
      const { on } = parse(SwitchInput, await readJson(req));
      options.setSlowMass(on);
      pushIfChanged();
      return json(res, 200, { ok: true, on });
    }
    const action = /^\/api\/chats\/([0-9]+)\/([a-z-]+)$/.exec(path);
    if (req.method !== "POST" || !action) return json(res, 404, { error: "not found" });
    const chatId = Number(action[1]);
    if (!isPerson(chatId)) return json(res, 404, { error: "no such demo person" });
    const user = standIn.user(chatId);
    switch (action[2]) {
      case "messages": {
        user.send(parse(TextInput, await readJson(req)).text);
        return json(res, 202, { ok: true });
      }
      case "press": {
        const { messageId, data } = parse(PressInput, await readJson(req));
        const message = standIn.state.chat(chatId)?.get(messageId);
        if (!message) throw new BadInput("that message is gone");
        const onMessage = message.reply_markup?.inline_keyboard.some((row) => row.some((b) => "callback_data" in b && b.callback_data === data));
        if (!onMessage) throw new BadInput("that button is not on the message");
        user.press(data, messageId);
        return json(res, 202, { ok: true });
      }
      case "documents": {
        const url = new URL(req.url ?? "/", "http://x");
        const name = parse(FileName, url.searchParams.get("name") ?? "");
        const type = String(req.headers["content-type"] ?? "application/octet-stream").split(";")[0]!;
        const content = await readBody(req);
        // Pictures go as photos, as Telegram's apps send them by default; anything else as a file.
        if (/^image\/(png|jpeg|gif|webp)$/.test(type)) user.sendPhoto(name, content, type);
        else user.sendDocument(name, content, type);
        return json(res, 202, { ok: true });
      }
      case "language": {
        // What the person's Telegram app reports: it picks the command list and the bot's default language.
        const { language } = parse(LanguageInput, await readJson(req));
        standIn.user(chatId, { language_code: language });
        return json(res, 200, { ok: true, commands: commandsByPerson()[chatId] });
      }
      case "share": {
        const { requestId, userId } = parse(ShareInput, await readJson(req));
        // The stand-in knows the demo people and adds what the button asked for, as Telegram does.
        user.shareUser(requestId, userId);
        return json(res, 202, { ok: true });
      }
      case "forward": {
        const input = parse(ForwardInput, await readJson(req));
        if ("fromId" in input) {
          const from = standIn.state.users.get(input.fromId);
          if (!from) throw new BadInput("unknown person");
          user.forwardFrom(from, input.text);
        } else user.forwardFrom({ hiddenName: input.hiddenName }, input.text);
        return json(res, 202, { ok: true });
      }
      case "inline": {
        const { query } = parse(InlineInput, await readJson(req));
        const answer = await standIn.personQueriesInline(chatId, query).catch(() => undefined);
        if (!answer) throw new BadInput("the bot did not answer the inline query");
        return json(res, 200, answer);
      }
      case "inline-send": {
        const { queryId, resultId } = parse(InlineSendInput, await readJson(req));
        standIn.personSendsInlineResult(chatId, queryId, resultId);
        return json(res, 202, { ok: true });
      }
      default:
        return json(res, 404, { error: "not found" });
    }
  }

  /** Opens a link as a person (or an outsider), as Telegram and the service's bot would. */
  async function openLink(input: z.infer<typeof OpenLinkInput>) {
    const person = input.as === "outsider" ? undefined : personById(input.as);
    const language = input.language ?? "en";
    const { url, target } = await describeLink(input.url, standIn.botUser.username, (link) => options.serviceBot.describe(link));
    if (target.kind === "bot") {
      if (!person) throw new BadInput("only a demo person can open a chat with the bot");
      standIn.user(person.id).send(target.payload ? `/start ${target.payload}` : "/start");
      return { ok: true, text: options.translate(language, "playground-opened-chat", { name: person.firstName }), chatId: person.id };
    }
    if (target.kind !== "service") throw new BadInput("this link does not open in Telegram");
    const opened = await options.serviceBot.open(url, person, language);
    return { ...opened, ...(opened.topUp && person ? { topUp: { ...opened.topUp, personId: person.id } } : {}) };
  }

  async function topUp(input: z.infer<typeof TopUpInput>) {
    const person = personById(input.personId);
    const language = input.language ?? "en";
    const amount = normaliseAmountInput(input.amount);
    if (amount === null) throw new BadInput(options.translate(language, "playground-bad-amount"));
    if (!options.assets.includes(input.asset)) throw new BadInput(options.translate(language, "playground-bad-asset", { asset: input.asset }));
    return options.serviceBot.deposit(person, { network: input.network, to: input.to, asset: input.asset, amount }, language);
  }

  function openStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
    res.write(`event: hello\ndata: ${JSON.stringify(state())}\n\n`);
    clients.add(res);
    req.on("close", () => clients.delete(res));
  }

  function sendFile(res: ServerResponse, fileId: string, download: boolean): void {
    const stored = standIn.state.files.get(fileId);
    if (!stored) return json(res, 404, { error: "no such file" });
    res.writeHead(200, {
      "content-type": stored.mimeType,
      "content-length": stored.content.length,
      "content-disposition": `${download ? "attachment" : "inline"}; filename*=UTF-8''${encodeURIComponent(stored.name)}`,
    });
    res.end(stored.content);
  }

  function serveStatic(path: string, res: ServerResponse): void {
    const relative = normalize(decodeURIComponent(path === "/" ? "/index.html" : path)).replace(/^([/\\])+/, "");
    const file = join(options.staticDir, relative);
    if (!file.startsWith(options.staticDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      // Built assets carry a content hash in their names; the page itself is always fetched anew.
      "cache-control": relative.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    });
    createReadStream(file).pipe(res);
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (!path.startsWith("/api/")) {
      if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, { error: "method not allowed" });
      return serveStatic(path, res);
    }
    api(req, res, path).catch((err: unknown) => {
      if (err instanceof BadInput) return json(res, 400, { error: err.message });
      if (err instanceof ApiRefusal) return json(res, 400, { error: err.description });
      logger.error({ err, path }, "playground: request failed");
      if (!res.headersSent) json(res, 500, { error: "the playground could not do that" });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    close: async () => {
      clearInterval(timer);
      clearInterval(heartbeat);
      standIn.state.off("change", onChange);
      for (const res of clients) res.end();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadInput(parsed.error.issues[0]?.message ?? "invalid input");
  return parsed.data;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadInput("that file is too large for the playground (5 MB at most)");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse((await readBody(req)).toString("utf8"));
  } catch (err) {
    if (err instanceof BadInput) throw err;
    throw new BadInput("the request body is not JSON");
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
