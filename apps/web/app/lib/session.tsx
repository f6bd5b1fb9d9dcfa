import { createContext, useContext, type ReactNode } from "react";

/**
 * Who is looking at the page. Accounts (sign-up, sign-in, tokens) arrive with the player accounts
 * issue; until then every visitor is a guest, which is exactly what the modals' access rules and
 * the layout's panels need to know today.
 */
export type Session = { status: "guest" } | { status: "signedIn"; playerId: string; profileConfirmed: boolean };

const GUEST: Session = { status: "guest" };
const SessionContext = createContext<Session>(GUEST);

export function SessionProvider({ session, children }: { session?: Session; children: ReactNode }) {
  return <SessionContext value={session ?? GUEST}>{children}</SessionContext>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

export function isSignedIn(session: Session): session is Extract<Session, { status: "signedIn" }> {
  return session.status === "signedIn";
}
