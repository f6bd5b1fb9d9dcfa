import { PasswordChangeRequestSchema, PasswordConfirmRequestSchema, PasswordResetRequestSchema } from "@playfair/contracts/player/auth";
import { PASSWORD_MIN_LENGTH } from "@playfair/contracts/validation/fields";
import { formatFormErrors, validateForm, type FieldRules } from "@playfair/contracts/validation/rules";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DbExecutor } from "../../db/database.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import { CAPTCHA_FAILED, CURRENT_PASSWORD_INCORRECT, fieldError, requireEmail } from "../messaging/contact-fields.ts";
import { consumeLinkToken, hashLinkToken, issueLinkToken, lastLinkIssuedAt, retireLinkTokens } from "../messaging/link-tokens.ts";
import { localizedLink, siteOrigin } from "../messaging/links.ts";
import { MESSAGE_TEMPLATES, renderPasswordChangedMessage, renderPasswordResetMessage } from "../messaging/templates.ts";
import { selectPlayer, selectPlayerByEmail, updatePlayer, type PlayerRow } from "../player/player.repository.ts";
import { actionTokens } from "./auth.schema.ts";
import { sendEmailConfirmation } from "./email-confirmation.ts";
import { codeError, rateLimited } from "./otp.service.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { accountThrottleKeys, assertNotThrottled, recordFailure, recordSuccess } from "./throttle.ts";
import { signedInPlayer } from "./signed-in-player.ts";

// Registered under /api/player by modules/accounts/account-routes.ts.
// Password reset, confirm and change, and the e-mail confirmation link (send, resend, confirm).

/** A reset link works this long. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** At most one reset e-mail and one confirmation e-mail per player this often. */
export const LINK_RESEND_SECONDS = 60;
export const EMAIL_ALREADY_CONFIRMED = "This e-mail address is already confirmed.";

const PasswordResetAcceptedSchema = z
  .object({ accepted: z.literal(true) })
  .meta({ id: "PasswordResetAccepted", description: "The same answer whether or not an account uses the address" });
const PasswordChangedSchema = z.object({ passwordChanged: z.literal(true) }).meta({ id: "PasswordChanged" });
const EmailConfirmationSentSchema = z.object({ sent: z.literal(true) }).meta({ id: "EmailConfirmationSent" });
const EmailConfirmRequestSchema = z
  .object({ code: z.string().min(1).max(256).meta({ description: "The confirmCode of the /verify/:confirmCode link" }) })
  .meta({ id: "EmailConfirmRequest" });
const EmailConfirmedSchema = z.object({ verified: z.literal(true) }).meta({ id: "EmailConfirmed" });

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

