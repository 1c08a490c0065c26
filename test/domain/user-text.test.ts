import { describe, expect, it } from "vitest";
import { inlineUserText, quoteBlock, quotedField } from "../../src/domain/user-text.js";

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

  it("leaves out direction controls and other controls, keeps emoji joiners", () => {
    expect(quoteBlock("a\u202Edcba\u2066x\u0007 👨‍👩‍👧")).toBe("│ adcbax 👨‍👩‍👧");
  });

  it("labels a field, with a dash when there is nothing to show", () => {
    expect(quotedField("Note:", "hi\nthere")).toBe("Note:\n│ hi\n│ there");
    expect(quotedField("Note:", undefined)).toBe("Note: —");
    expect(quotedField("Note:", " \n\u200E\n ")).toBe("Note: —");
  });

  it("keeps a name on one line, without quote marks that could close ours, and short", () => {
    expect(inlineUserText("Eve\nAmount: 1 USDT")).toBe("Eve Amount: 1 USDT");
    expect(inlineUserText("Bob” (id 999) “x")).toBe("Bob' (id 999) 'x");
    expect(inlineUserText("\u202Eevil")).toBe("evil");
    expect(inlineUserText("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
