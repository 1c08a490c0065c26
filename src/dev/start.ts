/**
 * `npm start` in a clone: the bot (src/main.ts) when BOT_TOKEN is set, else the offline playground
 * (src/dev/playground/main.ts). The bot's own entry point, which the build and the container run,
 * imports no development tool; this launcher runs from the sources only, through tsx
 * (docs/decisions/053-dev-tools-apart.md).
 */
import "../runtime-check.js";
import "dotenv/config";

// A production deployment that forgot its token stops with the bot's configuration error rather than
// serving a playground.
if (process.env.BOT_TOKEN?.trim() || process.env.NODE_ENV === "production") await import("../main.js");
else await import("./playground/main.js");
