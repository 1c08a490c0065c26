/**
 * Imported first by every entry point: on a Node older than the project supports, stop with one clear
 * line instead of the stack trace a native module or a newer language feature would give later.
 * ES modules evaluate their imports in order, so this runs before anything else is loaded.
 */

/** Keep in step with `engines.node` in package.json and `.node-version` (a test checks both). */
export const MINIMUM_NODE_MAJOR = 24;

/** The message for an unsupported Node version, or undefined when `version` (e.g. "24.1.0") is fine. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const major = Number.parseInt(version.split(".")[0] ?? "", 10);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return undefined;
  return (
    `This bot needs Node ${MINIMUM_NODE_MAJOR} or newer; this is Node ${version}. ` +
    `Run "source scripts/node24.sh" (installs the pinned Node ${MINIMUM_NODE_MAJOR} into .tools/) or use npm start.`
  );
}

const message = unsupportedNodeMessage(process.versions.node);
if (message) {
  console.error(message);
  process.exit(1);
}
