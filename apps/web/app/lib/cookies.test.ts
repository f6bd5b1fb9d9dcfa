// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cookieText, readCookie, readDocumentCookie, removeDocumentCookie, writeDocumentCookie } from "./cookies.ts";

afterEach(() => {
  removeDocumentCookie("greeting");
});

describe("cookies", () => {
  it("reads one cookie among others, decoding its value", () => {
    expect(readCookie("theme=dark; access_token=a%2Eb; other=1", "access_token")).toBe("a.b");
    expect(readCookie("theme=dark;access_token=plain", "access_token")).toBe("plain");
    expect(readCookie("xaccess_token=1", "access_token")).toBeNull();
    expect(readCookie("access_token=%E0%A4%A", "access_token")).toBe("%E0%A4%A");
    expect(readCookie(null, "access_token")).toBeNull();
    expect(readCookie("", "access_token")).toBeNull();
  });

  it("writes a cookie for the whole site, Lax by default, encoding its value", () => {
    expect(cookieText("greeting", "hello world", { maxAgeSeconds: 60 })).toBe("greeting=hello%20world; Max-Age=60; Path=/; SameSite=Lax");
    expect(cookieText("greeting", "hi", { maxAgeSeconds: 60, secure: true, sameSite: "strict" })).toBe("greeting=hi; Max-Age=60; Path=/; Secure; SameSite=Strict");
  });

  it("sets, reads back and deletes one of the page's cookies", () => {
    writeDocumentCookie("greeting", "hello; world", { maxAgeSeconds: 60 });
    expect(readDocumentCookie("greeting")).toBe("hello; world");
    removeDocumentCookie("greeting");
    expect(readDocumentCookie("greeting") || null).toBeNull();
  });

  it("refuses a name that is not a cookie name instead of writing a broken header", () => {
    expect(() => cookieText("bad name", "x", { maxAgeSeconds: 60 })).toThrow(TypeError);
  });
});
