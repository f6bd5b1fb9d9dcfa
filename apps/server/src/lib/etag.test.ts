import { describe, expect, it } from "vitest";
import { ifNoneMatchMatches, strongEtagOf } from "./etag.ts";

describe("entity tags", () => {
  it("tags bytes with a strong tag that changes exactly when the bytes do", () => {
    const tag = strongEtagOf(Buffer.from('{"data":[1]}'));
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(strongEtagOf(Buffer.from('{"data":[1]}'))).toBe(tag);
    expect(strongEtagOf(Buffer.from('{"data":[2]}'))).not.toBe(tag);
  });

  it("matches If-None-Match by weak comparison over a list, and * always", () => {
    const tag = '"abc"';
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
    expect(ifNoneMatchMatches('"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('"x", "abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('"x","y"', tag)).toBe(false);
    expect(ifNoneMatchMatches(" * ", tag)).toBe(true);
    expect(ifNoneMatchMatches("abc", tag)).toBe(false);
    expect(ifNoneMatchMatches('"ab"', tag)).toBe(false);
    // A comma is a legal tag character: "a,b" is one tag, not "a" and "b".
    expect(ifNoneMatchMatches('"a,b"', '"a"')).toBe(false);
    expect(ifNoneMatchMatches('"a,b"', '"a,b"')).toBe(true);
  });
});
