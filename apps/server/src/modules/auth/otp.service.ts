import type { OtpPurpose } from "@playfair/contracts/player/otp";
import type { DbExecutor } from "../../db/database.ts";
import type { AccountDependencies } from "../accounts/account-services.ts";
import type { Outbox } from "../messaging/outbox.ts";

// OWNER: messaging helper.

export type OtpChannel = "sms" | "email";

export type OtpService = {
  /** Creates a code, supersedes older ones for the same destination and purpose, and enqueues it. */
  send(input: { channel: OtpChannel; destination: string; purpose: OtpPurpose; playerId?: string; locale: string }): Promise<{ expiresAt: Date; resendAvailableAt: Date }>;
  /**
   * Consumes a matching, unexpired code (inside `executor` when given, so it commits with the
   * change it authorises). Throws AppError VALIDATION_FAILED with a `code` field error otherwise.
   */
  consume(input: { channel: OtpChannel; destination: string; purpose: OtpPurpose; code: string; executor?: DbExecutor }): Promise<void>;
};

export function createOtpService(_dependencies: AccountDependencies & { outbox: Outbox }): OtpService {
  return {
    async send() {
      throw new Error("otp not built yet");
    },
    async consume() {
      throw new Error("otp not built yet");
    },
  };
}
