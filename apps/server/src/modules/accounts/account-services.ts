import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/database.ts";
import { createCaptcha, type Captcha } from "../auth/captcha.ts";
import { createOtpService, type OtpService } from "../auth/otp.service.ts";
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
  /** The clock of expiry rules (buildApp's `now`), for routes that compare times themselves. */
  now: () => Date;
};

export function createAccountServices(dependencies: AccountDependencies): AccountServices {
  const outbox = createOutbox(dependencies);
  const captcha = createCaptcha(dependencies);
  const otp = createOtpService({ ...dependencies, outbox });
  const sessions = createSessionService(dependencies);
  const players = createPlayerService({ ...dependencies, outbox, otp, sessions });
  const social = createSocialService({ ...dependencies, players, sessions });
  return { outbox, captcha, otp, sessions, players, social, now: dependencies.now };
}
