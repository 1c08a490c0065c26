/**
 * The offline playground's own settings (`npm start` without BOT_TOKEN): where it serves and keeps its
 * data. The bot's settings (src/config.ts) know nothing of it.
 */
import { z } from "zod";
import { ConfigError, ConfigSchema } from "../../config.js";

export const PlaygroundConfigSchema = z.object({
  PLAYGROUND_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PLAYGROUND_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** Holds the playground's database and its generated KEY_ENCRYPTION_KEY. */
  PLAYGROUND_DATA_DIR: z.string().trim().min(1).default("./data/playground"),
  // Unset: the playground says only where it runs; the bot's own lines start at warn.
  LOG_LEVEL: ConfigSchema.shape.LOG_LEVEL.unwrap().optional(),
});
export type PlaygroundConfig = z.infer<typeof PlaygroundConfigSchema>;

/**
 * Parses the playground's variables; throws ConfigError naming every bad one. `PORT`, the usual name
 * for the port to serve on, works too: the page is the one port a person opens (PLAYGROUND_PORT wins).
 */
export function loadPlaygroundConfig(env: NodeJS.ProcessEnv = process.env): PlaygroundConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const portFrom = cleaned.PLAYGROUND_PORT === undefined && cleaned.PORT !== undefined ? "PORT" : "PLAYGROUND_PORT";
  const parsed = PlaygroundConfigSchema.safeParse({ ...cleaned, PLAYGROUND_PORT: cleaned[portFrom] });
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((i) => `${i.path[0] === "PLAYGROUND_PORT" ? portFrom : String(i.path[0])}: ${i.message}`),
  );
}
