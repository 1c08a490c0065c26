/**
 * Declared and handled agree: every command and main-menu button a manifest declares has a handler
 * registered for it, and every command and main-menu button with a handler is declared in some
 * manifest (so the router, the key gate, the command menus and /help know of it).
 */
import { Composer } from "grammy";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Harness as HarnessType } from "../helpers/bot-harness.js";

const handledCommands = new Set<string>();
const handledMenuButtons = new Set<string>();

function names(trigger: unknown): string[] {
  const list = Array.isArray(trigger) ? (trigger as unknown[]) : [trigger];
  return list.filter((t): t is string => typeof t === "string");
}

let h: HarnessType;
beforeAll(async () => {
  const command = Composer.prototype.command;
  const callbackQuery = Composer.prototype.callbackQuery;
  vi.spyOn(Composer.prototype, "command").mockImplementation(function (this: Composer<never>, ...args) {
    for (const n of names(args[0])) handledCommands.add(n);
    return command.apply(this, args as never) as never;
  });
  vi.spyOn(Composer.prototype, "callbackQuery").mockImplementation(function (this: Composer<never>, ...args) {
    for (const n of names(args[0])) if (n.startsWith("menu:")) handledMenuButtons.add(n.slice("menu:".length));
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

describe("declared and handled", () => {
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
    expect([...handledMenuButtons].filter((b) => !declared.has(b as never)).sort(), "handled, not declared").toEqual([]);
  });
});
