// @vitest-environment happy-dom
import { CHANGE_SESSION_KEY, type AuthSession } from "@playfair/contracts/player/auth";
import type { Profile } from "@playfair/contracts/player/profile";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOT_URL_KEY } from "#app/features/site-services/entry-address.ts";
import { RETURN_TO_GAME_KEY } from "#app/features/site-services/return-to-game.ts";
import { apiRequest } from "#app/lib/api-client.ts";
import { INIT_DATA_KEY } from "./messenger-mode.ts";
import {
  completeSignIn,
  getSession,
  parseSessionSignal,
  reactionToSignal,
  readSessionSignal,
  registerSessionNavigator,
  resetSessionStoreForTests,
  seedSession,
  signOut,
  startSessionServices,
  updateProfile,
} from "./session-store.ts";
import { fakeAccessToken } from "./test-tokens.ts";
import { clearAccessToken, readAccessToken } from "./token-storage.ts";

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: "player-1",
    nickname: null,
    firstName: null,
    lastName: null,
    fullName: null,
    email: "mia@example.com",
    emailVerified: false,
    phone: null,
    phoneVerified: false,
    tgUserId: null,
    language: "en",
    isNewlyRegistered: false,
    freshchatRestoreId: null,
    gender: null,
    birthdate: null,
    nationality: null,
    country: "DE",
    city: null,
    address: null,
    additionalAddress: null,
    postalCode: null,
    timeZone: null,
    profession: null,
    placeOfBirth: null,
    personalIdNumber: null,
    securityQuestion: null,
    cpf_number: null,
    wallet_id: null,
    currency: "EUR",
    receiveEmailPromo: false,
    receiveSmsPromo: false,
    receiveBonus: false,
    avatarId: null,
    avatarUrl: null,
    hasPassword: true,
    status: 1,
    createdAt: "2030-01-01T00:00:00.000Z",
    ...overrides,
  };
}

function authSession(overrides: Partial<Profile> = {}): AuthSession {
  return { accessToken: fakeAccessToken(Date.now() + 900_000), expiresAt: new Date(Date.now() + 900_000).toISOString(), sessionId: "s-1", profile: profile(overrides) };
}

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let answer: (call: Call) => Response = () => new Response(null, { status: 204 });
const goHome = vi.fn();
const reload = vi.fn();
let stopServices: () => void = () => {};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  resetSessionStoreForTests();
  localStorage.clear();
  sessionStorage.clear();
  clearAccessToken();
  window.dataLayer = [];
  calls = [];
  answer = () => new Response(null, { status: 204 });
  goHome.mockReset();
  reload.mockReset();
  registerSessionNavigator({ goHome, reload });
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  stopServices();
  stopServices = () => {};
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearAccessToken();
});

function fireStorage(key: string, newValue: string | null) {
  window.dispatchEvent(new StorageEvent("storage", { key, newValue }));
}

