import { PASSWORD_MIN_LENGTH } from "@playfair/contracts/validation/fields";
import { formatFormErrors, validateForm, type FieldRules } from "@playfair/contracts/validation/rules";
import type { DbExecutor } from "../../db/database.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import { CURRENT_PASSWORD_INCORRECT, fieldError } from "../messaging/contact-fields.ts";
import { consumeLinkToken, isLiveLinkToken, issueLinkToken, lastLinkIssuedAt, lockPlayerLinks, retireLinkTokens, spentLinkToken } from "./link-tokens.ts";
import { localizedLink } from "../messaging/links.ts";
import type { Outbox } from "../messaging/outbox.ts";
import { MESSAGE_TEMPLATES, renderPasswordChangedMessage, renderPasswordResetMessage } from "../messaging/templates.ts";
import { selectPlayer, selectPlayerByEmail, updatePlayer, type PlayerRow } from "../player/player.repository.ts";
import type { ProfileCache } from "../player/player-accounts.ts";
import { sendEmailConfirmation } from "./email-confirmation.ts";
import { codeError, rateLimited } from "./otp.service.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { SessionService } from "./session.service.ts";
import { accountThrottleKeys, assertNotThrottled, recordFailure, recordSuccess } from "./throttle.ts";

/** A reset link works this long. */
const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** At most one reset e-mail and one confirmation e-mail per player this often. */
const LINK_RESEND_SECONDS = 60;
const EMAIL_ALREADY_CONFIRMED = "This e-mail address is already confirmed.";

const RESET_RULES: FieldRules = {
  password: [{ rule: "required" }, { rule: "min", param: PASSWORD_MIN_LENGTH }],
  password_confirmation: [{ rule: "required" }, { rule: "confirmed", param: "password" }],
};

function changeRules(hasPassword: boolean): FieldRules {
  return {
    ...(hasPassword ? { currentPassword: [{ rule: "required" }] } : {}),
    newPassword: [{ rule: "required" }, { rule: "min", param: PASSWORD_MIN_LENGTH }],
    repeatNewPassword: [{ rule: "required" }, { rule: "confirmed", param: "newPassword" }],
  };
}

function assertValid(values: unknown, rules: FieldRules) {
  const errors = validateForm(values, rules);
  if (Object.keys(errors).length > 0) throw validationFailed(formatFormErrors(errors));
}

export type PasswordService = {
  /** E-mails a reset link when an account uses the address; quietly nothing otherwise or within the resend pause. */
  requestPasswordReset(input: { email: string }): Promise<void>;
  /** Sets a new password with the code of a reset link and ends every session of the player. */
  resetPassword(input: { code: string; password: string; password_confirmation: string }): Promise<void>;
  /** Changes the signed-in player's password and ends their other sessions. */
  changePassword(input: { player: PlayerRow; currentPassword?: string | undefined; newPassword: string; repeatNewPassword: string; keepSessionId?: string | undefined }): Promise<void>;
  /** Sends the e-mail confirmation link again, at most once per LINK_RESEND_SECONDS. */
  resendEmailConfirmation(input: { player: PlayerRow }): Promise<void>;
  /**
   * Confirms the address the link was sent to, if it is still the player's address. A link opened
   * again once that address is confirmed answers `alreadyConfirmed` instead of an error.
   */
  confirmEmail(code: string): Promise<{ alreadyConfirmed: boolean }>;
};

/**
 * Whether a spent confirmation link was for the address its player has now, and that address is
 * confirmed: opening the link again then has nothing left to do, which is not an error.
 */
async function isConfirmedBy(executor: DbExecutor, code: string): Promise<boolean> {
  const spent = await spentLinkToken(executor, { token: code, purpose: "verify-email" });
  if (!spent) return false;
  const player = await selectPlayer(executor, spent.playerId);
  return Boolean(player?.email && player.emailVerifiedAt && player.email.toLowerCase() === spent.subject);
}

