/** Polls `check` every 10 ms until it holds; throws naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 3000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
