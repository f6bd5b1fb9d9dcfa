import { z } from "zod";

/** What a one-time code proves. Public calls may only ask for registration, sign-in and password reset codes. */
export const OTP_PURPOSES = ["registration", "sign-in", "password-reset", "verify-phone", "verify-email", "change-phone", "change-email"] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export const PUBLIC_OTP_PURPOSES: readonly OtpPurpose[] = ["registration", "sign-in", "password-reset"];

export const OTP_CODE_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same destination and purpose may be asked for after this long. */
export const OTP_RESEND_SECONDS = 60;

/** POST /api/player/otp/send: an SMS code to `phone` (public) or, signed in, to the player's own phone. */
export const OtpSendRequestSchema = z
  .object({ phone: z.string().optional(), purpose: z.enum(OTP_PURPOSES).default("registration"), captcha: z.string().optional() })
  .meta({ id: "OtpSendRequest" });

/** POST /api/player/otp/email/send: an e-mail code (signed in: to a new or the current address). */
export const OtpEmailSendRequestSchema = z
  .object({ email: z.string().optional(), purpose: z.enum(OTP_PURPOSES).default("verify-email") })
  .meta({ id: "OtpEmailSendRequest" });

export const OtpSendResponseSchema = z
  .object({
    expiresAt: z.string(),
    resendAvailableAt: z.string(),
    codeLength: z.number().int(),
  })
  .meta({ id: "OtpSendResponse" });

/** POST /api/player/otp/verify: checks a code; for verify-/change- purposes it also applies the change. */
export const OtpVerifyRequestSchema = z
  .object({
    code: z.string(),
    purpose: z.enum(OTP_PURPOSES),
    phone: z.string().optional(),
    email: z.string().optional(),
  })
  .meta({ id: "OtpVerifyRequest" });
export const OtpVerifyResponseSchema = z.object({ verified: z.literal(true) }).meta({ id: "OtpVerifyResponse" });