/** Password reset, confirm and change, and the e-mail confirmation link. */
export function createPasswordService(dependencies: ServiceDependencies & { outbox: Outbox; sessions: SessionService; players: ProfileCache }): PasswordService {
  const { db, config, now, outbox, sessions, players } = dependencies;

  async function enqueuePasswordChangedNotice(executor: DbExecutor, player: PlayerRow, changedAt: Date) {
    if (!player.email) return;
    const rendered = renderPasswordChangedMessage({ changedAt, locale: player.language });
    await outbox.enqueue(executor, { channel: "email", recipient: player.email, template: MESSAGE_TEMPLATES.passwordChanged, ...rendered });
  }

  return {
    async requestPasswordReset({ email }) {
      const player = await selectPlayerByEmail(db, email);
      if (!player?.email) return;
      const recipient = player.email;
      await db.transaction(async (tx) => {
        await lockPlayerLinks(tx, player.id, "password-reset");
        const current = now();
        const lastSentAt = await lastLinkIssuedAt(tx, { playerId: player.id, purpose: "password-reset" });
        // Quietly: a 429 here would tell that the address has an account.
        if (lastSentAt && current.getTime() - lastSentAt.getTime() < LINK_RESEND_SECONDS * 1000) return;
        const token = await issueLinkToken(tx, { playerId: player.id, purpose: "password-reset", subject: email, ttlSeconds: PASSWORD_RESET_TTL_SECONDS, now: current });
        const link = localizedLink(config.publicOrigin, player.language, `/password-reset/${token}`);
        const rendered = renderPasswordResetMessage({ link, ttlSeconds: PASSWORD_RESET_TTL_SECONDS, locale: player.language });
        await outbox.enqueue(tx, { channel: "email", recipient, template: MESSAGE_TEMPLATES.passwordReset, ...rendered });
      });
    },

    async resetPassword(input) {
      assertValid(input, RESET_RULES);
      const { code, password } = input;
      // Checked before hashing so a guessed code does not cost an argon2 run; consumed below.
      if (!(await isLiveLinkToken(db, { token: code, purpose: "password-reset", now: now() }))) throw codeError();
      const passwordHash = await hashPassword(password, config.accounts.argon2);
      const playerId = await db.transaction(async (tx) => {
        const current = now();
        const token = await consumeLinkToken(tx, { token: code, purpose: "password-reset", now: current });
        if (!token) throw codeError();
        const player = await selectPlayer(tx, token.playerId);
        if (!player) throw codeError();
        // Opening the link proved the mailbox, so an unconfirmed address counts as confirmed.
        const provesEmail = !player.emailVerifiedAt && !!player.email && player.email.toLowerCase() === token.subject;
        await updatePlayer(tx, player.id, { passwordHash, passwordChangedAt: current, updatedAt: current, ...(provesEmail ? { emailVerifiedAt: current } : {}) });
        await retireLinkTokens(tx, { playerId: player.id, purpose: "password-reset", now: current });
        await enqueuePasswordChangedNotice(tx, player, current);
        await sessions.revokeSessions({ playerId: player.id, reason: "password-changed", executor: tx });
        return player.id;
      });
      players.invalidateProfile(playerId);
    },

    async changePassword(input) {
      const { player, keepSessionId } = input;
      assertValid(input, changeRules(player.passwordHash !== null));
      if (player.passwordHash) {
        // A stolen access token must not become a password-guessing oracle (S2): the account's
        // sign-in counters apply, so wrong current passwords here lock sign-in too, and back.
        const keys = accountThrottleKeys(player.id);
        const at = now();
        await assertNotThrottled(db, keys, at);
        if (!(await verifyPassword(player.passwordHash, input.currentPassword ?? ""))) {
          await recordFailure(db, keys, at);
          throw fieldError("currentPassword", CURRENT_PASSWORD_INCORRECT);
        }
        await recordSuccess(db, keys);
      }
      const passwordHash = await hashPassword(input.newPassword, config.accounts.argon2);
      await db.transaction(async (tx) => {
        const current = now();
        await updatePlayer(tx, player.id, { passwordHash, passwordChangedAt: current, updatedAt: current });
        await retireLinkTokens(tx, { playerId: player.id, purpose: "password-reset", now: current });
        await enqueuePasswordChangedNotice(tx, player, current);
        await sessions.revokeSessions({ playerId: player.id, reason: "password-changed", executor: tx, ...(keepSessionId ? { exceptSessionId: keepSessionId } : {}) });
      });
      players.invalidateProfile(player.id);
    },

    async resendEmailConfirmation({ player }) {
      if (!player.email) throw fieldError("email", "Value is required");
      if (player.emailVerifiedAt) throw new AppError("CONFLICT", EMAIL_ALREADY_CONFIRMED);
      const email = player.email;
      await db.transaction(async (tx) => {
        await lockPlayerLinks(tx, player.id, "verify-email");
        const current = now();
        const lastSentAt = await lastLinkIssuedAt(tx, { playerId: player.id, purpose: "verify-email" });
        const waitMs = lastSentAt ? lastSentAt.getTime() + LINK_RESEND_SECONDS * 1000 - current.getTime() : 0;
        if (waitMs > 0) throw rateLimited("Please wait before asking for another e-mail.", waitMs / 1000);
        await sendEmailConfirmation(tx, { playerId: player.id, email, locale: player.language, origin: config.publicOrigin, now: current });
      });
    },

    async confirmEmail(code) {
      const playerId = await db.transaction(async (tx) => {
        const current = now();
        const token = await consumeLinkToken(tx, { token: code, purpose: "verify-email", now: current });
        if (!token) {
          if (await isConfirmedBy(tx, code)) return null;
          throw codeError();
        }
        const player = await selectPlayer(tx, token.playerId);
        // The address changed since the link was sent: it confirms nothing any more.
        if (!player?.email || player.email.toLowerCase() !== token.subject) throw codeError();
        if (!player.emailVerifiedAt) await updatePlayer(tx, player.id, { emailVerifiedAt: current, updatedAt: current });
        return player.id;
      });
      if (playerId === null) return { alreadyConfirmed: true };
      players.invalidateProfile(playerId);
      return { alreadyConfirmed: false };
    },
  };
}
