/** Tap-to-copy marks: made into code entities (UTF-16 offsets), tags under HTML, and marked again. */
import { describe, expect, it } from "vitest";
import { codeEntities, codeTags, copyable, markCodeEntities, stripCopyMarks } from "../../src/domain/copyable.js";
import { quoteBlock } from "../../src/domain/user-text.js";
import { rewriteCopyMarks } from "../../src/telegram/copyable-entities.js";

describe("copyable values", () => {
  it("become code entities with offsets in UTF-16 units, after emoji too", () => {
    const marked = `🎟 Cheque ${copyable("chq_1")}\nLink: ${copyable("https://t.me/x?start=c")}`;
    const { text, entities } = codeEntities(marked);
    expect(text).toBe("🎟 Cheque chq_1\nLink: https://t.me/x?start=c");
    expect(entities.map((e) => text.slice(e.offset, e.offset + e.length))).toEqual(["chq_1", "https://t.me/x?start=c"]);
    expect(entities.every((e) => e.type === "code")).toBe(true);
  });

  it("move entities already given, and drop marks that do not pair up", () => {
    const marked = `${copyable("id")} bold`;
    const { text, entities } = codeEntities(marked, [{ type: "bold", offset: 5, length: 4 }]);
    expect(text).toBe("id bold");
    expect(entities).toEqual([
      { type: "code", offset: 0, length: 2 },
      { type: "bold", offset: 3, length: 4 },
    ]);
    expect(codeEntities("cut \uE000abc").text).toBe("cut abc");
    expect(codeEntities("cut \uE000abc").entities).toEqual([]);
  });

  it("become <code> under HTML, and come back from entities for an edit", () => {
    expect(codeTags(`a ${copyable("b")} c`)).toBe("a <code>b</code> c");
    const { text, entities } = codeEntities(`To ${copyable("1002")}: ok`);
    expect(markCodeEntities(text, entities)).toBe(`To ${copyable("1002")}: ok`);
  });

  it("cannot be forged by typed text, whose marks are shown as characters typed", () => {
    expect(quoteBlock("a\uE000b\uE001c")).toBe("│ a[U+E000]b[U+E001]c");
    expect(copyable("x\uE001y")).toBe(copyable("xy"));
  });

  it("leave no mark where Telegram takes no entities", () => {
    const p = rewriteCopyMarks("sendMessage", {
      chat_id: 1,
      text: `id ${copyable("7")}`,
      reply_markup: { inline_keyboard: [[{ text: `Open ${copyable("7")}`, callback_data: "x" }]] },
    });
    expect(p).toEqual({
      chat_id: 1,
      text: "id 7",
      entities: [{ type: "code", offset: 3, length: 1 }],
      reply_markup: { inline_keyboard: [[{ text: "Open 7", callback_data: "x" }]] },
    });
    expect(rewriteCopyMarks("answerCallbackQuery", { text: copyable("9") })).toEqual({ text: "9" });
    expect(stripCopyMarks(`${copyable("a")}b`)).toBe("ab");
    const photo = rewriteCopyMarks("sendPhoto", { caption: `Link: ${copyable("https://t.me/a")}` });
    expect(photo).toEqual({ caption: "Link: https://t.me/a", caption_entities: [{ type: "code", offset: 6, length: 14 }] });
  });
});
