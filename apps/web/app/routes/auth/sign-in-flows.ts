// The sign-in flows behind /auth/autologin (POST /api/player/sessions/token) and
// /auth/social/:connection/callback (POST /api/player/sessions/social). Both end in
// completeSignIn() and the localized home page; every failure becomes an outcome the page can
// explain honestly.
import type { AuthSession } from "@playfair/contracts/player/auth";
import { ACCOUNT_BLOCKED_REASONS } from "#app/features/session/session-keys.ts";
import { completeSignIn, type SignInMethod } from "#app/features/session/session-store.ts";
import { apiRequest, isApiRequestError } from "#app/lib/api-client.ts";

export type BlockedReason = (typeof ACCOUNT_BLOCKED_REASONS)[number];

export type SignInFlowOutcome =
  | { status: "signedIn"; redirectTo: string }
  /** Parameters missing from the address. */
  | { status: "incomplete" }
  /** The server refused the link or answer: expired, used, or not ours. */
  | { status: "invalid" }
  /** The account may not sign in (spec 8: the message links to support). */
  | { status: "blocked"; reason: BlockedReason }
  /** Too many attempts; try again later. */
  | { status: "rateLimited" }
  /** No answer, or the server failed: nothing is known, trying again may work. */
  | { status: "unavailable" };

const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{16,256}$/;

function isBlockedReason(reason: string | undefined): reason is BlockedReason {
  return reason !== undefined && (ACCOUNT_BLOCKED_REASONS as readonly string[]).includes(reason);
}

/** What a failed sign-in call means to the visitor. */
function outcomeOfFailure(error: unknown): SignInFlowOutcome {
  if (!isApiRequestError(error)) return { status: "unavailable" };
  if (error.status === 403) return { status: "blocked", reason: isBlockedReason(error.reason) ? error.reason : "blocked" };
  if (error.status === 429) return { status: "rateLimited" };
  if (error.status === 0 || error.status >= 500) return { status: "unavailable" };
  return { status: "invalid" };
}

async function signIn(path: string, body: unknown, method: SignInMethod, homePath: string): Promise<SignInFlowOutcome> {
  try {
    const session = await apiRequest<AuthSession>(path, { method: "POST", body, auth: "none", credentials: "same-origin" });
    completeSignIn(session, { method, isRegistration: session.profile.isNewlyRegistered });
    return { status: "signedIn", redirectTo: homePath };
  } catch (error) {
    if (!isApiRequestError(error) || error.status === 0 || error.status >= 500) console.warn("Sign-in flow failed", error);
    return outcomeOfFailure(error);
  }
}

/** Automatic sign-in by a one-time link: /auth/autologin?token=...&state=... */
export async function runAutologin(input: { token: string | null; state: string | null; homePath: string }): Promise<SignInFlowOutcome> {
  if (!input.token || !input.state) return { status: "incomplete" };
  if (!TOKEN_PATTERN.test(input.token) || input.state.length > 128) return { status: "invalid" };
  return signIn("/api/player/sessions/token", { token: input.token, state: input.state }, "token", input.homePath);
}

/** The answer when the flow linked a provider to the signed-in player instead of signing in. */
type SocialLinkAnswer = { linked: true; socialType: string };

/**
 * Return from a social provider: /auth/social/:connection/callback?code=...&state=...(&iss=...).
 * A flow started from the account settings links the provider to the signed-in player (the
 * server knows from the state; the bearer proves who asks) and returns to those settings.
 */
export async function runSocialSignIn(input: {
  connection: string;
  code: string | null;
  state: string | null;
  iss?: string | null;
  homePath: string;
  onLinked?: (socialType: string) => void;
}): Promise<SignInFlowOutcome> {
  if (!input.code || !input.state) return { status: "incomplete" };
  if (input.connection.length > 32 || input.code.length > 2048 || input.state.length > 128) return { status: "invalid" };
  const query = input.iss ? { iss: input.iss } : undefined;
  try {
    const answer = await apiRequest<AuthSession | SocialLinkAnswer>("/api/player/sessions/social", {
      method: "POST",
      body: { connection: input.connection, code: input.code, state: input.state },
      ...(query ? { query } : {}),
      auth: "optional",
      credentials: "same-origin",
    });
    if ("linked" in answer) {
      input.onLinked?.(answer.socialType);
      return { status: "signedIn", redirectTo: `${input.homePath.replace(/\/$/, "")}/profile/settings/account` };
    }
    completeSignIn(answer, { method: "social", isRegistration: answer.profile.isNewlyRegistered });
    return { status: "signedIn", redirectTo: input.homePath };
  } catch (error) {
    if (!isApiRequestError(error) || error.status === 0 || error.status >= 500) console.warn("Sign-in flow failed", error);
    return outcomeOfFailure(error);
  }
}
