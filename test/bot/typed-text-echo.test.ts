/**
 * Text people type, echoed back: the real bot over the simulator and the Bot API stand-in, which
 * refuses a string Telegram cannot encode ("strings must be encoded in UTF-8") as Telegram does. Each
 * place that clips or echoes typed text is driven with an emoji across its old cut (half a surrogate
 * pair used to be sent, refused, and the person heard nothing) and with invisible characters (shown as
 * marks such as "[U+200B]"); then random Unicode goes through every command and prompt that echoes
 * what was typed, and every string the bot sends must be well-formed and show no invisible character.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { hasInvisible, inlineUserText } from "../../src/domain/user-text.js";
import { type Harness as HarnessType, Harness, type TestUser } from "../helpers/bot-harness.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const ADMIN = 780_001;
const RECIPIENT = 780_900;
const SMILES = (n: number) => "😀".repeat(n);
/** From scratch to a transfer's note prompt. */
const NOTE_STEP = ["press:menu:send", `press:${SEND_DATA.create.build({})}`, String(RECIPIENT), `press:${pickData("USDT")}`, "1"];
/** Fields of a Bot API call that a person reads. */
const SHOWN = new Set(["text", "caption", "title", "description", "message_text"]);

/** Every string of a call's parameters, with the name of the field that holds it. */
function* strings(value: unknown, key = ""): Generator<[string, string]> {
  if (typeof value === "string") yield [key, value];
  else if (Array.isArray(value)) for (const v of value) yield* strings(v, key);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* strings(v, k);
}

/** What is wrong with the calls the bot made from the `from`th on: ill-formed strings, invisible characters shown. */
function problemsSince(h: HarnessType, from: number): string[] {
  const problems: string[] = [];
  for (const call of h.tg.calls.slice(from)) {
    for (const [key, s] of strings(call.payload)) {
      if (!s.isWellFormed()) problems.push(`${call.method}.${key} is not well-formed: ${JSON.stringify(s)}`);
      else if (SHOWN.has(key) && hasInvisible(s)) problems.push(`${call.method}.${key} shows an invisible character: ${JSON.stringify(s)}`);
    }
  }
  return problems;
}

const errorLines = (h: HarnessType, from: number) => h.logLines.slice(from).filter((l) => /"level":50/.test(l));

