// @vitest-environment happy-dom
import { SLOW_RESPONSE_WARNING_MS } from "@playfair/contracts/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  apiRequest,
  apiUrl,
  credentialsFor,
  errorFromResponse,
  registerApiSessionHooks,
  type ApiSessionHooks,
} from "./api-client.ts";

type Call = { url: string; init: RequestInit };

let calls: Call[] = [];
let answer: (call: Call) => Promise<Response> | Response = () => json(200, { ok: true });

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** A session layer with a stored token (the client never reads a token, so any text does). */
function signedIn(hooks: Partial<ApiSessionHooks> = {}): ApiSessionHooks {
  return {
    hasAccessToken: () => true,
    freshAccessToken: async () => "fresh-token",
    onAuthFailure: vi.fn(),
    requestSource: () => window.location.origin,
    requestPlatform: () => "web",
    ...hooks,
  };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(call?.init.headers).entries());
}

beforeEach(() => {
  calls = [];
  answer = () => json(200, { ok: true });
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
});
afterEach(() => {
  registerApiSessionHooks(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("request shape (spec 7)", () => {
  it("sends JSON with a fresh trace id, source and platform, and omits credentials", async () => {
    await expect(apiRequest("/api/player/profile", { method: "PUT", body: { nickname: "lucky" } })).resolves.toEqual({ ok: true });
    const [call] = calls;
    const headers = headersOf(call);
    expect(call?.init.method).toBe("PUT");
    expect(call?.init.body).toBe(JSON.stringify({ nickname: "lucky" }));
    expect(call?.init.credentials).toBe("omit");
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-trace-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.source).toBe(window.location.origin);
    expect(headers.platform).toBe("web");
    expect(headers.authorization).toBeUndefined();

    await apiRequest("/api/settings/locales");
    expect(headersOf(calls[1])["x-trace-id"]).not.toBe(headers["x-trace-id"]);
    expect(calls[1]?.init.body).toBeUndefined();
  });

  it("asks for field errors in the page's language", async () => {
    document.documentElement.lang = "pt-br";
    try {
      await apiRequest("/api/player/profile");
      expect(headersOf(calls[0])["accept-language"]).toBe("pt-br");
    } finally {
      document.documentElement.lang = "";
    }
  });

  it("says what the session layer says for platform and source (tg and the bot URL in messenger mode)", async () => {
    registerApiSessionHooks(signedIn({ hasAccessToken: () => false, requestPlatform: () => "tg", requestSource: () => "https://t.me/playfair_bot" }));
    await apiRequest("/api/settings/locales");
    expect(headersOf(calls[0])).toMatchObject({ platform: "tg", source: "https://t.me/playfair_bot" });
  });

  it("builds the query string from defined values only", () => {
    expect(apiUrl("/api/player/sessions", { page: 2, perPage: 20, current: true, missing: undefined })).toBe("/api/player/sessions?page=2&perPage=20&current=true");
    expect(apiUrl("/api/x?a=1", { b: "two words" })).toBe("/api/x?a=1&b=two+words");
    expect(apiUrl("/api/x")).toBe("/api/x");
  });

  it("sends the refresh cookie only on the calls that set or need it", () => {
    for (const path of ["/api/player/sessions", "/api/player/sessions/refresh", "/api/player/sessions/logout", "/api/player/sessions/token", "/api/player/sessions/social", "/api/player/register", "/api/player/register/phone", "/api/player/tg_login"]) {
      expect(credentialsFor(path, "POST", undefined), path).toBe("same-origin");
    }
    for (const path of ["/api/player/profile", "/api/player/sessions/close-other", "/api/player/sessions/abc/close", "/api/player/registered", "/api/wallet/accounts"]) {
      expect(credentialsFor(path, "POST", undefined), path).toBe("omit");
    }
    // The session list shares the login's path, not its cookie.
    expect(credentialsFor("/api/player/sessions", "GET", undefined)).toBe("omit");
    expect(credentialsFor("/api/wallet/accounts", "GET", "same-origin")).toBe("same-origin");
  });

  it("sends a bearer token when signed in, refreshed through the session hooks first", async () => {
    const fresh = "fresh-token";
    const freshAccessToken = vi.fn(async () => fresh);
    registerApiSessionHooks(signedIn({ freshAccessToken }));
    await apiRequest("/api/player/profile");
    expect(freshAccessToken).toHaveBeenCalledOnce();
    expect(headersOf(calls[0]).authorization).toBe(`Bearer ${fresh}`);

    await apiRequest("/api/settings/locales", { auth: "none" });
    expect(headersOf(calls[1]).authorization).toBeUndefined();
  });

  it("refuses a signed-in-only call without a token, without asking the server", async () => {
    await expect(apiRequest("/api/player/profile", { auth: "required" })).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(calls).toHaveLength(0);
  });
});

describe("errors", () => {
  it("maps the API error body to ApiRequestError", async () => {
    answer = () =>
      json(422, { status: 422, code: "VALIDATION_FAILED", message: "Invalid input", errors: { email: ["Value is not a valid email address"] }, traceId: "t-1" });
    const error = await apiRequest("/api/player/register", { method: "POST", body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED", message: "Invalid input", fieldErrors: { email: ["Value is not a valid email address"] }, traceId: "t-1", sessionEnded: false });
  });

  it("keeps the reason of a 403 and falls back to the status for bodies that are not the API's", () => {
    expect(errorFromResponse(403, { code: "FORBIDDEN", message: "Blocked", reason: "selfExcluded", traceId: "t" }, undefined)).toMatchObject({ reason: "selfExcluded" });
    expect(errorFromResponse(502, "<html>Bad gateway</html>", "trace-9")).toMatchObject({ status: 502, code: "INTERNAL_ERROR", fieldErrors: {}, traceId: "trace-9" });
    expect(errorFromResponse(429, null, undefined)).toMatchObject({ code: "RATE_LIMITED" });
  });

  it("reports no answer as NETWORK_ERROR with a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(apiRequest("/api/settings/locales")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(warn).toHaveBeenCalled();
  });

  it("gives up after 10 s with TIMEOUT, and passes the caller's own cancellation through", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const timeoutSignals: AbortSignal[] = [];
    vi.spyOn(AbortSignal, "timeout").mockImplementation((ms: number) => {
      expect(ms).toBe(10_000);
      const controller = new AbortController();
      timeoutSignals.push(controller.signal);
      queueMicrotask(() => controller.abort(new DOMException("timed out", "TimeoutError")));
      return controller.signal;
    });
    answer = (call) =>
      new Promise<Response>((_resolve, reject) => {
        call.init.signal?.addEventListener("abort", () => reject(call.init.signal?.reason));
      });
    await expect(apiRequest("/api/settings/locales")).rejects.toMatchObject({ status: 0, code: "TIMEOUT" });

    vi.mocked(AbortSignal.timeout).mockImplementation(() => new AbortController().signal);
    const caller = new AbortController();
    const pending = apiRequest("/api/settings/locales", { signal: caller.signal });
    caller.abort(new DOMException("left the page", "AbortError"));
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("warns about answers slower than 2000 ms", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let clock = 0;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    answer = () => {
      clock += SLOW_RESPONSE_WARNING_MS + 1;
      return json(200, {});
    };
    await apiRequest("/api/settings/locales");
    expect(warn.mock.calls.some(([message]) => String(message).startsWith("Slow response"))).toBe(true);
  });
});

describe("401 and 403 on an authenticated call (spec 8)", () => {
  it("hands the session layer the failure and marks the error as handled", async () => {
    const onAuthFailure = vi.fn();
    registerApiSessionHooks(signedIn({ onAuthFailure }));
    answer = () => json(401, { status: 401, code: "UNAUTHORIZED", message: "Session expired", traceId: "t" });
    await expect(apiRequest("/api/player/profile")).rejects.toMatchObject({ status: 401, sessionEnded: true });
    answer = () => json(403, { status: 403, code: "FORBIDDEN", message: "Blocked", reason: "blocked", traceId: "t" });
    await expect(apiRequest("/api/player/profile")).rejects.toMatchObject({ status: 403, sessionEnded: true });
    expect(onAuthFailure.mock.calls).toEqual([[401], [403]]);
  });

  it("never sends an old token with a sign-in call, whose 401 means a wrong password", async () => {
    const onAuthFailure = vi.fn();
    registerApiSessionHooks(signedIn({ onAuthFailure }));
    answer = () => json(401, { status: 401, code: "UNAUTHORIZED", message: "The login or password is incorrect.", traceId: "t" });
    await expect(apiRequest("/api/player/sessions", { method: "POST", body: {} })).rejects.toMatchObject({ status: 401, sessionEnded: false });
    expect(headersOf(calls[0]).authorization).toBeUndefined();
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it("leaves anonymous calls alone: a guest's 401 is just an answer", async () => {
    const onAuthFailure = vi.fn();
    registerApiSessionHooks(signedIn({ hasAccessToken: () => false, freshAccessToken: async () => null, onAuthFailure }));
    answer = () => json(401, { status: 401, code: "UNAUTHORIZED", message: "The login or password is incorrect.", traceId: "t" });
    await expect(apiRequest("/api/player/sessions", { method: "POST", body: {} })).rejects.toMatchObject({ status: 401, sessionEnded: false });
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
