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
    ["src/bot/features/x/probe.ts", 'import { startWebServer } from "../../../web/server.js";', "bot may not import composition"],
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

  it("a folder that no layer claims is reported, so that it gets a place", async () => {
    const messages = await layerMessages("src/somewhere/probe.ts", 'import { money } from "../domain/money.js";');
    expect(messages).toEqual([expect.stringContaining("src/somewhere/probe.ts is in no layer")]);
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
