// The sign-in flows behind /auth/autologin and /auth/social/:connection/callback. Signing in
// arrives with the player accounts issue, which replaces these with the real calls
// (POST /api/player/sessions/token and POST /api/player/sessions/social). Until then each flow
// ends at once with "unavailable", and the pages say so honestly.

export type SignInFlowOutcome = { status: "signedIn"; redirectTo: string } | { status: "unavailable" } | { status: "incomplete" };

export async function runAutologin(state: string | null): Promise<SignInFlowOutcome> {
  if (!state) return { status: "incomplete" };
  return { status: "unavailable" };
}

export async function runSocialSignIn(input: { connection: string; code: string | null; state: string | null }): Promise<SignInFlowOutcome> {
  if (!input.code || !input.state) return { status: "incomplete" };
  return { status: "unavailable" };
}
