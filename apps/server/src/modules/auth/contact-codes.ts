import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type OtpPurpose } from "@playfair/contracts/player/otp";
import { isUniqueViolation } from "../../db/sql-errors.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import { EMAIL_TAKEN, PHONE_TAKEN, fieldError } from "../messaging/contact-fields.ts";
import { retireLinkTokens } from "./link-tokens.ts";
import { selectPlayerByEmail, selectPlayerByPhone, updatePlayer, type PlayerRow } from "../player/player.repository.ts";
import type { ProfileCache } from "../player/player-accounts.ts";
import type { OtpService } from "./otp.service.ts";

type SentCode = { expiresAt: Date; resendAvailableAt: Date };

export type ContactCodeService = {
  /**
   * A code for a public purpose (registration, sign-in, password reset) to any phone. A number
   * without an account gets an answer as if sent and no SMS, so the answer tells nobody whether
   * the number has an account; registration refuses a number already taken.
   */
  sendPublicPhoneCode(input: { purpose: OtpPurpose; phone: string; fallbackLocale: string }): Promise<SentCode>;
  /** A code to the signed-in player's phone or a new one nobody else uses. */
  sendPlayerPhoneCode(input: { player: PlayerRow; purpose: OtpPurpose; phone: string }): Promise<SentCode>;
  /** A code to the signed-in player's e-mail address or a new one nobody else uses. */
  sendPlayerEmailCode(input: { player: PlayerRow; purpose: OtpPurpose; email: string }): Promise<SentCode>;
  /** Consumes the code and applies the phone or e-mail address with its verified time, in one transaction. */
  applyContactCode(input: { player: PlayerRow; purpose: OtpPurpose; channel: "sms" | "email"; destination: string; code: string }): Promise<void>;
};

/** The verify- and change- flows of phone numbers and e-mail addresses, on top of the code store. */
export function createContactCodeService(dependencies: ServiceDependencies & { otp: OtpService; players: ProfileCache }): ContactCodeService {
  const { db, now, otp, players } = dependencies;
  return {
    async sendPublicPhoneCode({ purpose, phone, fallbackLocale }) {
      const owner = await selectPlayerByPhone(db, phone);
      if (purpose === "registration" && owner) throw fieldError("phone", PHONE_TAKEN);
      if (purpose !== "registration" && !owner) {
        const current = now();
        return { expiresAt: new Date(current.getTime() + OTP_TTL_SECONDS * 1000), resendAvailableAt: new Date(current.getTime() + OTP_RESEND_SECONDS * 1000) };
      }
      const locale = owner?.language ?? fallbackLocale;
      return otp.send({ channel: "sms", destination: phone, purpose, locale, ...(owner ? { playerId: owner.id } : {}) });
    },

    async sendPlayerPhoneCode({ player, purpose, phone }) {
      if (phone !== player.phone) {
        const owner = await selectPlayerByPhone(db, phone);
        if (owner && owner.id !== player.id) throw fieldError("phone", PHONE_TAKEN);
      }
      return otp.send({ channel: "sms", destination: phone, purpose, playerId: player.id, locale: player.language });
    },

    async sendPlayerEmailCode({ player, purpose, email }) {
      if (email !== player.email?.toLowerCase()) {
        const owner = await selectPlayerByEmail(db, email);
        if (owner && owner.id !== player.id) throw fieldError("email", EMAIL_TAKEN);
      }
      return otp.send({ channel: "email", destination: email, purpose, playerId: player.id, locale: player.language });
    },

    async applyContactCode({ player, purpose, channel, destination, code }) {
      const isPhone = channel === "sms";
      const takenError = isPhone ? fieldError("phone", PHONE_TAKEN) : fieldError("email", EMAIL_TAKEN);
      try {
        await db.transaction(async (tx) => {
          const owner = isPhone ? await selectPlayerByPhone(tx, destination) : await selectPlayerByEmail(tx, destination);
          if (owner && owner.id !== player.id) throw takenError;
          await otp.consume({ channel, destination, purpose, code, executor: tx, playerId: player.id });
          const current = now();
          if (isPhone) {
            await updatePlayer(tx, player.id, { phone: destination, phoneVerifiedAt: current, updatedAt: current });
          } else {
            await updatePlayer(tx, player.id, { email: destination, emailVerifiedAt: current, updatedAt: current });
            // Confirmation links sent to an earlier address must not confirm this one.
            await retireLinkTokens(tx, { playerId: player.id, purpose: "verify-email", now: current });
          }
        });
      } catch (error) {
        // Another player took the address between the check and the update.
        if (isUniqueViolation(error)) throw takenError;
        throw error;
      }
      players.invalidateProfile(player.id);
    },
  };
}
