/**
 * The layering rule as CI runs it: the project's own ESLint configuration, applied to small files
 * placed in a layer (they exist only in memory), reports imports against the direction and keeps
 * quiet about the ones that follow it.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import layersRule from "../../eslint-rules/layers.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: repo });

/** The layering messages ESLint gives for `code` as if it were the file at `filePath`. */
async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "layers/direction").map((m) => m.message);
}

describe("layers/direction", () => {
  it.each([
    ["src/domain/probe.ts", 'import { operations } from "../service/operations.js";', "domain may not import service"],
    ["src/service/probe.ts", 'import type { UsersRepo } from "../storage/types.js";', "service may not import storage"],
    ["src/storage/probe.ts", 'export { operations } from "../service/operations.js";', "storage may not import service"],
    ["src/notifications/probe.ts", 'import type { BotDeps } from "../bot/context.js";', "notifications may not import bot"],
    ["src/mass/deep/probe.ts", 'import { createBot } from "../../bot/index.js";', "mass may not import bot"],
    ["src/outbox/probe.ts", 'import { startBot } from "../app.js";', "outbox may not import composition"],
    ["src/bot/features/x/probe.ts", 'import { startWebServer } from "../../../web/server.js";', "bot-features may not import composition"],
    ["src/dev/simulator/exchange/probe.ts", 'import type { SqlStorage } from "../../../storage/index.js";', "simulator may not import storage"],
    ["src/dev/simulator/probe.ts", 'import { createBot } from "../../bot/index.js";', "simulator may not import bot"],
    ["src/dev/simulator/probe.ts", 'import { startPlayground } from "../playground/playground.js";', "simulator may not import playground"],
    ["src/dev/telegram-stand-in/probe.ts", 'import { Simulator } from "../simulator/simulator.js";', "telegram-stand-in may not import simulator"],
    ["src/telegram/probe.ts", 'import { MASS_JOB_DATA } from "../mass/callback-data.js";', "telegram may not import mass"],
    ["src/journal/probe.ts", 'import type { BotDeps } from "../bot/context.js";', "journal may not import bot"],
    ["src/journal/probe.ts", 'export { confirmKeyboard } from "../bot/shared/confirm.js";', "journal may not import bot"],
    ["src/journal/probe.ts", 'import { InlineKeyboard } from "grammy";', "journal may not import grammy;"],
    ["src/journal/probe.ts", 'import type { InlineKeyboardMarkup } from "grammy/types";', "journal may not import grammy/types"],
    ["src/journal/probe.ts", 'import type { Conversation } from "@grammyjs/conversations";', "journal may not import @grammyjs/conversations"],
    ["src/journal/probe.ts", 'const { Bot } = await import("grammy");', "journal may not import grammy"],
  ])("%s: %s is reported", async (filePath, code, expected) => {
    const messages = await layerMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ["src/bot/features/x/probe.ts", 'import { MassRunner } from "../../../mass/runner.js";'],
    ["src/mass/probe.ts", 'import { clientsFor } from "../accounts/clients.js";'],
    ["src/mass/probe.ts", 'import { callbackData } from "../telegram/callback-data.js";'],
    ["src/notifications/probe.ts", 'import { money } from "../domain/money.js";'],
    ["src/dev/simulator/exchange/probe.ts", 'import { Book } from "./book.js";\nimport { money } from "../../../domain/money.js";'],
    ["src/dev/playground/probe.ts", 'import { BotApiServer } from "../telegram-stand-in/bot-api-server.js";'],
    ["src/dev/playground/probe.ts", 'import { Simulator } from "../simulator/simulator.js";\nimport { startBot } from "../../app.js";'],
    ["src/dev/playground/probe.ts", 'import { createBot } from "../../bot/index.js";'],
    ["src/dev/start.ts", 'await import("../main.js");\nawait import("./playground/main.js");'],
    ["src/domain/probe.ts", 'import { Decimal } from "decimal.js";\nimport { money } from "./money.js";'],
    ["src/journal/probe.ts", 'import { clientsFor } from "../accounts/clients.js";\nimport type { Jobs } from "../jobs/types.js";'],
    ["src/journal/probe.ts", 'import type { Logger } from "pino";\nimport { setTimeout } from "node:timers/promises";'],
    ["src/bot/shared/probe.ts", 'import { runAction } from "../../journal/run.js";\nimport { InlineKeyboard } from "grammy";'],
    ["src/mass/probe.ts", 'import { InlineKeyboard } from "grammy";'],
  ])("%s: %s follows the direction", async (filePath, code) => {
    expect(await layerMessages(filePath, code)).toEqual([]);
  });

  // What ships (the bot, the engines, the composition and serving layer) never imports the development
  // tools, so the build and the container can leave src/dev out; tests and benchmarks may.
  it.each([
    ["src/main.ts", 'const { startPlayground } = await import("./dev/playground/playground.js");', "src/dev/playground/playground.ts"],
    ["src/app.ts", 'import { BotApiServer } from "./dev/telegram-stand-in/bot-api-server.js";', "src/dev/telegram-stand-in/bot-api-server.ts"],
    ["src/bot/features/x/probe.ts", 'import { Simulator } from "../../../dev/simulator/simulator.js";', "src/dev/simulator/simulator.ts"],
    ["src/telegram/probe.ts", 'export type { ChatEvent } from "../dev/telegram-stand-in/chat-model.js";', "src/dev/telegram-stand-in/chat-model.ts"],
    ["src/domain/probe.ts", 'import { seed } from "../dev/simulator/seed.js";', "src/dev/simulator/seed.ts"],
  ])("%s: importing the development tools is reported (%s)", async (filePath, code, target) => {
    const messages = await layerMessages(filePath, code);
    expect(messages).toEqual([`${filePath} ships and may not import ${target}: only what is under src/dev/ (the development tools) imports it; tests and benchmarks may.`]);
  });

  it("reports the bot importing the development tools even where the table would allow it", async () => {
    const layers = { bot: { paths: ["bot/"], may: ["simulator"] }, simulator: { paths: ["dev/simulator/"], may: [] } };
    const strict = new ESLint({
      cwd: repo,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } },
        {
          files: ["src/**/*.ts"],
          plugins: { layers: { rules: { direction: layersRule } } },
          rules: { "layers/direction": ["error", { root: "src", layers, apart: "dev/" }] },
        },
      ],
    });
    const code = 'import { Simulator } from "../dev/simulator/simulator.js";';
    const [result] = await strict.lintText(code, { filePath: "src/bot/probe.ts" });
    expect(result!.messages.map((m) => m.message)).toEqual([expect.stringContaining("src/bot/probe.ts ships and may not import src/dev/simulator/simulator.ts")]);
  });

  // Inside src/bot each floor is built on the ones below: the context types, bot/shared, the frame
  // (bot/*.ts), the features, and what puts the bot together. An import from a floor to a higher one
  // runs back up.
  it.each([
    ["src/bot/shared/probe.ts", 'import type { Router } from "../router.js";', "bot-shared may not import bot-frame (src/bot/router.ts): the import runs back up"],
    ["src/bot/shared/probe.ts", 'import { enterFlow } from "../flows.js";', "bot-shared may not import bot-frame (src/bot/flows.ts): the import runs back up"],
    ["src/bot/probe.ts", 'import { mainMenu } from "./features/start/index.js";', "bot-frame may not import bot-features (src/bot/features/start/index.ts): the import runs back up"],
    ["src/bot/features/x/probe.ts", 'import { FEATURES } from "../../features.js";', "bot-features may not import bot (src/bot/features.ts): the import runs back up"],
    ["src/bot/features/x/probe.ts", 'import { createBot } from "../../index.js";', "bot-features may not import bot (src/bot/index.ts): the import runs back up"],
    ["src/bot/context.ts", 'import { Router } from "./router.js";', "bot-context may not import bot-frame (src/bot/router.ts): the import runs back up"],
    ["src/domain/probe.ts", 'import { operations } from "../service/operations.js";', "domain may not import service (src/service/operations.ts): the import runs back up"],
  ])("%s: %s runs back up", async (filePath, code, expected) => {
    expect(await layerMessages(filePath, code)).toEqual([expect.stringContaining(expected)]);
  });

  it.each([
    ["src/bot/shared/probe.ts", 'import type { BotContext } from "../context.js";'],
    ["src/bot/probe.ts", 'import { proposeAction } from "./shared/confirm.js";\nimport type { BotContext } from "./context.js";'],
    ["src/bot/features/x/probe.ts", 'import { enterFlow } from "../../flows.js";\nimport { attempt } from "../../shared/attempt.js";'],
    ["src/bot/features.ts", 'import { tradeFeature } from "./features/trade/index.js";\nimport { registerCommands } from "./commands.js";'],
  ])("%s: %s builds on a floor below", async (filePath, code) => {
    expect(await layerMessages(filePath, code)).toEqual([]);
  });

  // A feature shows the rest of the bot its index.ts and its callback-data.ts; what is inside is its own.
  it.each([
    ["src/bot/features/swap/probe.ts", 'import { detailsData } from "../trade/view.js";', "src/bot/features/trade/view.ts"],
    ["src/bot/features/inline/probe.ts", 'import { marketScreens } from "../market/screens.js";', "src/bot/features/market/screens.ts"],
    ["src/bot/features/links/probe.ts", 'export { NEW_TRANSFER_CONVERSATION } from "../send/new-transfer.js";', "src/bot/features/send/new-transfer.ts"],
    ["src/bot/features/mass/deep/probe.ts", 'import { moveReply } from "../../balances/move.js";', "src/bot/features/balances/move.ts"],
    ["src/bot/fallback.ts", 'import { mainMenu } from "./features/start/menu.js";', "src/bot/features/start/menu.ts"],
    ["src/bot/features/x/probe.ts", 'const { m } = await import("../trade/deep/inner.js");', "src/bot/features/trade/deep/inner.ts"],
  ])("%s: %s reaches inside another feature", async (filePath, code, target) => {
    const messages = await layerMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`${filePath} may not import ${target}: from outside src/bot/features/`);
    expect(messages[0]).toContain("only its face (index.ts, callback-data.ts) is imported");
  });

  it.each([
    ["src/bot/features/swap/probe.ts", 'import { startTrade } from "../trade/index.js";\nimport { ORDERS_DATA } from "../orders/callback-data.js";'],
    ["src/bot/features/trade/probe.ts", 'import { orderSummary } from "./view.js";\nimport { checkSize } from "../../shared/trade-rules.js";'],
    ["src/bot/features/trade/deep/probe.ts", 'import { orderSummary } from "../view.js";'],
    ["src/bot/notice-buttons.ts", 'import { ALERTS_DATA } from "./features/alerts/callback-data.js";'],
  ])("%s: %s keeps to a feature's face", async (filePath, code) => {
    expect(await layerMessages(filePath, code)).toEqual([]);
  });

  it("a folder that no layer claims is reported, so that it gets a place", async () => {
    const messages = await layerMessages("src/somewhere/probe.ts", 'import { money } from "../domain/money.js";');
    expect(messages).toEqual([expect.stringContaining("src/somewhere/probe.ts is in no layer")]);
  });
});

