// ESLint (flat config): JavaScript recommended rules plus typescript-eslint's recommended and
// stylistic sets. Not Biome: its per-platform binaries are not all on the registry mirror this
// project installs from, which breaks `npm ci`.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import layers from "./eslint-rules/layers.js";

// Imports point one way: bot → engines → service, storage → domain. Each layer lists what it may
// import besides itself; the rule (eslint-rules/layers.js) resolves every relative import to its file
// and reports the others. The paths are under src/; the closest match places a file. A feature's face
// (FEATURE_FACES) is all that another part imports of it.
const ENGINES = ["accounts", "journal", "mass", "notifications", "jobs", "outbox", "telegram", "charts"];
// What the bot is built on; the journal never imports it.
const TELEGRAM_LIBRARY = ["grammy", "@grammyjs/"];
const BELOW_ENGINES = ["service", "storage", "domain", "config", "logger"];
// The bot's floors, from the top (below).
const BOT = ["bot", "bot-features", "bot-frame", "bot-shared", "bot-context"];
const LAYERS = {
  // Money, ids, networks, people-facing text shared by the bot and the engines: nothing of ours.
  domain: { paths: ["domain/"], may: [] },
  // The service's clients and contract, and the database: the domain only, never each other.
  service: { paths: ["service/"], may: ["domain"] },
  storage: { paths: ["storage/"], may: ["domain"] },
  // Settings parsed from the environment (decimal settings use the contract's pattern), the logger,
  // and the Node version check every entry point imports first.
  config: { paths: ["config.ts"], may: ["service", "domain"] },
  logger: { paths: ["logger.ts"], may: [] },
  "runtime-check": { paths: ["runtime-check.ts"], may: [] },
  // Engines: under the bot, over the service and storage. Where one engine uses another, it is listed.
  accounts: { paths: ["accounts/"], may: ["service", "storage", "domain"] },
  jobs: { paths: ["jobs/"], may: ["storage", "domain", "config", "logger"] },
  telegram: { paths: ["telegram/"], may: ["domain"] },
  charts: { paths: ["charts/"], may: ["service", "domain"] },
  // The outbox registers its drain on the job engine.
  outbox: { paths: ["outbox/"], may: ["jobs", ...BELOW_ENGINES] },
  // Notifications run on the job engine and send their notices through the outbox.
  notifications: { paths: ["notifications/"], may: ["jobs", "outbox", ...BELOW_ENGINES] },
  // The exactly-once journal: proposes, carries out and reconciles the confirmed actions with the
  // account's clients, on the job engine, its notices written to the outbox. It knows nothing of
  // Telegram's library or of the bot: the buttons and the words are handed in by the bot.
  journal: { paths: ["journal/"], may: ["accounts", "jobs", "outbox", ...BELOW_ENGINES], never: TELEGRAM_LIBRARY },
  // A mass job runs on the job engine, reads the admin's clients from accounts, sends its report
  // and the recipients' notices through the outbox, and builds its buttons with the telegram codecs.
  mass: { paths: ["mass/"], may: ["accounts", "jobs", "outbox", "telegram", ...BELOW_ENGINES] },
  // The bot, over the engines and never the serving layer, has floors of its own, each built on the
  // ones below: the context types; what features share (bot/shared: steps, the confirmation, formats);
  // the frame that runs features (bot/*.ts: what a feature contributes, the router, flows, languages);
  // the features; and on top what puts the bot together (the feature list, the command menus, the
  // fallback, the notices' buttons, createBot). An import from a lower floor to a higher runs back up.
  "bot-context": { paths: ["bot/context.ts"], may: [...ENGINES, ...BELOW_ENGINES] },
  "bot-shared": { paths: ["bot/shared/"], may: ["bot-context", ...ENGINES, ...BELOW_ENGINES] },
  "bot-frame": { paths: ["bot/"], may: ["bot-shared", "bot-context", ...ENGINES, ...BELOW_ENGINES] },
  "bot-features": { paths: ["bot/features/"], may: ["bot-frame", "bot-shared", "bot-context", ...ENGINES, ...BELOW_ENGINES] },
  bot: {
    paths: ["bot/index.ts", "bot/features.ts", "bot/commands.ts", "bot/fallback.ts", "bot/notice-buttons.ts"],
    may: ["bot-features", "bot-frame", "bot-shared", "bot-context", ...ENGINES, ...BELOW_ENGINES],
  },
  // The composition and serving layer builds everything of the production bot.
  composition: {
    paths: ["app.ts", "serve.ts", "main.ts", "rotate-keys.ts", "web/"],
    may: [...BOT, ...ENGINES, ...BELOW_ENGINES, "runtime-check"],
  },
  // The development tools, under dev/: what ships never imports them (DEV_TOOLS below; tests and
  // benchmarks may). The local service: its contract and the domain, never the bot.
  simulator: { paths: ["dev/simulator/"], may: ["service", "domain", "runtime-check"] },
  // The Bot API stand-in: for the playground, tests and benchmarks.
  "telegram-stand-in": { paths: ["dev/telegram-stand-in/"], may: [] },
  // The offline playground puts everything together: the simulator, the stand-in and the bot.
  playground: {
    paths: ["dev/playground/"],
    may: ["composition", ...BOT, ...ENGINES, ...BELOW_ENGINES, "runtime-check", "simulator", "telegram-stand-in"],
  },
  // `npm start`: the bot's entry point with a token, the playground's without.
  "dev-start": { paths: ["dev/start.ts"], may: ["composition", "playground", "runtime-check"] },
};
// The development tools' folder: whatever the table says, nothing outside it imports what is inside,
// so the build (tsconfig.build.json leaves src/dev out) and the container hold the bot alone.
const DEV_TOOLS = "dev/";
// Each feature shows others its index.ts (its factory and named entry points such as startTrade) and
// its callback-data.ts (its buttons' data); what is inside stays its own. A piece several features
// share by design lives in bot/shared.
const FEATURE_FACES = { folder: "bot/features/", files: ["index.ts", "callback-data.ts"] };

