import { describe, expect, it } from "vitest";
import { preloaderWaitsForFlow } from "./preloader-state.ts";
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS, tryAcquireReloadGuard } from "./reload-guard.ts";
import { clearReturnToGame, readReturnToGame, RETURN_TO_GAME_KEY, setReturnToGame } from "./return-to-game.ts";
import { memoryStorage } from "./storage.ts";
import { isNewerBuild, latestBuildUrl, parseLatestBuild, fetchLatestBuild } from "./version-check.ts";

describe("reload guard (spec 9: 10 s)", () => {
  it("allows one automatic reload, then none until 10 s have passed", () => {
    const storage = memoryStorage();
    expect(tryAcquireReloadGuard(1_000, storage)).toBe(true);
    expect(storage.getItem(RELOAD_GUARD_KEY)).toBe("1000");
    expect(tryAcquireReloadGuard(1_000 + RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(tryAcquireReloadGuard(1_000 + RELOAD_GUARD_MS, storage)).toBe(true);
  });

  it("refuses when there is no storage to remember the reload in", () => {
    expect(tryAcquireReloadGuard(1_000, null)).toBe(false);
  });
});

describe("return-to-game record", () => {
  it("is set, read and cleared in session storage", () => {
    const storage = memoryStorage();
    setReturnToGame({ gameId: "starburst", path: "/de/game/starburst?demo=1" }, 7, storage);
    expect(readReturnToGame(storage)).toEqual({ gameId: "starburst", path: "/de/game/starburst?demo=1", savedAt: 7 });
    clearReturnToGame(storage);
    expect(readReturnToGame(storage)).toBeNull();
  });

  it("never hands back a foreign address", () => {
    const storage = memoryStorage();
    storage.setItem(RETURN_TO_GAME_KEY, JSON.stringify({ gameId: "x", path: "//evil.example", savedAt: 1 }));
    expect(readReturnToGame(storage)).toBeNull();
    setReturnToGame({ gameId: "x", path: "https://evil.example" }, 1, storage);
    expect(readReturnToGame(storage)).toBeNull();
  });
});

describe("preloader", () => {
  it("waits for the automatic sign-in flow only with a state parameter", () => {
    expect(preloaderWaitsForFlow("/auth/autologin", "?state=abc")).toBe(true);
    expect(preloaderWaitsForFlow("/de/auth/autologin", "?state=abc")).toBe(true);
    expect(preloaderWaitsForFlow("/auth/autologin", "")).toBe(false);
    expect(preloaderWaitsForFlow("/auth/autologin", "?state=")).toBe(false);
  });

  it("waits for the social sign-in return only with code and state", () => {
    expect(preloaderWaitsForFlow("/auth/social/google/callback", "?code=1&state=2")).toBe(true);
    expect(preloaderWaitsForFlow("/pt-br/auth/social/google/callback", "?code=1&state=2")).toBe(true);
    expect(preloaderWaitsForFlow("/auth/social/google/callback", "?code=1")).toBe(false);
    expect(preloaderWaitsForFlow("/", "?state=1&code=2")).toBe(false);
    expect(preloaderWaitsForFlow("/games/auth/autologin", "?state=1")).toBe(false);
  });
});

describe("version check", () => {
  it("asks for builds/latest.json with a timestamp", () => {
    expect(latestBuildUrl(123)).toBe("/builds/latest.json?t=123");
  });

  it("reads the build file and compares it with the running build", async () => {
    expect(parseLatestBuild({ buildId: "abc", builtAt: "2026-01-01T00:00:00Z" })).toEqual({ buildId: "abc", builtAt: "2026-01-01T00:00:00Z" });
    expect(parseLatestBuild({ buildId: "" })).toBeNull();
    expect(parseLatestBuild("abc")).toBeNull();
    expect(isNewerBuild({ buildId: "b", builtAt: "" }, "a")).toBe(true);
    expect(isNewerBuild({ buildId: "a", builtAt: "" }, "a")).toBe(false);
    expect(isNewerBuild({ buildId: "b", builtAt: "" }, "")).toBe(false);
    expect(isNewerBuild(null, "a")).toBe(false);
  });

  it("treats a missing or broken build file as unknown", async () => {
    const missing = (async () => new Response("not found", { status: 404 })) as typeof fetch;
    const broken = (async () => new Response("{", { status: 200 })) as typeof fetch;
    const offline = (async () => {
      throw new TypeError("offline");
    }) as typeof fetch;
    const good = (async (input: RequestInfo | URL) => {
      expect(String(input)).toBe("/builds/latest.json?t=9");
      return Response.json({ buildId: "z", builtAt: "t" });
    }) as typeof fetch;
    expect(await fetchLatestBuild(missing)).toBeNull();
    expect(await fetchLatestBuild(broken)).toBeNull();
    expect(await fetchLatestBuild(offline)).toBeNull();
    expect(await fetchLatestBuild(good, 9)).toEqual({ buildId: "z", builtAt: "t" });
  });
});