describe("typed text echoed back", () => {
  let h: HarnessType;
  let user: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    h = await Harness.create({ adminIds: [ADMIN] });
    ({ user } = await h.linkedUser(
      { pay: { USDT: "1000" }, funding: { BTC: "0.01", USDT: "100" }, trading: { USDT: "1000", BTC: "0.01" } },
      {},
    ));
    ({ user: admin } = await h.linkedUser({ pay: { USDT: "1000" } }, { id: ADMIN }));
    await h.createAccount({ userId: RECIPIENT });
  }, 60_000);
  afterAll(async () => h?.close());

  /** Sends `typed` at a point of the bot and returns the bot's newest text, checking every call it made. */
  async function echo(who: TestUser, before: string[], typed: string): Promise<string> {
    await who.send("/cancel");
    for (const step of before) {
      if (step.startsWith("press:")) await who.press(step.slice(6));
      else await who.send(step);
    }
    const calls = h.tg.calls.length;
    const logs = h.logLines.length;
    await who.send(typed);
    expect(problemsSince(h, calls)).toEqual([]);
    expect(errorLines(h, logs)).toEqual([]);
    return who.last()!.text;
  }

  describe("an emoji across the old cut is kept whole", () => {
    it.each(["price", "book", "trades", "chart"])("/%s with an unknown pair", async (command) => {
      const typed = `a${SMILES(40)}`;
      const shown = await echo(user, [], `/${command} ${typed}`);
      expect(shown).toContain(`There is no trading pair “a${SMILES(28)}…”`);
    });

    it("the pair step of /trade", async () => {
      const shown = await echo(user, ["/trade"], `a${SMILES(20)}`);
      expect(shown).toContain(`There is no trading pair “a${SMILES(20)}”`);
    });

    it("the pair step of /alert, and the pair of its one-line form", async () => {
      expect(await echo(user, ["/alert"], `b${SMILES(40)}`)).toContain(`There is no trading pair “b${SMILES(28)}…”`);
      expect(await echo(user, [], `/alert c${SMILES(40)} above 100`)).toContain(`There is no trading pair “c${SMILES(28)}…”`);
    });

    it("the asset typed in /swap", async () => {
      const shown = await echo(user, ["/swap", `press:${pickData("BTC")}`], `d${SMILES(40)}`);
      expect(shown).toContain(`for D${SMILES(30)}…`);
    });

    it("the interval typed after /chart", async () => {
      const shown = await echo(user, [], `/chart BTC-USDT 1${SMILES(12)}`);
      expect(h.tg.textsIn(user.id).some((t) => t.startsWith(`“1${SMILES(8)}…” is not an interval`))).toBe(true);
      expect(shown).not.toContain("went wrong");
    });

    it("a cell of a mass-transfer list", async () => {
      const shown = await echo(admin, ["/mass"], `x${SMILES(45)},1,USDT`);
      expect(shown).toContain(`“x${SMILES(38)}…”`);
    });

    it("an invoice's description on its button in the list", async () => {
      await user.send("/newinvoice");
      await user.press(pickData("USDT"));
      await user.press(pickData("fixed"));
      await user.send("5");
      await user.press(pickData("1"));
      await user.send(`e${SMILES(60)}`);
      await user.press(pickData("3600"));
      await user.press(user.confirmData()!);
      const calls = h.tg.calls.length;
      await user.send("/myinvoices");
      expect(problemsSince(h, calls)).toEqual([]);
      const labels = user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text);
      expect(labels.some((l) => l.startsWith("5 USDT · e😀") && l.endsWith("…") && [...new Intl.Segmenter().segment(l)].length === 48)).toBe(
        true,
      );
    });
  });

  describe("invisible characters typed are shown as marks", () => {
    it("a pair with a zero-width space, a direction override, a byte order mark", async () => {
      expect(await echo(user, [], "/price XYZ\u200BQQQ")).toContain("There is no trading pair “XYZ[U+200B]QQQ”");
      expect(await echo(user, ["/alert"], "\u202Etdsu-ctb")).toContain("There is no trading pair “[U+202E]tdsu-ctb”");
      expect(await echo(user, ["/trade"], "\uFEFFBTC-USDT\u2060x")).toContain("“[U+FEFF]BTC-USDT[U+2060]x”");
    });

    it("a transfer's note, quoted in the summary", async () => {
      const shown = await echo(user, NOTE_STEP, "rent\u200B \u202Eyaw");
      expect(shown).toContain("│ rent[U+200B] [U+202E]yaw");
    });

    it("a person's name in the greeting", async () => {
      const named = h.user(780_500, { firstName: "\u202EevE\u200B" });
      await named.send("/start");
      expect(named.texts()[0]).toContain("Hello, [U+202E]evE[U+200B]!");
      expect(problemsSince(h, 0)).toEqual([]);
    });

    it("a sender name for recipients' notices holds none: one with an invisible character is asked again", async () => {
      await admin.send("/mass");
      await admin.send(`${RECIPIENT},1,USDT`);
      await admin.pressLabel(/Notify recipients/);
      await admin.send("Acme\u200BPayroll");
      expect(admin.last()!.text).toContain("without invisible characters");
      await admin.send("Acme Payroll");
      expect(admin.last()!.text).toContain("the payment is from “Acme Payroll”");
      await admin.send("/cancel");
    });
  });

  describe("random Unicode through every echo", () => {
    /** Characters that cut, hide or turn text: emoji of two units, joiners, direction controls, controls. */
    const tricky = fc.constantFrom(
      "😀",
      "👨‍👩‍👧",
      "🇺🇦",
      "❤️",
      "\u200B",
      "\u200C",
      "\u200D",
      "\u2060",
      "\uFEFF",
      "\u00AD",
      "\u3164",
      "\u202E",
      "\u2066",
      "\u200F",
      "\u061C",
      "\u0007",
      "\u0000",
      "\u2028",
      "\uFE0F",
      "\u{E0067}",
      "“",
      "»",
      " ",
      "\n",
      "e\u0301",
    );
    /** What a person may type: well-formed (Telegram delivers nothing else), not a command, something visible. */
    const typed = fc
      .array(fc.oneof(tricky, fc.string({ unit: "binary", maxLength: 4 }), fc.string({ unit: "grapheme", maxLength: 4 })), {
        minLength: 1,
        maxLength: 30,
      })
      .map((parts) => parts.join(""))
      .filter((s) => s.trim() !== "" && !s.trimStart().startsWith("/"));
    const runs = Number(process.env.ECHO_RUNS ?? 20);

    /** Every command and prompt that shows what was typed, each reached from scratch. */
    const points: { name: string; who: () => TestUser; before: string[]; text: (s: string) => string }[] = [
      { name: "/price", who: () => user, before: [], text: (s) => `/price ${s}` },
      { name: "/book", who: () => user, before: [], text: (s) => `/book ${s}` },
      { name: "/chart's interval", who: () => user, before: [], text: (s) => `/chart BTC-USDT ${s}` },
      { name: "/alert in one line", who: () => user, before: [], text: (s) => `/alert ${s} above 100` },
      { name: "/alert's pair step", who: () => user, before: ["/alert"], text: (s) => s },
      { name: "/trade's pair step", who: () => user, before: ["/trade"], text: (s) => s },
      { name: "/swap's asset", who: () => user, before: ["/swap", `press:${pickData("BTC")}`], text: (s) => s },
      { name: "a mass-transfer list", who: () => admin, before: ["/mass"], text: (s) => `${s},1,USDT\n1,${s},USDT` },
      {
        name: "a transfer's note",
        who: () => user,
        before: NOTE_STEP,
        text: (s) => s,
      },
    ];

    it.each(points)("$name", async (point) => {
      await fc.assert(
        fc.asyncProperty(typed, async (s) => {
          const shown = await echo(point.who(), point.before, point.text(s));
          expect(shown).not.toContain("went wrong");
        }),
        { numRuns: runs },
      );
    }, 120_000);

    it("a person's name", async () => {
      let id = 781_000;
      await fc.assert(
        fc.asyncProperty(typed, async (name) => {
          const person = h.user(id++, { firstName: name });
          const calls = h.tg.calls.length;
          await person.send("/start");
          expect(problemsSince(h, calls)).toEqual([]);
          expect(person.texts()[0]).toContain(`, ${inlineUserText(name)}!`);
        }),
        { numRuns: runs },
      );
    }, 120_000);
  });
});
