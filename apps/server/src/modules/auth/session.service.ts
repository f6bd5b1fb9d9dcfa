import type { AuthSession } from "@playfair/contracts/player/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { DbExecutor } from "../../db/database.ts";
import type { Principal } from "../../plugins/authentication.ts";
import type { AccountDependencies } from "../accounts/account-services.ts";

// OWNER: auth-core helper.

export type SignInMethod = "password" | "phone" | "registration" | "social" | "token" | "telegram";

export type SessionService = {
  /**
   * Starts a new session (S3) for a player who proved who they are: refuses blocked or excluded
   * players (403 with reason), creates the session row, sets the refresh cookie on `reply` and
   * returns the access token with the profile.
   */
  signIn(input: { playerId: string; method: SignInMethod; request: FastifyRequest; reply: FastifyReply; executor?: DbExecutor }): Promise<AuthSession>;
  /** Verifies an access token without a database round trip; null when invalid, expired or revoked. */
  verifyAccessToken(token: string): Promise<Principal | null>;
  /** Ends sessions at once (S3): every access and refresh token they issued stops working. */
  revokeSessions(input: { playerId: string; reason: string; exceptSessionId?: string; sessionId?: string; executor?: DbExecutor }): Promise<number>;
};

export function createSessionService(_dependencies: AccountDependencies): SessionService {
  return {
    async signIn() {
      throw new Error("sessions not built yet");
    },
    async verifyAccessToken() {
      return null;
    },
    async revokeSessions() {
      return 0;
    },
  };
}
