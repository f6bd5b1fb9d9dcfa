import { PasswordChangeRequestSchema, PasswordConfirmRequestSchema, PasswordResetRequestSchema } from "@playfair/contracts/player/auth";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPTCHA_FAILED, fieldError, requireEmail } from "../messaging/contact-fields.ts";
import { signedInPlayer } from "./signed-in-player.ts";

// Registered under /api/player by app.ts.
// Password reset, confirm and change, and the e-mail confirmation link (send, resend, confirm).

const PasswordResetAcceptedSchema = z
  .object({ accepted: z.literal(true) })
  .meta({ id: "PasswordResetAccepted", description: "The same answer whether or not an account uses the address" });
const PasswordChangedSchema = z.object({ passwordChanged: z.literal(true) }).meta({ id: "PasswordChanged" });
const EmailConfirmationSentSchema = z.object({ sent: z.literal(true) }).meta({ id: "EmailConfirmationSent" });
const EmailConfirmRequestSchema = z
  .object({ code: z.string().min(1).max(256).meta({ description: "The confirmCode of the /verify/:confirmCode link" }) })
  .meta({ id: "EmailConfirmRequest" });
const EmailConfirmedSchema = z
  .object({
    verified: z.literal(true),
    alreadyConfirmed: z.boolean().meta({ description: "True when the link had been used and the address is already confirmed" }),
  })
  .meta({ id: "EmailConfirmed" });

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { captcha, passwords } = app.services;

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
      await passwords.requestPasswordReset({ email });
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
      await passwords.resetPassword(request.body);
      return { passwordChanged: true as const };
    },
  );

  app.put(
    "/passwords",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: {
        tags: ["player"],
        summary: "Changes the password (the current one is required when the player has one); ends the other sessions",
        security: [{ bearerAuth: [] }],
        body: PasswordChangeRequestSchema,
        response: { 200: PasswordChangedSchema },
      },
    },
    async (request) => {
      const player = await signedInPlayer(app, request);
      await passwords.changePassword({ ...request.body, player, keepSessionId: request.principal?.sessionId });
      return { passwordChanged: true as const };
    },
  );

  /** Sends the confirmation link again, at most once per LINK_RESEND_SECONDS. */
  async function resendConfirmation(request: FastifyRequest) {
    const player = await signedInPlayer(app, request);
    await passwords.resendEmailConfirmation({ player });
    return { sent: true as const };
  }

  const resendSchema = {
    tags: ["player"],
    security: [{ bearerAuth: [] }],
    response: { 200: EmailConfirmationSentSchema },
  };
  app.post("/profile/email/verify/send", { config: { auth: "player", restrictedMode: "allowed" }, schema: { ...resendSchema, summary: "E-mails the confirmation link for the player's address" } }, resendConfirmation);
  app.post("/profile/confirmations/email/resend", { config: { auth: "player", restrictedMode: "allowed" }, schema: { ...resendSchema, summary: "Sends the e-mail confirmation link again (once a minute)" } }, resendConfirmation);

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
      const { alreadyConfirmed } = await passwords.confirmEmail(request.body.code);
      return { verified: true as const, alreadyConfirmed };
    },
  );
};
