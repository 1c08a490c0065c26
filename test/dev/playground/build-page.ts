// Vitest global setup: builds the playground page once, before any test file starts the playground
// (two files building the same folder at once would trip over each other).
import { ensureAppBuilt } from "../../../src/dev/playground/app-build.js";

export default async function setup(): Promise<void> {
  await ensureAppBuilt();
}
