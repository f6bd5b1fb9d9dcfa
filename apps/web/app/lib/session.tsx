import type { Profile } from "@playfair/contracts/player/profile";
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";

/**
 * Who is looking at the page. The server renders it from the `access_token` cookie (root loader);
 * in the browser the session store (features/session/session-store.ts) takes over from there and
 * makes every sign-in, sign-out and profile change. `profile` is present whenever the session
 * came from the server or a sign-in; only hand-made sessions (tests) leave it out.
 */
export type SignedInSession = { status: "signedIn"; playerId: string; profileConfirmed: boolean; profile?: Profile };
export type Session = { status: "guest" } | SignedInSession;

const GUEST: Session = { status: "guest" };

// The browser's live session. Only features/session/session-store.ts changes it (every sign-in,
// sign-out and profile change goes through there); everything else reads it.
let current: Session = GUEST;
let seeded = false;
const listeners = new Set<() => void>();

export function getSession(): Session {
  return current;
}

export function setSession(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts the browser's session from the one the server rendered (once per page load). The server
 * never keeps one: its module state is shared by every request.
 */
export function seedSession(initial: Session): Session {
  if (typeof window === "undefined") return initial;
  if (!seeded) {
    seeded = true;
    current = initial;
  }
  return current;
}

/** For tests: back to a guest, not yet seeded, nobody listening. */
export function resetSessionForTests(): void {
  current = GUEST;
  seeded = false;
  listeners.clear();
}

const SessionContext = createContext<Session>(GUEST);

/** A fixed session (tests, and anything rendered outside the live store). */
export function SessionProvider({ session, children }: { session?: Session; children: ReactNode }) {
  return <SessionContext value={session ?? GUEST}>{children}</SessionContext>;
}

/**
 * The page's live session. The server and the hydrating browser both render `initial` (the root
 * loader's session), so the signed-in header is in the first HTML and hydration matches it; the
 * browser then follows the store.
 */
export function LiveSessionProvider({ initial, children }: { initial: Session | undefined; children: ReactNode }) {
  const serverSession = initial ?? GUEST;
  useState(() => seedSession(serverSession));
  const session = useSyncExternalStore(subscribeSession, getSession, () => serverSession);
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

export function isSignedIn(session: Session): session is SignedInSession {
  return session.status === "signedIn";
}

/** The signed-in player's profile, or null for guests. */
export function useProfile(): Profile | null {
  const session = useSession();
  return isSignedIn(session) ? (session.profile ?? null) : null;
}
