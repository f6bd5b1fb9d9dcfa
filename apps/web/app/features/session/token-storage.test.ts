// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BOT_URL_KEY } from "#app/features/site-services/entry-address.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { INIT_DATA_KEY } from "./messenger-mode.ts";
import { fakeAccessToken } from "./test-tokens.ts";
import { clearAccessToken, readAccessToken, tokenStorageKind, writeAccessToken } from "./token-storage.ts";

function clearCookies() {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => {
  localStorage.clear();
  clearCookies();
});

describe("where the token lives", () => {
  it("is a cookie on the web, readable by the server, and nothing in localStorage", () => {
    expect(tokenStorageKind()).toBe("cookie");
    const token = fakeAccessToken(Date.now() + 900_000);
    writeAccessToken(token);
    expect(readCookie(document.cookie, "access_token")).toBe(token);
    expect(readAccessToken()).toBe(token);
    expect(localStorage.getItem("access_token")).toBeNull();
    clearAccessToken();
    expect(readAccessToken()).toBeNull();
  });

  it("is localStorage in messenger mode (bot URL or stored init data)", () => {
    localStorage.setItem(BOT_URL_KEY, "https://t.me/playfair_bot");
    expect(tokenStorageKind()).toBe("localStorage");
    writeAccessToken("token-in-storage");
    expect(localStorage.getItem("access_token")).toBe("token-in-storage");
    expect(readCookie(document.cookie, "access_token") || null).toBeNull();
    expect(readAccessToken()).toBe("token-in-storage");
    clearAccessToken();
    expect(readAccessToken()).toBeNull();

    localStorage.clear();
    localStorage.setItem(INIT_DATA_KEY, "query_id=1&user=%7B%7D&hash=abc");
    expect(tokenStorageKind()).toBe("localStorage");
  });
});
