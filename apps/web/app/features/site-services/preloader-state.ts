// When the full-page preloader may go (spec 4): once the page has finished (hydrated and loaded)
// plus a delay of 1000 ms; it then fades for 500 ms and is removed 1000 ms after the fade began.
// On two addresses it stays until their flow ends instead: automatic sign-in with a `state`
// parameter and the social sign-in return with `code` and `state`. Those pages call
// finishPreloaderFlow() when they are done.

export const PRELOADER_HIDE_DELAY_MS = 1_000;
export const PRELOADER_REMOVE_MS = 1_000;

/** "/auth/autologin" or "/auth/social/<connection>/callback", with or without a locale prefix. */
const AUTOLOGIN_PATH = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/auth\/autologin\/?$/i;
const SOCIAL_CALLBACK_PATH = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/auth\/social\/[^/]+\/callback\/?$/i;

/** Whether the preloader waits for the page's own flow on this address. */
export function preloaderWaitsForFlow(pathname: string, search: string): boolean {
  const params = new URLSearchParams(search);
  const has = (name: string) => (params.get(name) ?? "") !== "";
  if (AUTOLOGIN_PATH.test(pathname)) return has("state");
  if (SOCIAL_CALLBACK_PATH.test(pathname)) return has("code") && has("state");
  return false;
}

const listeners = new Set<() => void>();
let flowFinished = false;

/** Tells the preloader that the sign-in flow it waited for has ended (whatever its outcome). */
export function finishPreloaderFlow(): void {
  if (flowFinished) return;
  flowFinished = true;
  for (const listener of listeners) listener();
}

export function isPreloaderFlowFinished(): boolean {
  return flowFinished;
}

export function subscribeToPreloaderFlow(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