describe("cross-tab signals (spec 4)", () => {
  it("reloads on another tab's sign-in only while signed out, and goes home on its sign-out only while signed in", () => {
    const guest = { status: "guest" } as const;
    const player = { status: "signedIn", playerId: "p", profileConfirmed: false } as const;
    const login = { type: "login", at: 1, nonce: "n" } as const;
    const logout = { type: "logout", at: 1, nonce: "n" } as const;
    expect(reactionToSignal(login, guest)).toBe("reload");
    expect(reactionToSignal(login, player)).toBeNull();
    expect(reactionToSignal(logout, player)).toBe("goHome");
    expect(reactionToSignal(logout, guest)).toBeNull();
    expect(reactionToSignal(null, player)).toBeNull();
  });

  it("ignores signals it cannot read", () => {
    expect(parseSessionSignal("not json")).toBeNull();
    expect(parseSessionSignal(JSON.stringify({ type: "other", at: 1 }))).toBeNull();
    expect(parseSessionSignal(null)).toBeNull();
    expect(parseSessionSignal(JSON.stringify({ type: "logout", at: 5 }))).toEqual({ type: "logout", at: 5, nonce: "" });
  });

  it("acts on the storage event: another tab signing in reloads a signed-out tab", () => {
    seedSession({ status: "guest" });
    stopServices = startSessionServices();
    fireStorage(CHANGE_SESSION_KEY, JSON.stringify({ type: "login", at: Date.now(), nonce: "x" }));
    expect(reload).toHaveBeenCalledOnce();
    fireStorage("somethingElse", JSON.stringify({ type: "login", at: Date.now(), nonce: "y" }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("acts on the storage event: another tab signing out sends a signed-in tab home as a guest", () => {
    seedSession({ status: "signedIn", playerId: "player-1", profileConfirmed: false, profile: profile() });
    stopServices = startSessionServices();
    sessionStorage.setItem(RETURN_TO_GAME_KEY, JSON.stringify({ gameId: "g", path: "/game/g", savedAt: 1 }));
    fireStorage(CHANGE_SESSION_KEY, JSON.stringify({ type: "logout", at: Date.now(), nonce: "x" }));
    expect(getSession()).toEqual({ status: "guest" });
    expect(goHome).toHaveBeenCalledWith({ signIn: false });
    expect(sessionStorage.getItem(RETURN_TO_GAME_KEY)).toBeNull();
  });
});

describe("sign-in", () => {
  it("stores the token, keeps the profile, tells other tabs and sends login and session_start", () => {
    const session = authSession({ emailVerified: true });
    const result = completeSignIn(session, { method: "password" });
    expect(readAccessToken()).toBe(session.accessToken);
    expect(getSession()).toEqual(result);
    expect(result).toMatchObject({ status: "signedIn", playerId: "player-1", profileConfirmed: true, profile: session.profile });
    expect(readSessionSignal()?.type).toBe("login");
    expect(window.dataLayer).toEqual([
      { method: "password", event: "login", user_id: "player-1", email: "mia@example.com" },
      { method: "password", event: "session_start", user_id: "player-1", email: "mia@example.com" },
    ]);
  });

  it("sends sign_up for a registration, with the phone when there is no e-mail", () => {
    completeSignIn(authSession({ email: null, phone: "+4915112345678" }), { method: "phone", isRegistration: true });
    expect(window.dataLayer?.[0]).toEqual({ method: "phone", event: "sign_up", user_id: "player-1", phone: "+4915112345678" });
  });

  it("updates the profile of the signed-in player only", () => {
    completeSignIn(authSession(), { method: "password" });
    updateProfile(profile({ nickname: "lucky_mia", phoneVerified: true }));
    expect(getSession()).toMatchObject({ profileConfirmed: true, profile: { nickname: "lucky_mia" } });
    updateProfile(profile({ id: "someone-else", nickname: "intruder" }));
    expect(getSession()).toMatchObject({ profile: { nickname: "lucky_mia" } });
  });
});

describe("sign-out", () => {
  it("clears everything locally even when the logout call fails, tells other tabs and goes home", async () => {
    completeSignIn(authSession(), { method: "password" });
    const token = readAccessToken();
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    await signOut();
    expect(calls[0]?.url).toBe("/api/player/sessions/logout");
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(new Headers(calls[0]?.init.headers).get("authorization")).toBe(`Bearer ${token}`);
    expect(readAccessToken()).toBeNull();
    expect(getSession()).toEqual({ status: "guest" });
    expect(readSessionSignal()?.type).toBe("logout");
    expect(goHome).toHaveBeenCalledWith({ signIn: false });
  });
});

describe("what API calls carry (spec 7)", () => {
  it("says web and the site's origin, or tg and the bot URL in messenger mode, and sends the stored token", async () => {
    answer = () => json(200, {});
    await apiRequest("/api/settings/locales");
    localStorage.setItem(BOT_URL_KEY, "https://t.me/playfair_bot");
    await apiRequest("/api/settings/locales");
    completeSignIn(authSession(), { method: "token" });
    await apiRequest("/api/player/profile");
    const headers = calls.map((call) => new Headers(call.init.headers));
    expect(headers[0]?.get("platform")).toBe("web");
    expect(headers[0]?.get("source")).toBe(window.location.origin);
    expect(headers[1]?.get("platform")).toBe("tg");
    expect(headers[1]?.get("source")).toBe("https://t.me/playfair_bot");
    expect(headers.at(-1)?.get("authorization")).toBe(`Bearer ${readAccessToken()}`);
  });
});

describe("401 or 403 on an authenticated call (spec 8)", () => {
  it("signs a web visitor out and offers the sign-in window on the home page", async () => {
    completeSignIn(authSession(), { method: "password" });
    answer = () => json(401, { status: 401, code: "UNAUTHORIZED", message: "Session ended", traceId: "t" });
    await expect(apiRequest("/api/player/profile")).rejects.toMatchObject({ sessionEnded: true });
    expect(getSession()).toEqual({ status: "guest" });
    expect(readAccessToken()).toBeNull();
    expect(goHome).toHaveBeenCalledWith({ signIn: true });
    expect(readSessionSignal()?.type).toBe("logout");
  });

  it("signs a messenger player in again from the app instead", async () => {
    localStorage.setItem(BOT_URL_KEY, "https://t.me/playfair_bot");
    localStorage.setItem(INIT_DATA_KEY, "query_id=AA&user=%7B%22id%22%3A7%7D&auth_date=1&hash=abc");
    completeSignIn(authSession(), { method: "telegram" });
    const renewed = authSession({ tgUserId: "7" });
    answer = (call) =>
      call.url === "/api/player/tg_login" ? json(200, renewed) : json(403, { status: 403, code: "FORBIDDEN", message: "No", traceId: "t" });
    await expect(apiRequest("/api/player/profile")).rejects.toMatchObject({ sessionEnded: true });
    await vi.waitFor(() => expect(readAccessToken()).toBe(renewed.accessToken));
    const login = calls.find((call) => call.url === "/api/player/tg_login");
    expect(JSON.parse(String(login?.init.body))).toMatchObject({ tg_payload: "query_id=AA&user=%7B%22id%22%3A7%7D&auth_date=1&hash=abc" });
    expect(new Headers(login?.init.headers).get("platform")).toBe("tg");
    expect(goHome).not.toHaveBeenCalled();
  });
});

describe("start-up", () => {
  it("refreshes an expired cookie token the server could not accept and loads the profile", async () => {
    document.cookie = `access_token=${fakeAccessToken(Date.now() - 60_000)}; Path=/`;
    const renewed = fakeAccessToken(Date.now() + 900_000);
    answer = (call) => {
      if (call.url === "/api/player/sessions/refresh") return json(200, { accessToken: renewed, expiresAt: "", sessionId: "s-1" });
      if (call.url === "/api/player/profile") return json(200, profile());
      return json(404, {});
    };
    seedSession({ status: "guest" });
    stopServices = startSessionServices();
    await vi.waitFor(() => expect(getSession()).toMatchObject({ status: "signedIn", playerId: "player-1" }));
    expect(calls.map((call) => call.url)).toEqual(["/api/player/sessions/refresh", "/api/player/profile"]);
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(new Headers(calls[1]?.init.headers).get("authorization")).toBe(`Bearer ${renewed}`);
    expect(goHome).not.toHaveBeenCalled();
  });

  it("forgets a token whose refresh is refused, quietly: the page is already a guest's", async () => {
    document.cookie = `access_token=${fakeAccessToken(Date.now() - 60_000)}; Path=/`;
    answer = () => json(401, { status: 401, code: "UNAUTHORIZED", message: "No session", traceId: "t" });
    seedSession({ status: "guest" });
    stopServices = startSessionServices();
    await vi.waitFor(() => expect(readAccessToken()).toBeNull());
    expect(getSession()).toEqual({ status: "guest" });
    expect(goHome).not.toHaveBeenCalled();
  });

  it("signs a messenger visitor without a session in automatically", async () => {
    window.location.hash = `#tgWebAppData=${encodeURIComponent("query_id=QQ&user=%7B%22id%22%3A9%7D&auth_date=1&hash=h")}&tgWebAppVersion=8.0`;
    const session = authSession({ tgUserId: "9", email: null });
    answer = (call) => (call.url === "/api/player/tg_login" ? json(200, session) : json(404, {}));
    seedSession({ status: "guest" });
    stopServices = startSessionServices();
    await vi.waitFor(() => expect(getSession()).toMatchObject({ status: "signedIn" }));
    expect(localStorage.getItem(INIT_DATA_KEY)).toBe("query_id=QQ&user=%7B%22id%22%3A9%7D&auth_date=1&hash=h");
    expect(JSON.parse(localStorage.getItem("initDataUnsafe") ?? "{}")).toMatchObject({ user: { id: 9 }, query_id: "QQ" });
    expect(readAccessToken()).toBe(session.accessToken);
    expect(localStorage.getItem("access_token")).toBe(session.accessToken);
    window.location.hash = "";
  });
});
