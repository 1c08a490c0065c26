/** The playground's own settings: nothing needed, a port by either name, a bad variable named. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadPlaygroundConfig } from "../../../src/dev/playground/config.js";

describe("loadPlaygroundConfig", () => {
  it("needs nothing: port 3000 on loopback, data in ./data/playground, the log level left to the playground", () => {
    expect(loadPlaygroundConfig({})).toEqual({ PLAYGROUND_PORT: 3000, PLAYGROUND_HOST: "127.0.0.1", PLAYGROUND_DATA_DIR: "./data/playground" });
  });

  it("serves on PORT too, as `PORT=4000 npm start` asks; PLAYGROUND_PORT wins when both are set", () => {
    // The README says so where it introduces the playground.
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("## The playground"), readme.indexOf("## Running it for real"));
    expect(section).toMatch(/`PLAYGROUND_PORT=4000 npm start`/);
    expect(section).toMatch(/`PORT=4000 npm start`/);
    expect(loadPlaygroundConfig({ PORT: "4000" }).PLAYGROUND_PORT).toBe(4000);
    expect(loadPlaygroundConfig({ PORT: "4000", PLAYGROUND_PORT: "4100" }).PLAYGROUND_PORT).toBe(4100);
    expect(() => loadPlaygroundConfig({ PORT: "http" })).toThrow(/PORT/);
  });

  it("names a bad variable", () => {
    expect(() => loadPlaygroundConfig({ PLAYGROUND_PORT: "http" })).toThrow(/PLAYGROUND_PORT/);
    expect(() => loadPlaygroundConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});
