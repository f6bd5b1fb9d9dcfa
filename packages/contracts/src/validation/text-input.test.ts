import { describe, expect, it } from "vitest";
import { findUnusableText, hasUnusableCharacters } from "./text-input.ts";

describe("characters no text field takes", () => {
  it("refuses NUL, control characters, bidirectional overrides and isolates, and lone surrogates", () => {
    for (const text of ["a\u0000b", "a\u0007b", "a\u001Bb", "a\u007Fb", "a\u0085b", "a\u009Fb", "\u202Enimda", "a\u202Ab", "a\u2066b", "a\u2069b", "a\uD800b", "a\uDFFFb"]) {
      expect(hasUnusableCharacters(text), JSON.stringify(text)).toBe(true);
      expect(hasUnusableCharacters(text, { multiline: true }), JSON.stringify(text)).toBe(true);
    }
  });

  it("takes every script, emoji (surrogate pairs) and the joiners some scripts need", () => {
    for (const text of ["Zoë", "Иван", "محمد", "नमस्ते", "می\u200Cخواهم", "👩\u200D💻", "𝔭𝒶ỿ", "a\u200Fb"]) {
      expect(hasUnusableCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("takes tabs and line breaks only in multi-line text", () => {
    for (const text of ["line\nbreak", "tab\there", "windows\r\nline"]) {
      expect(hasUnusableCharacters(text)).toBe(true);
      expect(hasUnusableCharacters(text, { multiline: true })).toBe(false);
    }
  });

  it("finds every offending path in a parsed request, keys included, and reads message and body as multi-line", () => {
    const body = {
      email: "ok@example.com",
      address: [{ city: "Ber\u0000lin" }, { city: "Bonn" }],
      message: "two\nlines",
      body: "also\ttabbed",
      subject: "one\nline",
      ["bad\u0000key"]: "x",
      count: 3,
    };
    expect(findUnusableText(body)).toEqual([["address", 0, "city"], ["subject"], []]);
    expect(findUnusableText("a\u0000")).toEqual([[]]);
    expect(findUnusableText(Buffer.from("a\u0000b"))).toEqual([]);
    expect(findUnusableText(undefined)).toEqual([]);
  });
});
