// The part of the session that runs on every first load (spec 4 "Session"). A guest without a
// token needs only this: a listener for another tab's sign-in (which reloads this tab) and the
// router lent to the store. The store (session-store.ts: sign-in, refresh, the token writer, the
// API client) loads when the page starts with a session, a token or in messenger mode, when the
// first API call is made (api-session-hooks.ts), or when a part that signs in or out loads it.
import { registerApiSessionHooksLoader } from "#app/lib/api-session-hooks.ts";
import { getSession, type Session } from "#app/lib/session.tsx";
import { entryParametersStored } from "#app/features/site-services/entry-address.ts";
import { isMessengerMode } from "./messenger-mode.ts";
import { CHANGE_SESSION_KEY } from "./session-keys.ts";
import { readAccessToken } from "./token-storage.ts";

export type SessionSignal = { type: "login" | "logout"; at: number; nonce: string };

export function parseSessionSignal(raw: string | null): SessionSignal | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const record = value as Record<string, unknown>;
    if ((record.type !== "login" && record.type !== "logout") || typeof record.at !== "number") return null;
    return { type: record.type, at: record.at, nonce: typeof record.nonce === "string" ? record.nonce : "" };
  } catch {
    return null;
  }
}

/** What this tab does with another tab's signal (spec 4): reload, go home, or nothing. */
export function reactionToSignal(signal: SessionSignal | null, session: Session): "reload" | "goHome" | null {
  if (signal === null) return null;
  if (signal.type === "login" && session.status === "guest") return "reload";
  if (signal.type === "logout" && session.status === "signedIn") return "goHome";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Navigation: the React side registers a navigator (SessionServices); without one (tests, or
// before hydration) the whole page is loaded instead.

export type SessionNavigator = { goHome(options: { signIn: boolean }): void; reload?(): void };

let navigator: SessionNavigator | null = null;

export function registerSessionNavigator(next: SessionNavigator | null): void {
  navigator = next;
}

export function sessionNavigator(): SessionNavigator | null {
  return navigator;
}

// ---------------------------------------------------------------------------------------------

/**
 * The store, once the arrival address's entry parameters are stored: a messenger player's first
 * sign-in and calls carry the bot URL the address brought (entry-address.ts).
 */
export async function loadSessionStore() {
  const [store] = await Promise.all([import("./session-store.ts"), entryParametersStored()]);
  return store;
}

/**
 * Listens for another tab's sign-in and sign-out. `onSignedOutElsewhere` clears this tab's
 * session and goes home (the store's work); a signed-out elsewhere tab is only ever signed in
 * here after the store has loaded.
 */
export function watchOtherTabs(onSignedOutElsewhere: () => void): () => void {
  function onStorage(event: StorageEvent): void {
    if (event.key !== CHANGE_SESSION_KEY) return;
    const reaction = reactionToSignal(parseSessionSignal(event.newValue), getSession());
    if (reaction === "reload") {
      if (navigator?.reload) navigator.reload();
      else window.location.reload();
    }
    if (reaction === "goHome") onSignedOutElsewhere();
  }
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

/** Whether this page load has a session to follow, restore or sign in, which the store does. */
function needsSessionStore(): boolean {
  return getSession().status === "signedIn" || readAccessToken() !== null || isMessengerMode();
}

/**
 * Runs once per page load in the browser (SessionServices): the other tabs' signals, the API
 * client's way to the store, and the store itself when the page starts with something to do.
 */
export function startSessionWatch(): () => void {
  if (typeof window === "undefined") return () => {};
  registerApiSessionHooksLoader(loadSessionStore);
  if (needsSessionStore()) {
    let stop: (() => void) | null = null;
    let stopped = false;
    void loadSessionStore().then((store) => {
      if (!stopped) stop = store.startSessionServices();
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }
  return watchOtherTabs(() => void loadSessionStore().then((store) => store.leaveAfterSignOutElsewhere()));
}
