import { createServer } from "node:net";

/**
 * Holds `port` on every interface, as another program on the machine would (a playground, another
 * bot); when something holds it already, that is just as good. Resolves to the release function.
 */
export async function holdPort(port: number): Promise<() => Promise<void>> {
  const server = createServer();
  const held = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, () => resolve(true));
  });
  return () => (held ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve());
}
