/**
 * Declared and handled agree: a feature registers its commands, main-menu buttons and buttons through
 * its entries (src/bot/entries.ts), which record them in its manifest, and never straight on a
 * Composer. So every command, main-menu button and callback codec a manifest declares has a handler
 * registered for it, every one with a handler is declared (the router, the key gate, the command
 * menus and /help know of it), and every button data a feature's callback-data.ts can build is one
 * some feature answers.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Composer } from "grammy";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONFIRM_DATA } from "../../src/bot/shared/confirm-data.js";
import type { DeclaredCodec } from "../../src/telegram/callback-data.js";
import type { Harness as HarnessType } from "../helpers/bot-harness.js";

const handledCommands = new Set<string>();
const handledMenuButtons = new Set<string>();
/** The other callback triggers, as their patterns' sources (an exact string is matched as its own). */
const handledCallbacks: (string | RegExp)[] = [];
/** Registrations a feature made on a Composer itself, not through its entries: where each was made. */
const stray: string[] = [];

function triggers(trigger: unknown): unknown[] {
  return Array.isArray(trigger) ? (trigger as unknown[]) : [trigger];
}

/** The source file that called the spied method (the first frame in src/). */
function caller(): string {
  const frame = new Error().stack?.split("\n").find((l) => l.includes("/src/")) ?? "";
  return /\/src\/[^:)]+/.exec(frame)?.[0] ?? "";
}

function note(method: string): void {
  const from = caller();
  if (from.startsWith("/src/bot/features/")) stray.push(`${method} in ${from}`);
}

let h: HarnessType;
beforeAll(async () => {
  const command = Composer.prototype.command;
  const callbackQuery = Composer.prototype.callbackQuery;
  vi.spyOn(Composer.prototype, "command").mockImplementation(function (this: Composer<never>, ...args) {
    note("command");
    for (const n of triggers(args[0])) if (typeof n === "string") handledCommands.add(n);
    return command.apply(this, args as never) as never;
  });
  vi.spyOn(Composer.prototype, "callbackQuery").mockImplementation(function (this: Composer<never>, ...args) {
    note("callbackQuery");
    for (const n of triggers(args[0])) {
      if (typeof n === "string" && n.startsWith("menu:")) handledMenuButtons.add(n.slice("menu:".length));
      else if (typeof n === "string" || n instanceof RegExp) handledCallbacks.push(n);
    }
    return callbackQuery.apply(this, args as never) as never;
  });
  // Imported only now, so that handlers registered as the modules load are seen too.
  const { Harness } = await import("../helpers/bot-harness.js");
  h = await Harness.create();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await h?.close();
});

/** Every codec a feature's callback-data.ts (or the mass engine's, whose buttons its feature answers) exports. */
async function exportedCodecs(): Promise<DeclaredCodec[]> {
  const featuresDir = fileURLToPath(new URL("../../src/bot/features/", import.meta.url));
  const modules: unknown[] = [await import("../../src/mass/callback-data.js")];
  for (const name of readdirSync(featuresDir)) {
    if (readdirSync(featuresDir + name).includes("callback-data.ts")) {
      modules.push(await import(`../../src/bot/features/${name}/callback-data.ts`));
    }
  }
  const isCodec = (v: unknown): v is DeclaredCodec =>
    typeof v === "object" && v !== null && "head" in v && "pattern" in v && (v as DeclaredCodec).pattern instanceof RegExp;
  const found = new Set<DeclaredCodec>();
  const visit = (v: unknown) => {
    if (isCodec(v)) found.add(v);
    else if (typeof v === "object" && v !== null) for (const inner of Object.values(v)) if (typeof inner === "object") visit(inner);
  };
  for (const m of modules) visit(m);
  return [...found];
}

describe("declared and handled", () => {
  it("no feature registers a command or a button on a Composer itself, past its entries", () => {
    expect(handledCommands.size).toBeGreaterThan(0);
    expect(stray).toEqual([]);
  });

  it("every declared command is handled, and every handled command declared", () => {
    const declared = new Set(
      h.app.features.flatMap((f) => [
        ...(f.manifest.commands ?? []).map((c) => c.command),
        ...(f.manifest.adminCommands ?? []).map((c) => c.command),
        ...(f.manifest.aliases ?? []),
      ]),
    );
    expect(handledCommands).toContain("balance");
    expect(handledCommands).toContain("cancel");
    expect([...declared].filter((c) => !handledCommands.has(c)).sort(), "declared, not handled").toEqual([]);
    expect([...handledCommands].filter((c) => !declared.has(c)).sort(), "handled, not declared").toEqual([]);
  });

  it("every declared main-menu button is handled, and every handled one declared", () => {
    const declared = new Set(h.app.features.flatMap((f) => f.manifest.menuButtons ?? []));
    expect(handledMenuButtons).toContain("history");
    expect([...declared].filter((b) => !handledMenuButtons.has(b)).sort(), "declared, not handled").toEqual([]);
    expect([...handledMenuButtons].filter((b) => !declared.has(b)).sort(), "handled, not declared").toEqual([]);
  });

  it("every declared callback codec is handled, and every handled button declared", () => {
    // The shared confirmation's Confirm and Cancel are answered before any feature, by their own composer.
    const declared = [...h.app.features.flatMap((f) => f.manifest.callbacks ?? []), ...Object.values(CONFIRM_DATA)];
    const handles = (codec: DeclaredCodec) =>
      handledCallbacks.some((t) => (t instanceof RegExp ? t.source === codec.pattern.source : codec.pattern.test(t)));
    const isDeclared = (t: string | RegExp) =>
      declared.some((c) => (t instanceof RegExp ? t.source === c.pattern.source : c.pattern.test(t)));
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((c) => !handles(c)).map((c) => c.head), "declared, not handled").toEqual([]);
    expect(handledCallbacks.filter((t) => !isDeclared(t)).map(String), "handled, not declared").toEqual([]);
  });

  it("every button data a feature can build is declared by the feature that answers it", async () => {
    const declared = new Set(h.app.features.flatMap((f) => f.manifest.callbacks ?? []));
    const codecs = await exportedCodecs();
    expect(codecs.length).toBeGreaterThan(20);
    expect(codecs.filter((c) => !declared.has(c)).map((c) => c.head), "built, not answered").toEqual([]);
  });
});
