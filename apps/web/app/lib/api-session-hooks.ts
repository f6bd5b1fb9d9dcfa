// Where the API client finds the session layer. The layer (features/session/session-store.ts) is
// not on a guest's first load: the shell registers a loader for it instead, and the first API call
// of the page loads it, so a signed-in player's first call carries the token and a messenger
// player's the messenger headers even when a lazily loaded part calls before the store is loaded.
// This module holds no HTTP code, so the shell can register the loader without the client.

export type ApiSessionHooks = {
  /** Whether a token is stored at all; without one no call carries one. */
  hasAccessToken(): boolean;
  /** A token that is not about to expire (refreshing it first, once across tabs); null when signed out. */
  freshAccessToken(): Promise<string | null>;
  /** A call that carried a token was refused with 401 or 403. */
  onAuthFailure(status: 401 | 403): void;
  /** Spec 7: the `source` header (the bot URL in messenger mode, else the site's origin); null on the server. */
  requestSource(): string | null;
  /** Spec 7: the `platform` header. */
  requestPlatform(): "web" | "tg";
};

// Without a session layer (the server, and tests that register none) the client is a guest on the web.
const defaultHooks: ApiSessionHooks = {
  hasAccessToken: () => false,
  freshAccessToken: async () => null,
  onAuthFailure: () => {},
  requestSource: () => (typeof window === "undefined" ? null : window.location.origin),
  requestPlatform: () => "web",
};

let registered: ApiSessionHooks | null = null;
let loader: (() => Promise<unknown>) | null = null;

/** The session layer's hooks (it registers them when it loads); null puts the defaults back. */
export function registerApiSessionHooks(hooks: ApiSessionHooks | null): void {
  registered = hooks;
}

/** How to load the session layer when a call needs it and it has not registered yet (browser only). */
export function registerApiSessionHooksLoader(load: (() => Promise<unknown>) | null): void {
  loader = load;
}

/** The hooks to use for a call when they are at hand; null when the session layer must load first. */
export function currentApiSessionHooks(): ApiSessionHooks | null {
  return registered ?? (loader === null ? defaultHooks : null);
}

/** Loads the session layer (it registers its hooks as it loads), then answers its hooks. */
export async function loadApiSessionHooks(): Promise<ApiSessionHooks> {
  if (registered === null && loader !== null) await loader();
  return registered ?? defaultHooks;
}
