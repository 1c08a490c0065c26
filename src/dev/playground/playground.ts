/**
 * The offline playground in one call: the simulator with the demo accounts and a moving market, the
 * Bot API stand-in with the demo people, the bot itself through the production wiring (`startBot`,
 * pointed at the stand-in through TELEGRAM_API_ROOT, i.e. grammY's apiRoot) and the web page that
 * shows the chats. `npm start` runs it when BOT_TOKEN is not set.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { type RunningBot, startBot } from "../../app.js";
import { LOCALES_DIR } from "../../bot/i18n.js";
import { loadConfig } from "../../config.js";
import { createLogger, type Logger } from "../../logger.js";
import { createServiceFactory } from "../../service/factory.js";
import { CATALOGUE } from "../simulator/catalogue.js";
import { type RunningSimulator, startSimulator } from "../simulator/server.js";
import { type BotApiServer, startBotApiServer } from "../telegram-stand-in/bot-api-server.js";
import { APP_OUT_DIR, ensureAppBuilt } from "./app-build.js";
import type { PlaygroundConfig } from "./config.js";
import { type DemoPerson, seedPlayground, startMarketMaker } from "./demo-seed.js";
import { playgroundEncryptionKey } from "./encryption-key.js";
import { PanelWatcher } from "./panel.js";
import { SimulatedServiceBot, type TranslateIn } from "./service-bot.js";
import { setSlowMass } from "./slow-mass.js";
import { type RunningWebServer, startWebServer } from "./web-server.js";

/** The stand-in accepts only this token; it opens nothing outside this process. */
const PLAYGROUND_TOKEN = "777000001:PLAYGROUND-LOCAL-ONLY";

export interface PlaygroundOptions extends Partial<PlaygroundConfig> {
  /** Where the built page is (default dist-dev/playground-app, built on first start). */
  staticDir?: string;
  /** The bot's and playground's logger (default: pino at LOG_LEVEL, the bot's own lines from `warn`). */
  logger?: Logger;
  /** How often the market maker trades (0: never). */
  marketIntervalMs?: number;
  /** Whether to build the page when it is missing or stale (default true). */
  build?: boolean;
  /** The bot's languages: a folder of .ftl files each (default: the project's locales/). */
  localesDir?: string;
}

export interface RunningPlayground {
  url: string;
  /** The playground's own logger (LOG_LEVEL, default info). */
  logger: Logger;
  people: DemoPerson[];
  sim: RunningSimulator;
  standIn: BotApiServer;
  bot: RunningBot;
  web: RunningWebServer;
  close(): Promise<void>;
}

/** The page's own words: each language's playground.ftl as Fluent source (a language without one shows English). */
function chromeWords(localesDir: string, codes: readonly string[]): Record<string, string> {
  const words: Record<string, string> = {};
  for (const code of codes) {
    const file = join(localesDir, code, "playground.ftl");
    if (existsSync(file)) words[code] = readFileSync(file, "utf8");
  }
  return words;
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<RunningPlayground> {
  const dataDir = resolve(options.PLAYGROUND_DATA_DIR ?? "./data/playground");
  const level = options.LOG_LEVEL ?? "info";
  const logger = options.logger ?? createLogger(level);
  // A newcomer should see one line, the address; the bot's routine lines start at warn unless asked.
  const botLogger = options.logger ?? (options.LOG_LEVEL ? logger : createLogger("warn"));
  const botLevel = options.LOG_LEVEL ?? "warn";
  const staticDir = options.staticDir ?? APP_OUT_DIR;
  const building = options.build === false ? Promise.resolve(false) : ensureAppBuilt(staticDir);

  const sim = await startSimulator({ port: 0 });
  const { people, makerKey } = seedPlayground(sim.sim);
  const standIn = await startBotApiServer({
    token: PLAYGROUND_TOKEN,
    bot: { first_name: "xRocket Playground", supports_inline_queries: true },
    // The bot records the update ids it has handled (so a redelivery is handled once) in its database,
    // which outlives this stand-in: ids counted from the clock keep increasing across restarts, as
    // Telegram's do, instead of starting again at 1 and being taken for redeliveries.
    firstUpdateId: Date.now(),
  });
  for (const p of people) standIn.user(p.id, { first_name: p.firstName, username: p.username, language_code: p.languageCode });

  const config = loadConfig({
    BOT_TOKEN: PLAYGROUND_TOKEN,
    TELEGRAM_API_ROOT: standIn.apiRoot,
    KEY_ENCRYPTION_KEY: playgroundEncryptionKey(dataDir),
    DATABASE_URL: `sqlite:${join(dataDir, "bot.sqlite")}`,
    ADMIN_IDS: String(people.find((p) => p.role === "admin")!.id),
    PAY_BASE_URL: sim.baseUrls.pay,
    EXCHANGE_BASE_URL: sim.baseUrls.exchange,
    PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
    EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
    LOG_LEVEL: botLevel,
    // The simulator is in this process: looking at fresh invoices and cheques every 2 s and at prices
    // every 3 s costs nothing, and a notice follows within seconds what a person does on the page.
    WATCH_MIN_INTERVAL_SECONDS: "2",
    ALERT_INTERVAL_SECONDS: "3",
    // The page is the playground's own server; the bot's (/healthz, /metrics) takes any free port on loopback.
    PORT: "0",
  });
  const bot = await startBot(config, { logger: botLogger, ...(options.localesDir ? { localesDir: options.localesDir } : {}) });
  const interval = options.marketIntervalMs ?? 2000;
  const maker =
    interval > 0
      ? startMarketMaker(createServiceFactory(config).forKey("production", makerKey).exchange, logger, interval)
      : undefined;

  const panel = new PanelWatcher(sim.sim, people);
  // The playground's words come from the bot's own locales (playground.ftl in each language's folder).
  const translate: TranslateIn = (language, key, vars) => bot.languages.i18n.t(bot.languages.pick(language), key, vars);
  await building;
  const web = await startWebServer({
    port: options.PLAYGROUND_PORT ?? 3000,
    host: options.PLAYGROUND_HOST ?? "127.0.0.1",
    staticDir: isAbsolute(staticDir) ? staticDir : resolve(staticDir),
    standIn,
    people,
    languages: bot.languages.list,
    chrome: chromeWords(options.localesDir ?? LOCALES_DIR, bot.languages.codes),
    panel: () => panel.state(),
    translate,
    serviceBot: new SimulatedServiceBot(sim.url, translate, (network, summary) => panel.note(network, summary)),
    assets: CATALOGUE.map((a) => a.asset),
    setSlowMass: (on) => setSlowMass(sim.sim, on),
    logger,
  });

  return {
    url: web.url,
    logger,
    people,
    sim,
    standIn,
    bot,
    web,
    close: async () => {
      maker?.stop();
      await web.close();
      await bot.stop();
      await standIn.close();
      await sim.close();
    },
  };
}
