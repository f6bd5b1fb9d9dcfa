// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BOT_URL_KEY } from "#app/features/site-services/entry-address.ts";
import { clearInitData, currentInitData, INIT_DATA_UNSAFE_KEY, parseInitData, requestPlatform, requestSource } from "./messenger.ts";
import { INIT_DATA_KEY, isMessengerMode } from "./messenger-mode.ts";

const INIT_DATA = "query_id=AAH1&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Mia%22%7D&auth_date=1700000000&hash=abc";

beforeEach(() => {
  localStorage.clear();
  delete window.Telegram;
  window.location.hash = "";
});
afterEach(() => {
  localStorage.clear();
  delete window.Telegram;
  window.location.hash = "";
});

describe("messenger mode", () => {
  it("is off on the plain web, and the source is the site's origin", () => {
    expect(isMessengerMode()).toBe(false);
    expect(requestPlatform()).toBe("web");
    expect(requestSource()).toBe(window.location.origin);
    expect(currentInitData()).toBeNull();
  });

  it("is on with a stored bot URL, which becomes the source", () => {
    localStorage.setItem(BOT_URL_KEY, "https://t.me/playfair_bot/app");
    expect(isMessengerMode()).toBe(true);
    expect(requestPlatform()).toBe("tg");
    expect(requestSource()).toBe("https://t.me/playfair_bot/app");
  });

  it("takes the init data the host injected and stores it raw and parsed", () => {
    window.Telegram = { WebApp: { initData: INIT_DATA, initDataUnsafe: { user: { id: 42 } } } };
    expect(isMessengerMode()).toBe(true);
    expect(currentInitData()).toBe(INIT_DATA);
    expect(localStorage.getItem(INIT_DATA_KEY)).toBe(INIT_DATA);
    expect(JSON.parse(localStorage.getItem(INIT_DATA_UNSAFE_KEY) ?? "null")).toEqual({ user: { id: 42 } });
  });

  it("reads tgWebAppData from the address's hash when Telegram's script is absent", () => {
    window.location.hash = `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`;
    expect(currentInitData()).toBe(INIT_DATA);
    expect(JSON.parse(localStorage.getItem(INIT_DATA_UNSAFE_KEY) ?? "null")).toMatchObject({ query_id: "AAH1", user: { id: 42, first_name: "Mia" }, hash: "abc" });
  });

  it("replaces the literal 'query_id' placeholder with the stored init data (spec 5)", () => {
    localStorage.setItem(INIT_DATA_KEY, INIT_DATA);
    window.Telegram = { WebApp: { initData: "query_id" } };
    expect(currentInitData()).toBe(INIT_DATA);
    expect(localStorage.getItem(INIT_DATA_KEY)).toBe(INIT_DATA);
  });

  it("falls back to the stored init data on a reload without it, until it is cleared", () => {
    localStorage.setItem(INIT_DATA_KEY, INIT_DATA);
    expect(isMessengerMode()).toBe(true);
    expect(currentInitData()).toBe(INIT_DATA);
    clearInitData();
    expect(currentInitData()).toBeNull();
    expect(localStorage.getItem(INIT_DATA_UNSAFE_KEY)).toBeNull();
  });

  it("parses user, chat and receiver as JSON and keeps the rest as text", () => {
    expect(parseInitData("user=%7Bbad&auth_date=1")).toEqual({ user: "{bad", auth_date: "1" });
  });
});