// CSV that people open goes through src/domain/spreadsheet-csv.ts, which keeps cells from being read
// as formulas; parse.ts writes CSV only as the canonical text it hashes.
const CSV_IMPORTS = { group: ["csv-stringify", "csv-stringify/*"], message: "Write CSV with spreadsheetCsv (src/domain/spreadsheet-csv.ts)." };

export default tseslint.config(
  { ignores: ["node_modules/", "data/", "coverage/", "dist/", "dist-dev/", ".tools/", ".bench/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
      "prefer-const": "error",
    },
  },
  {
    files: ["src/**/*.ts"],
    ignores: ["src/domain/spreadsheet-csv.ts", "src/mass/parse.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [CSV_IMPORTS] }],
    },
  },
  {
    // What several features share (the confirmation step, inputs, top-up replies) knows no feature: a
    // feature's own buttons and texts stay in its folder or are passed in by it. (This block replaces
    // the one above for these files, so it names the CSV rule again.)
    files: ["src/bot/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            CSV_IMPORTS,
            { group: ["**/features/**"], message: "bot/shared may not import a feature: take its data from the caller." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.ts"],
    plugins: { layers: { rules: { direction: layers } } },
    rules: { "layers/direction": ["error", { root: "src", layers: LAYERS, apart: DEV_TOOLS, faces: FEATURE_FACES }] },
  },
  {
    // A feature registers its commands and buttons through its entries (src/bot/entries.ts), which
    // record each in its manifest: a handler registered on a Composer itself would answer what the
    // router, the key gate, the command menus and /help never hear of.
    files: ["src/bot/features/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(command|callbackQuery)$/]:not([callee.object.name='entries']):not([callee.object.callee.property.name='within']):not([callee.object.property.name='has'])",
          message: "Register commands and buttons through the feature's entries (entries.command, entries.callback, …).",
        },
      ],
    },
  },
  {
    // The simulator's, the benchmark's and rotate-keys' entry points print their addresses, figures and counts.
    files: ["src/dev/simulator/main.ts", "src/rotate-keys.ts", "bench/**/*.ts", "test/**/*.ts"],
    rules: { "no-console": "off" },
  },
);
