import {
  OTP_CODE_LENGTH,
  OtpEmailSendRequestSchema,
  OtpSendRequestSchema,
  OtpSendResponseSchema,
  OtpVerifyRequestSchema,
  OtpVerifyResponseSchema,
  PUBLIC_OTP_PURPOSES,
  type OtpPurpose,
} from "@playfair/contracts/player/otp";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPTCHA_FAILED, fieldError, requestLocale, requireEmail, requirePhone } from "../messaging/contact-fields.ts";
import { signedInPlayer } from "./signed-in-player.ts";

// Registered under /api/player by app.ts.
//
// Which purposes go where:
// - registration, sign-in, password-reset (PUBLIC_OTP_PURPOSES): an SMS code to any phone, with
//   the captcha when one is configured. POST /otp/verify only CHECKS such a code (the sign-up form
//   shows "verified" before the player submits the rest); it stays usable, and the call that acts
//   on it (POST /register/phone) consumes it, so a checked code cannot be used twice either.
// - verify-phone, change-phone (SMS) and verify-email, change-email (e-mail): signed in only, to
//   the player's own or a new address. POST /otp/verify consumes the code and applies the change
//   in the same transaction (the address and its verified time).

const SMS_PURPOSES: readonly OtpPurpose[] = ["verify-phone", "change-phone"];
const EMAIL_PURPOSES: readonly OtpPurpose[] = ["verify-email", "change-email"];

export const otpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { otp, captcha, contactCodes } = app.services;

  function sendAnswer(sent: { expiresAt: Date; resendAvailableAt: Date }) {
    return { expiresAt: sent.expiresAt.toISOString(), resendAvailableAt: sent.resendAvailableAt.toISOString(), codeLength: OTP_CODE_LENGTH };
  }

  app.post(
    "/otp/send",
    {
      config: { auth: "optional" },
      schema: {
        tags: ["player"],
        summary: "Sends an SMS code: public for registration, sign-in and password reset; signed in to verify or change the phone",
        body: OtpSendRequestSchema,
        response: { 200: OtpSendResponseSchema },
      },
    },
    async (request) => {
      const { purpose } = request.body;
      if (PUBLIC_OTP_PURPOSES.includes(purpose)) {
        const phone = requirePhone(request.body.phone);
        // Before any lookup: probing which numbers have accounts costs a solved captcha each.
        if (!(await captcha.verify(request.body.captcha, "otp", request))) throw fieldError("captcha", CAPTCHA_FAILED);
        return sendAnswer(await contactCodes.sendPublicPhoneCode({ purpose, phone, fallbackLocale: requestLocale(request) }));
      }
      if (!SMS_PURPOSES.includes(purpose)) throw fieldError("purpose", "E-mail codes are sent by POST /api/player/otp/email/send.");
      const player = await signedInPlayer(app, request);
      const phone = request.body.phone ? requirePhone(request.body.phone, player.country) : requirePhone(player.phone);
      return sendAnswer(await contactCodes.sendPlayerPhoneCode({ player, purpose, phone }));
    },
  );

  app.post(
    "/otp/email/send",
    {
      config: { auth: "player" },
      schema: {
        tags: ["player"],
        summary: "Sends an e-mail code to confirm the player's address or a new one (signed in)",
        security: [{ bearerAuth: [] }],
        body: OtpEmailSendRequestSchema,
        response: { 200: OtpSendResponseSchema },
      },
    },
    async (request) => {
      const player = await signedInPlayer(app, request);
      const { purpose } = request.body;
      if (!EMAIL_PURPOSES.includes(purpose)) throw fieldError("purpose", "Only verify-email and change-email codes are sent by e-mail.");
      const email = request.body.email ? requireEmail(request.body.email) : requireEmail(player.email);
      return sendAnswer(await contactCodes.sendPlayerEmailCode({ player, purpose, email }));
    },
  );

  app.post(
    "/otp/verify",
    {
      config: { auth: "optional" },
      schema: {
        tags: ["player"],
        summary: "Checks a code; for verify-/change- purposes (signed in) it consumes it and applies the phone or e-mail",
        body: OtpVerifyRequestSchema,
        response: { 200: OtpVerifyResponseSchema },
      },
    },
    async (request) => {
      const { purpose, code } = request.body;
      if (PUBLIC_OTP_PURPOSES.includes(purpose)) {
        const phone = requirePhone(request.body.phone);
        await otp.check({ channel: "sms", destination: phone, purpose, code });
        return { verified: true as const };
      }
      const player = await signedInPlayer(app, request);
      const isPhone = SMS_PURPOSES.includes(purpose);
      const destination = isPhone
        ? request.body.phone
          ? requirePhone(request.body.phone, player.country)
          : requirePhone(player.phone)
        : request.body.email
          ? requireEmail(request.body.email)
          : requireEmail(player.email);
      await contactCodes.applyContactCode({ player, purpose, channel: isPhone ? "sms" : "email", destination, code });
      return { verified: true as const };
    },
  );
};
