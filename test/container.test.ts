/**
 * The container files, checked as far as this machine can without Docker: the images match
 * .node-version, the run stage has production dependencies only, runs as a non-root user and checks
 * /healthz; compose runs PostgreSQL and two bot instances in webhook mode on it. (CI runs the build
 * stage's commands: npm run build and scripts/check-production.sh.)
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parse } from "yaml";

const dockerfile = readFileSync("Dockerfile", "utf8");
const nodeVersion = readFileSync(".node-version", "utf8").trim();

it("builds in one stage and runs the compiled bot in another, as a non-root user", () => {
  const stages = [...dockerfile.matchAll(/^FROM (\S+) AS (\w+)$/gm)].map((m) => [m[1], m[2]]);
  expect(stages).toEqual([
    [`node:${nodeVersion}-bookworm-slim`, "build"],
    [`node:${nodeVersion}-bookworm-slim`, "run"],
  ]);
  const run = dockerfile.slice(dockerfile.indexOf("AS run"));
  expect(dockerfile).toContain("npm run build && npm prune --omit=dev");
  expect(run).toMatch(/^USER node$/m);
  expect(run).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
  // The container runs what `npm run start:prod` runs, with the same V8 flags.
  const startProd = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts[
    "start:prod"
  ]!;
  expect(startProd).toContain("--no-allocation-site-pretenuring");
  expect(run).toContain(`CMD ${JSON.stringify(startProd.split(" "))}`.replaceAll(",", ", "));
  expect(run).not.toMatch(/tsx|npm ci(?! --omit)/);
});

it("composes PostgreSQL and two bot instances in webhook mode", () => {
  const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; depends_on?: unknown; image?: string }>;
  };
  expect(Object.keys(compose.services).sort()).toEqual(["bot1", "bot2", "postgres"]);
  for (const name of ["bot1", "bot2"]) {
    const env = compose.services[name]!.environment!;
    expect(env.BOT_MODE).toBe("webhook");
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(compose.services[name]!.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
  }
});
