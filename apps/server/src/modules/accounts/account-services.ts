import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/database.ts";
import { ALTCHA_SECRET_NAME, createCaptcha, type Captcha } from "../auth/captcha.ts";
import { createOtpService, OTP_PEPPER_SECRET_NAME, type OtpService } from "../auth/otp.service.ts";
import { createSessionService, type SessionService } from "../auth/session.service.ts";
import { createOutbox, type Outbox } from "../messaging/outbox.ts";
import { createPlayerService, type PlayerService } from "../player/player.service.ts";
import { createSocialService, type SocialService } from "../social/social.service.ts";
import type { SecretStore } from "./app-secrets.ts";

/** What every accounts service may depend on. Time comes from `now` so tests can move the clock. */
export type AccountDependencies = {
  db: AppDatabase;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** Generated secrets of a demo deployment (signing key, captcha HMAC key, code pepper), shared through the database. */
  secrets: SecretStore;
};

/** The accounts domains, wired once per app: messaging, captcha, codes, sessions, players, social sign-in. */
export type AccountServices = {
  outbox: Outbox;
  captcha: Captcha;
  otp: OtpService;
  sessions: SessionService;
  players: PlayerService;
  social: SocialService;
  secrets: SecretStore;
  /** The clock of expiry rules (buildApp's `now`), for routes that compare times themselves. */
  now: () => Date;
  /**
   * Loads every generated secret before the first request. PGlite has one connection: a secret
   * first read inside a transaction (a code consumed during registration) would wait for that
   * very transaction and hang the database.
   */
  ready(): Promise<void>;
};

export function createAccountServices(dependencies: AccountDependencies): AccountServices {
  const outbox = createOutbox(dependencies);
  const captcha = createCaptcha(dependencies);
  const otp = createOtpService({ ...dependencies, outbox });
  const sessions = createSessionService(dependencies);
  const players = createPlayerService({ ...dependencies, outbox, otp, sessions });
  const social = createSocialService({ ...dependencies, players, sessions });
  const { config, secrets } = dependencies;
  async function ready() {
    await Promise.all([
      sessions.ready(),
      secrets.get(OTP_PEPPER_SECRET_NAME),
      config.accounts.captcha.provider === "altcha" && !config.accounts.captcha.altchaHmacKey ? secrets.get(ALTCHA_SECRET_NAME) : null,
    ]);
  }
  return { outbox, captcha, otp, sessions, players, social, secrets, now: dependencies.now, ready };
}
