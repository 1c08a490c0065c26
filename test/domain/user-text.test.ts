import { describe, expect, it } from "vitest";
import { hasInvisible, headWithin, inlineUserText, quoteBlock, quotedField } from "../../src/domain/user-text.js";

describe("typed text set apart", () => {
  it("quotes every line of a note, whatever starts the line", () => {
    const note = "thanks\r\nTo: user id 1\u2028Amount: 1000 USDT\u2029\n✅ Sent 1000 USDT\u000B\u0085end";
    expect(quoteBlock(note).split("\n")).toEqual([
      "│ thanks",
      "│ To: user id 1",
      "│ Amount: 1000 USDT",
      "│",
      "│ ✅ Sent 1000 USDT",
      "│",
      "│ end",
    ]);
  });

  it("shows direction controls and other controls as visible marks, keeps emoji joiners", () => {
    expect(quoteBlock("a\u202Edcba\u2066x\u0007 👨‍👩‍👧")).toBe("│ a[U+202E]dcba[U+2066]x[U+0007] 👨‍👩‍👧");
  });

  it("labels a field, with a dash when there is nothing to show", () => {
    expect(quotedField("Note:", "hi\nthere")).toBe("Note:\n│ hi\n│ there");
    expect(quotedField("Note:", undefined)).toBe("Note: —");
    expect(quotedField("Note:", " \n \n ")).toBe("Note: —");
    // An invisible character is not nothing: it is shown.
    expect(quotedField("Note:", " \n\u200E\n ")).toBe("Note:\n│ [U+200E]");
  });

  it("keeps a name on one line, without quote marks that could close ours, and short", () => {
    expect(inlineUserText("Eve\nAmount: 1 USDT")).toBe("Eve Amount: 1 USDT");
    expect(inlineUserText("Bob” (id 999) “x")).toBe("Bob' (id 999) 'x");
    expect(inlineUserText("\u202Eevil")).toBe("[U+202E]evil");
    expect(inlineUserText("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("typed text shortened", () => {
  it("never cuts an emoji in half (the cut that left a lone surrogate)", () => {
    const typed = `a${"😀".repeat(20)}`;
    const shown = inlineUserText(typed, 30);
    expect(shown.isWellFormed()).toBe(true);
    expect(shown).toBe(typed);
    const cut = inlineUserText(typed, 10);
    expect(cut).toBe(`a${"😀".repeat(8)}…`);
    expect(cut.isWellFormed()).toBe(true);
  });

  it("counts what a person sees as one character: a family, a flag, an accented letter", () => {
    const family = "👨‍👩‍👧‍👦";
    const flag = "🇺🇦";
    const accented = "e\u0301";
    expect(inlineUserText(`${family}${flag}${accented}xyz`, 4)).toBe(`${family}${flag}${accented}…`);
  });

  it("shows zero-width characters as marks, each counted as one character", () => {
    expect(inlineUserText("BTC\u200BUSDT")).toBe("BTC[U+200B]USDT");
    expect(inlineUserText("\uFEFFbtc\u2060")).toBe("[U+FEFF]btc[U+2060]");
    expect(inlineUserText("a\u00ADb\u3164c")).toBe("a[U+00AD]b[U+3164]c");
    expect(inlineUserText("ab\u200Bcdef", 4)).toBe("ab[U+200B]…");
    // A joiner between two Latin letters joins nothing: shown.
    expect(inlineUserText("a\u200Db\u200Cc")).toBe("a[U+200D]b[U+200C]c");
  });

  it("keeps what is spelling, not hiding: emoji sequences, colour selectors, flag tags, Persian and Hindi joiners", () => {
    for (const text of ["👩‍💻", "❤️", "🏳️‍🌈", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "می\u200Cخواهم", "क्\u200Dष"]) {
      expect(inlineUserText(text)).toBe(text);
      expect(hasInvisible(text)).toBe(false);
    }
    // A colour selector with nothing before it, tags after a letter: shown.
    expect(inlineUserText("\uFE0Fa")).toBe("[U+FE0F]a");
    expect(inlineUserText("a\u{E0067}")).toBe("a[U+E0067]");
  });

  it("turns half an emoji that came from elsewhere into a replacement character", () => {
    expect(inlineUserText("ok\uD83D")).toBe("ok\uFFFD");
    expect(quoteBlock("\uDE00 note")).toBe("│ \uFFFD note");
  });

  it("tells whether a text holds an invisible character", () => {
    expect(hasInvisible("Acme")).toBe(false);
    expect(hasInvisible("Ac\u200Bme")).toBe(true);
    expect(hasInvisible("[U+200B]")).toBe(false);
  });

  it("takes the longest start within a number of UTF-16 units, ending between graphemes", () => {
    expect(headWithin("ab😀cd", 3)).toBe("ab");
    expect(headWithin("ab😀cd", 4)).toBe("ab😀");
    expect(headWithin("👨‍👩‍👧", 5)).toBe("");
    expect(headWithin("plain", 10)).toBe("plain");
  });
});

describe("joiners and selectors only where they join or select", () => {
  it("shows a joiner or selector that joins or selects nothing", () => {
    expect(inlineUserText("\u200D\u200D")).toBe("[U+200D][U+200D]");
    expect(inlineUserText("\u200D\u200C")).toBe("[U+200D][U+200C]");
    expect(inlineUserText("\u200D\u{E0067}")).toBe("[U+200D][U+E0067]");
    expect(inlineUserText("\u200D\u200D😀")).toBe("[U+200D][U+200D]😀");
    expect(inlineUserText("\u200D\uFE0F")).toBe("[U+200D][U+FE0F]");
    expect(inlineUserText("😀\u200D\u200D😀")).toBe("😀[U+200D][U+200D]😀");
    // A tag spells a flag only right after its emoji: after a marked joiner it hides.
    expect(inlineUserText("😀\u200D\u{E0067}")).toBe("😀[U+200D][U+E0067]");
    expect(hasInvisible(inlineUserText("😀\u200C\u{E0067}"))).toBe(false);
    // A joiner after the Arabic letter mark (of the script, but itself invisible) joins no letters.
    expect(inlineUserText("\u061C\u200C\u0606")).toBe("[U+061C][U+200C]\u0606");
  });

  it("drops a joiner left at a cut, joining nothing", () => {
    const shown = inlineUserText(`${"!".repeat(4)}\u0606\u200C\u061D!`, 6);
    expect(shown).toBe("!!!!\u0606…");
    expect(hasInvisible(shown)).toBe(false);
  });
});
