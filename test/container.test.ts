/**
 * The container files, checked as far as this machine can without Docker: the images match
 * .node-version, the run stage has production dependencies only and no development tool, runs as a
 * non-root user, checks /healthz and has the production runtime options; compose runs PostgreSQL and
 * two bot instances in webhook mode on it. (CI runs the build stage's commands: npm run build and
 * scripts/check-production.sh.)
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parse } from "yaml";

const dockerfile = readFileSync("Dockerfile", "utf8");
const nodeVersion = readFileSync(".node-version", "utf8").trim();
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  config: { node_options: string };
  scripts: Record<string, string>;
};

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
  expect(run).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
  expect(run).not.toMatch(/tsx|npm ci(?! --omit)/);
});

it("holds the bot alone: the development tools stay out of the build context and the build", () => {
  const ignored = readFileSync(".dockerignore", "utf8").split("\n").map((l) => l.trim());
  expect(ignored).toEqual(expect.arrayContaining(["src/dev", "dist-dev"]));
  expect(dockerfile).toMatch(/^COPY src \.\/src$/m);
  const build = JSON.parse(readFileSync("tsconfig.build.json", "utf8")) as { include: string[]; exclude: string[] };
  expect(build).toMatchObject({ include: ["src"], exclude: ["src/dev"] });
  // The playground page is built apart (dist-dev/), never by the bot's build.
  expect(pkg.scripts.build).not.toMatch(/vite|dev\//);
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

it("runs with the production runtime options, kept in one place, all of them documented Node options", () => {
  const options = pkg.config.node_options;
  expect(options).toMatch(/^--/);
  // Node accepts in NODE_OPTIONS only its own options and the V8 options it documents; V8's internal
  // flags (`--heap-growing-percent`, say) are refused there.
  for (const option of options.split(" ")) {
    expect(process.allowedNodeEnvironmentFlags.has(option.split("=")[0]!), option).toBe(true);
  }
  const node = spawnSync(process.execPath, ["-e", "process.stdout.write('ok')"], {
    env: { ...process.env, NODE_OPTIONS: options },
    encoding: "utf8",
  });
  expect(node.stderr).toBe("");
  expect(node.stdout).toBe("ok");

  // The container passes them in NODE_OPTIONS; `npm run start:prod` and the benchmarks of the
  // compiled bot read them from package.json; `npm start` (development) passes none.
  const run = dockerfile.slice(dockerfile.indexOf("AS run"));
  expect(run).toContain(`NODE_OPTIONS=${JSON.stringify(options)}`);
  const fromConfig = "node $npm_package_config_node_options ";
  expect(pkg.scripts["start:prod"]).toBe(`${fromConfig}dist/main.js`);
  for (const bench of ["bench:latency", "bench:watch", "bench:mass"]) {
    expect(pkg.scripts[bench], bench).toContain(`${fromConfig}.bench/bench/`);
  }
  expect(pkg.scripts.start).not.toMatch(/ --(?!import)/);
  const everywhere = [dockerfile, ...Object.values(pkg.scripts)].join("\n");
  for (const option of options.split(" ")) expect(everywhere.split(option).length - 1, option).toBe(1);
});
