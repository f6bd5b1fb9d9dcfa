// The session of a page request, for the root loader: the `access_token` cookie verified
// in-process by the accounts service. Anonymous requests (no cookie) never touch it, so they cost
// nothing extra.
import type { WebServices } from "@playfair/contracts/web-services";
import { readCookie } from "#app/lib/cookies.ts";
import type { Session } from "#app/lib/session.tsx";
import { ACCESS_TOKEN_KEY } from "./session-keys.ts";
import { isProfileConfirmed } from "./session-store.ts";

const GUEST: Session = { status: "guest" };

export async function sessionFromRequest(request: Request, accounts: WebServices["accounts"]): Promise<Session> {
  const token = readCookie(request.headers.get("cookie"), ACCESS_TOKEN_KEY);
  if (!token) return GUEST;
  try {
    const verified = await accounts.sessionFromAccessToken(token);
    if (!verified) return GUEST;
    return { status: "signedIn", playerId: verified.playerId, profileConfirmed: isProfileConfirmed(verified.profile), profile: verified.profile };
  } catch (error) {
    // The page still renders (as a guest's); the browser retries the session itself.
    console.warn("The session of a page request could not be read", error);
    return GUEST;
  }
}
