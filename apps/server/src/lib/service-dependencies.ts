import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config.ts";
import type { AppDatabase } from "../db/database.ts";

/**
 * Generated secrets of a demo deployment (signing key, captcha HMAC key, code pepper), shared
 * through the database. The store itself lives in modules/secrets; domains see only this shape.
 */
export type SecretStore = {
  /**
   * The named secret (32 random bytes, base64url), created on first use. Concurrent first uses in
   * several processes agree: the first insert wins and everyone reads it back.
   */
  get(name: string): Promise<string>;
};

/**
 * What any domain service may depend on, handed down by the composition root (services.ts).
 * Time comes from `now` so tests can move the clock.
 */
export type ServiceDependencies = {
  db: AppDatabase;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  secrets: SecretStore;
};
