import { z } from "zod";
import { ProfileSchema } from "./profile.ts";

/**
 * Sign-in and registration calls (spec 7 "Session and registration"). Every call that signs a
 * player in answers with an AuthSession and sets the refresh token as an HttpOnly cookie
 * (REFRESH_TOKEN_COOKIE, path REFRESH_TOKEN_COOKIE_PATH): the browser never sees it (S6), and
 * POST /api/player/sessions/refresh reads it from there.
 */

/** Cookie and storage key of the access token (spec 3), kept 365 days by the client. */
export const ACCESS_TOKEN_KEY = "access_token";
export const ACCESS_TOKEN_COOKIE_DAYS = 365;
/** spec 9: a token counts as expired this long before its expiry. */
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;
export const REFRESH_TOKEN_COOKIE = "refresh_token";
export const REFRESH_TOKEN_COOKIE_PATH = "/api/player/sessions";
/** Lifetime of an access token; revocation reaches every process well within it. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;
/** A session (refresh family) ends this long after sign-in unless closed earlier. */
export const SESSION_TTL_DAYS = 30;

/** Browser storage keys of spec 3 used by the session layer. */
export const CHANGE_SESSION_KEY = "changeSession";
export const REFRESH_LOCK_KEY = "refreshTokenLoading";
/** spec 4: tabs waiting for another tab's refresh poll this often, this many times. */
export const REFRESH_POLL_INTERVAL_MS = 500;
export const REFRESH_POLL_ATTEMPTS = 10;

export const AuthSessionSchema = z
  .object({
    accessToken: z.string(),
    expiresAt: z.string().meta({ description: "ISO time the access token expires" }),
    sessionId: z.string(),
    profile: ProfileSchema,
  })
  .meta({ id: "AuthSession" });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/** Affiliate and referral details any sign-up may carry (spec 2.4: stag and ref_id). */
const AttributionSchema = z.object({
  affiliateTag: z.string().max(200).optional(),
  ref_id: z.string().max(64).optional(),
});

/**
 * Registration by e-mail. The listed keys are always accepted; further registration fields
 * (nickname, firstName, birthdate...) may be sent when the operator's registration field list
 * contains them. Rules come from @playfair/contracts/validation; the server applies the same.
 */
export const RegisterRequestSchema = z
  .object({
    email: z.string(),
    password: z.string(),
    password_confirmation: z.string().optional(),
    country: z.string(),
    currency: z.string(),
    agreements: z.union([z.boolean(), z.string()]),
    receiveEmailPromo: z.boolean().optional(),
    receiveSmsPromo: z.boolean().optional(),
    receiveBonus: z.boolean().optional(),
    bonusCode: z.string().max(64).optional(),
    captcha: z.string().optional().meta({ description: "Captcha solution (ALTCHA payload or reCAPTCHA token)" }),
    language: z.string().optional(),
    /** true: create the account but do not sign in (spec 4 "unless told to skip"). */
    skipLogin: z.boolean().optional(),
  })
  .extend(AttributionSchema.shape)
  .catchall(z.unknown())
  .meta({ id: "RegisterRequest" });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** Registration by phone: the code sent by POST /api/player/otp/send (purpose registration) proves the number. */
export const RegisterPhoneRequestSchema = RegisterRequestSchema.omit({ email: true })
  .extend({ phone: z.string(), code: z.string(), email: z.string().optional() })
  .meta({ id: "RegisterPhoneRequest" });
export type RegisterPhoneRequest = z.infer<typeof RegisterPhoneRequestSchema>;

/** 201 answer of both registrations: signed in (unless skipLogin), and whether the e-mail still needs confirming. */
export const RegisterResponseSchema = z
  .object({
    session: AuthSessionSchema.nullable(),
    playerId: z.string(),
    emailConfirmationSent: z.boolean(),
  })
  .meta({ id: "RegisterResponse" });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** Login with a password; `login` is an e-mail address or a phone number. */
export const LoginRequestSchema = z
  .object({
    login: z.string(),
    password: z.string(),
    captcha: z.string().optional(),
    affiliateTag: z.string().max(200).optional(),
  })
  .meta({ id: "LoginRequest" });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Auto-login (/auth/autologin?token=...&state=...): a one-time token issued by the operator or a message link. */
export const TokenLoginRequestSchema = z.object({ token: z.string().min(16).max(256), state: z.string().max(128) }).meta({ id: "TokenLoginRequest" });

/** Refresh: the refresh cookie identifies the session; messenger mode may send its init data to re-login instead. */
export const RefreshRequestSchema = z
  .object({ tg_payload: z.string().optional(), affiliateTag: z.string().max(200).optional() })
  .meta({ id: "RefreshRequest" });

/** The profile is not repeated on refresh; the client already has it. */
export const RefreshResponseSchema = AuthSessionSchema.omit({ profile: true }).meta({ id: "RefreshResponse" });

/** Telegram mini-app sign-in (spec 7). */
export const TelegramLoginRequestSchema = z
  .object({
    tg_payload: z.string().min(1).max(4096).meta({ description: "Telegram WebApp initData (query string)" }),
    affiliate_tag: z.string().max(200).optional(),
    ref_id: z.string().max(64).optional(),
    fingerprint: z.string().max(128).optional(),
    currency: z.string().optional(),
    language: z.string().optional(),
  })
  .meta({ id: "TelegramLoginRequest" });

/** Social sign-in, step 2: the provider redirected back to /auth/social/:connection/callback with code and state. */
export const SocialLoginRequestSchema = z
  .object({
    connection: z.string().max(32),
    code: z.string().max(2048),
    state: z.string().max(128),
  })
  .meta({ id: "SocialLoginRequest" });

/** Social sign-in or link, step 1: where to send the browser. */
export const SocialRedirectResponseSchema = z.object({ url: z.string() }).meta({ id: "SocialRedirect" });

export const PasswordResetRequestSchema = z
  .object({ email: z.string(), captcha: z.string().optional() })
  .meta({ id: "PasswordResetRequest" });

/** Completes a reset with the code from the e-mail link (/password-reset/:resetCode). */
export const PasswordConfirmRequestSchema = z
  .object({ code: z.string().min(16).max(256), password: z.string(), password_confirmation: z.string() })
  .meta({ id: "PasswordConfirmRequest" });

export const PasswordChangeRequestSchema = z
  .object({ currentPassword: z.string().optional(), newPassword: z.string(), repeatNewPassword: z.string() })
  .meta({ id: "PasswordChangeRequest" });

/** Blocked (403) answers carry this code so the client can show the support link (spec 8). */
export const ACCOUNT_BLOCKED_REASONS = ["blocked", "selfExcluded", "coolingOff", "closed"] as const;
