// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "#app/lib/api-client.ts";
import { registerApiSessionHooks, registerApiSessionHooksLoader } from "#app/lib/api-session-hooks.ts";
import { resetSessionForTests, seedSession } from "#app/lib/session.tsx";
import { CHANGE_SESSION_KEY } from "./session-keys.ts";
import { registerSessionNavigator, startSessionWatch } from "./session-watch.ts";
import { fakeAccessToken } from "./test-tokens.ts";
import { clearAccessToken } from "./token-storage.ts";

const reload = vi.fn();
const goHome = vi.fn();
let stop: () => void = () => {};
let authorizations: (string | null)[] = [];

beforeEach(() => {
  resetSessionForTests();
  registerApiSessionHooks(null);
  registerApiSessionHooksLoader(null);
  clearAccessToken();
  localStorage.clear();
  reload.mockReset();
  goHome.mockReset();
  registerSessionNavigator({ goHome, reload });
  authorizations = [];
  vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
    authorizations.push(new Headers(init.headers).get("authorization"));
    return Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } }));
  });
});
afterEach(() => {
  stop();
  stop = () => {};
  registerSessionNavigator(null);
  vi.unstubAllGlobals();
  clearAccessToken();
});

describe("a guest's first load (spec 4 cross-tab sign-in)", () => {
  it("reloads when another tab signs in, without the session store", () => {
    seedSession({ status: "guest" });
    stop = startSessionWatch();
    window.dispatchEvent(new StorageEvent("storage", { key: CHANGE_SESSION_KEY, newValue: JSON.stringify({ type: "login", at: Date.now(), nonce: "n" }) }));
    expect(reload).toHaveBeenCalledOnce();
    window.dispatchEvent(new StorageEvent("storage", { key: CHANGE_SESSION_KEY, newValue: JSON.stringify({ type: "logout", at: Date.now(), nonce: "m" }) }));
    expect(reload).toHaveBeenCalledOnce();
    expect(goHome).not.toHaveBeenCalled();
  });

  it("loads the session layer before the page's first API call, so a token stored since then is sent", async () => {
    seedSession({ status: "guest" });
    stop = startSessionWatch();
    const token = fakeAccessToken(Date.now() + 900_000);
    document.cookie = `access_token=${token}; Path=/`;
    await apiRequest("/api/player/profile");
    expect(authorizations).toEqual([`Bearer ${token}`]);
  });
});