/** Serialises link requests of one player (two quick clicks cannot both pass the resend pause). */
async function lockPlayerLinks(executor: DbExecutor, playerId: string, purpose: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`link:${purpose}:${playerId}`}))`);
}

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { captcha, outbox, sessions, players } = app.services;
  const { db } = app.database;
  const config = app.config;
  const now = app.services.now;

  async function enqueuePasswordChangedNotice(executor: DbExecutor, player: PlayerRow, changedAt: Date) {
    if (!player.email) return;
    const rendered = renderPasswordChangedMessage({ changedAt, locale: player.language });
    await outbox.enqueue(executor, { channel: "email", recipient: player.email, template: MESSAGE_TEMPLATES.passwordChanged, ...rendered });
  }

  app.post(
    "/passwords/reset",
    {
      schema: {
        tags: ["player"],
        summary: "E-mails a password reset link; answers the same whether or not the address has an account",
        body: PasswordResetRequestSchema,
        response: { 202: PasswordResetAcceptedSchema },
      },
    },
    async (request, reply) => {
      const email = requireEmail(request.body.email);
      if (!(await captcha.verify(request.body.captcha, "password-reset", request))) throw fieldError("captcha", CAPTCHA_FAILED);
      const player = await selectPlayerByEmail(db, email);
      if (player?.email) {
        const recipient = player.email;
        const origin = siteOrigin(config, request);
        await db.transaction(async (tx) => {
          await lockPlayerLinks(tx, player.id, "password-reset");
          const current = now();
          const lastSentAt = await lastLinkIssuedAt(tx, { playerId: player.id, purpose: "password-reset" });
          // Quietly: a 429 here would tell that the address has an account.
          if (lastSentAt && current.getTime() - lastSentAt.getTime() < LINK_RESEND_SECONDS * 1000) return;
          const token = await issueLinkToken(tx, { playerId: player.id, purpose: "password-reset", subject: email, ttlSeconds: PASSWORD_RESET_TTL_SECONDS, now: current });
          const link = localizedLink(origin, player.language, `/password-reset/${token}`);
          const rendered = renderPasswordResetMessage({ link, ttlSeconds: PASSWORD_RESET_TTL_SECONDS, locale: player.language });
          await outbox.enqueue(tx, { channel: "email", recipient, template: MESSAGE_TEMPLATES.passwordReset, ...rendered });
        });
      }
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    "/passwords/confirm",
    {
      schema: {
        tags: ["player"],
        summary: "Sets a new password with the code of a reset link; ends every session of the player",
        body: PasswordConfirmRequestSchema,
        response: { 200: PasswordChangedSchema },
      },
    },
    async (request) => {
      assertValid(request.body, RESET_RULES);
      const { code, password } = request.body;
      // Checked before hashing so a guessed code does not cost an argon2 run; consumed below.
      const [live] = await db
        .select({ id: actionTokens.id })
        .from(actionTokens)
        .where(and(eq(actionTokens.tokenHash, hashLinkToken(code)), eq(actionTokens.purpose, "password-reset"), isNull(actionTokens.consumedAt), gt(actionTokens.expiresAt, now())))
        .limit(1);
      if (!live) throw codeError();
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
      return { passwordChanged: true as const };
    },
  );

  app.put(
    "/passwords",
    {
      schema: {
        tags: ["player"],
        summary: "Changes the password (the current one is required when the player has one); ends the other sessions",
        security: [{ bearerAuth: [] }],
        body: PasswordChangeRequestSchema,
        response: { 200: PasswordChangedSchema },
      },
    },
    async (request, reply) => {
      const player = await signedInPlayer(app, request, reply);
      assertValid(request.body, changeRules(player.passwordHash !== null));
      if (player.passwordHash) {
        // A stolen access token must not become a password-guessing oracle (S2): the account's
        // sign-in counters apply, so wrong current passwords here lock sign-in too, and back.
        const keys = accountThrottleKeys(player.id);
        const at = now();
        await assertNotThrottled(db, keys, at);
        if (!(await verifyPassword(player.passwordHash, request.body.currentPassword ?? ""))) {
          await recordFailure(db, keys, at);
          throw fieldError("currentPassword", CURRENT_PASSWORD_INCORRECT);
        }
        await recordSuccess(db, keys);
      }
      const passwordHash = await hashPassword(request.body.newPassword, config.accounts.argon2);
      const sessionId = request.principal?.sessionId;
      await db.transaction(async (tx) => {
        const current = now();
        await updatePlayer(tx, player.id, { passwordHash, passwordChangedAt: current, updatedAt: current });
        await retireLinkTokens(tx, { playerId: player.id, purpose: "password-reset", now: current });
        await enqueuePasswordChangedNotice(tx, player, current);
        await sessions.revokeSessions({ playerId: player.id, reason: "password-changed", executor: tx, ...(sessionId ? { exceptSessionId: sessionId } : {}) });
      });
      players.invalidateProfile(player.id);
      return { passwordChanged: true as const };
    },
  );

  /** Sends the confirmation link again, at most once per LINK_RESEND_SECONDS. */
  async function resendConfirmation(request: FastifyRequest, reply: FastifyReply) {
    const player = await signedInPlayer(app, request, reply);
    if (!player.email) throw fieldError("email", "Value is required");
    if (player.emailVerifiedAt) throw new AppError("CONFLICT", EMAIL_ALREADY_CONFIRMED);
    const email = player.email;
    const origin = siteOrigin(config, request);
    await db.transaction(async (tx) => {
      await lockPlayerLinks(tx, player.id, "verify-email");
      const current = now();
      const lastSentAt = await lastLinkIssuedAt(tx, { playerId: player.id, purpose: "verify-email" });
      const waitMs = lastSentAt ? lastSentAt.getTime() + LINK_RESEND_SECONDS * 1000 - current.getTime() : 0;
      if (waitMs > 0) throw rateLimited("Please wait before asking for another e-mail.", waitMs / 1000);
      await sendEmailConfirmation(tx, { playerId: player.id, email, locale: player.language, origin, now: current });
    });
    return { sent: true as const };
  }

  const resendSchema = {
    tags: ["player"],
    security: [{ bearerAuth: [] }],
    response: { 200: EmailConfirmationSentSchema },
  };
  app.post("/profile/email/verify/send", { schema: { ...resendSchema, summary: "E-mails the confirmation link for the player's address" } }, resendConfirmation);
  app.post("/profile/confirmations/email/resend", { schema: { ...resendSchema, summary: "Sends the e-mail confirmation link again (once a minute)" } }, resendConfirmation);

  app.post(
    "/profile/email/verify/confirm",
    {
      schema: {
        tags: ["player"],
        summary: "Confirms the e-mail address with the code of the link (works signed out, in any browser)",
        body: EmailConfirmRequestSchema,
        response: { 200: EmailConfirmedSchema },
      },
    },
    async (request) => {
      const playerId = await db.transaction(async (tx) => {
        const current = now();
        const token = await consumeLinkToken(tx, { token: request.body.code, purpose: "verify-email", now: current });
        if (!token) throw codeError();
        const player = await selectPlayer(tx, token.playerId);
        // The address changed since the link was sent: it confirms nothing any more.
        if (!player?.email || player.email.toLowerCase() !== token.subject) throw codeError();
        if (!player.emailVerifiedAt) await updatePlayer(tx, player.id, { emailVerifiedAt: current, updatedAt: current });
        return player.id;
      });
      players.invalidateProfile(playerId);
      return { verified: true as const };
    },
  );
};
