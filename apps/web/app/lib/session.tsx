import type { Profile } from "@playfair/contracts/player/profile";
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";
import { getSession, seedSession, subscribeSession } from "#app/features/session/session-store.ts";

/**
 * Who is looking at the page. The server renders it from the `access_token` cookie (root loader);
 * in the browser the session store (features/session/session-store.ts) takes over from there and
 * follows every sign-in, sign-out and profile change. `profile` is present whenever the session
 * came from the server or a sign-in; only hand-made sessions (tests) leave it out.
 */
export type SignedInSession = { status: "signedIn"; playerId: string; profileConfirmed: boolean; profile?: Profile };
export type Session = { status: "guest" } | SignedInSession;

const GUEST: Session = { status: "guest" };
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
