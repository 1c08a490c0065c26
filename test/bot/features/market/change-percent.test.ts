import { describe, expect, it } from "vitest";
import { formattingFor } from "../../../../src/domain/format-locale.js";
import { percent } from "../../../../src/bot/features/market/view.js";

describe("a 24 h change as a percentage", () => {
  it("keeps two places and the sign of the change", () => {
    expect(percent("0.0123")).toBe("+1.23%");
    expect(percent("-0.0075")).toBe("-0.75%");
    expect(percent("0")).toBe("0.00%");
  });

  it("keeps the first significant digit of a change too small for two places, never an unsigned 0", () => {
    expect(percent("0.000005")).toBe("+0.0005%");
    expect(percent("-0.0000046")).toBe("-0.0005%");
    expect(percent("0.00004999")).toBe("+0.005%");
  });

  it("is written as the reader's language writes it", () => {
    expect(formattingFor("ru", () => percent("0.000005"))).toBe("+0,0005\u00a0%");
  });
});
