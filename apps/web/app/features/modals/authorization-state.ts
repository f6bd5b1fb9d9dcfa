import { useSyncExternalStore } from "react";

/**
 * The pending sign-in, registration or password flow ("authorization state" in spec 2.4). The
 * forgot-pass, reset-pass, confirm-email and reset-email-send modals only make sense in the middle
 * of such a flow, so they are removed from the address while there is none. The accounts modals
 * fill it in (for example with the e-mail address a reset link went to); it lives in memory
 * only, so a reload ends the flow, exactly like closing the tab would.
 */
export type AuthorizationState = {
  readonly email?: string;
  readonly phone?: string;
  /** Whatever else the flow must carry from one modal to the next. */
  readonly [detail: string]: string | number | boolean | undefined;
};

type Listener = () => void;

let current: AuthorizationState | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Starts (or updates) the pending flow. Call it in the browser only, from the flow's own code. */
export function setAuthorizationState(state: AuthorizationState): void {
  current = state;
  emit();
}

/** Ends the pending flow; the modals tied to it are then removed from the address. */
export function clearAuthorizationState(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function getAuthorizationState(): AuthorizationState | null {
  return current;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The server never has a pending flow: it renders before any modal code ran.
const serverSnapshot = () => null;

export function useAuthorizationState(): AuthorizationState | null {
  return useSyncExternalStore(subscribe, getAuthorizationState, serverSnapshot);
}