describe("layers/direction on files of a small tree", () => {
  // test/eslint-rules/fixtures/src: a frame file, a trade feature (face and inside), a swap feature that
  // imports the trade feature's face and its inside, and two shared files, one built on the context
  // types and one importing the router above it.
  const fixtures = "test/eslint-rules/fixtures";
  const layers = {
    "bot-context": { paths: ["bot/context.ts"], may: [] },
    "bot-shared": { paths: ["bot/shared/"], may: ["bot-context"] },
    "bot-frame": { paths: ["bot/"], may: ["bot-shared", "bot-context"] },
    "bot-features": { paths: ["bot/features/"], may: ["bot-frame", "bot-shared", "bot-context"] },
  };
  const lint = new ESLint({
    cwd: repo,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } },
      {
        files: [`${fixtures}/src/**/*.ts`],
        plugins: { layers: { rules: { direction: layersRule } } },
        rules: {
          "layers/direction": [
            "error",
            { root: `${fixtures}/src`, layers, faces: { folder: "bot/features/", files: ["index.ts", "callback-data.ts"] } },
          ],
        },
      },
    ],
  });

  it("reports the import inside a sibling feature and the one running back up, and nothing else", async () => {
    const results = await lint.lintFiles([`${fixtures}/src/**/*.ts`]);
    const found = results
      .flatMap((r) => r.messages.map((m) => `${r.filePath.slice(repo.length)}:${m.line}: ${m.message}`))
      .sort();
    expect(results).toHaveLength(8);
    expect(found).toEqual([
      `${fixtures}/src/bot/features/swap/plan.ts:4: ${fixtures}/src/bot/features/swap/plan.ts may not import ${fixtures}/src/bot/features/trade/rules.ts: from outside ${fixtures}/src/bot/features/trade/ only its face (index.ts, callback-data.ts) is imported; export what others use from there, or move what several share to a shared place.`,
      `${fixtures}/src/bot/shared/steps.ts:2: bot-shared may not import bot-frame (${fixtures}/src/bot/router.ts): the import runs back up, bot-frame is built on bot-shared.`,
    ]);
  });
});

describe("bot/shared", () => {
  /** The restricted-import messages ESLint gives for `code` as if it were the file at `filePath`. */
  async function restrictedImports(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
  }

  it("imports no feature: a feature's buttons stay in its folder", async () => {
    const code = 'import { BALANCE_DATA } from "../features/balances/callback-data.js";';
    expect(await restrictedImports("src/bot/shared/probe.ts", code)).toEqual([
      expect.stringContaining("bot/shared may not import a feature"),
    ]);
    expect(await restrictedImports("src/bot/features/trade/probe.ts", code)).toEqual([]);
  });

  it("still writes no CSV but through spreadsheetCsv", async () => {
    const messages = await restrictedImports("src/bot/shared/probe.ts", 'import { stringify } from "csv-stringify/sync";');
    expect(messages).toEqual([expect.stringContaining("spreadsheetCsv")]);
  });
});
