import { randomInt } from "node:crypto";
import { createChallenge, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FastifyRequest } from "fastify";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";

// Captcha adapter: ALTCHA (self-hosted proof of work) by default, reCAPTCHA when configured, or off.
export type CaptchaAction = "registration" | "login" | "password-reset" | "otp";

export type Captcha = {
  /** True when the solution is valid (or captcha is switched off for this action by config). */
  verify(solution: string | undefined, action: CaptchaAction, request: FastifyRequest): Promise<boolean>;
  /** A fresh ALTCHA challenge for the widget; null when ALTCHA is not the configured provider. */
  createChallenge(): Promise<Challenge | null>;
};

/** How long an ALTCHA challenge may be solved and submitted. */
export const ALTCHA_CHALLENGE_TTL_SECONDS = 10 * 60;
/**
 * The work: the solver tries counters from 0 up to a secret random one, so SHA-256 runs about
 * ALTCHA_MAX_COUNTER / 2 times on average; well under a second in a browser with workers, while
 * a bot pays the same per form submission.
 */
const ALTCHA_MIN_COUNTER = 5_000;
export const ALTCHA_MAX_COUNTER = 60_000;
/** Secret store name of the generated HMAC key (used when ALTCHA_HMAC_KEY is not configured). */
export const ALTCHA_SECRET_NAME = "altcha-hmac-key";
export const RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
/** The spec's captcha action for every form token (reCAPTCHA v3 / Enterprise report it back). */
const RECAPTCHA_FORM_ACTION = "frontend_form";
const RECAPTCHA_TIMEOUT_MS = 5_000;
const MAX_SOLUTION_LENGTH = 8_192;

type AltchaPayload = { challenge: Challenge; solution: Solution };

function decodeAltchaPayload(solution: string): AltchaPayload | null {
  if (solution.length > MAX_SOLUTION_LENGTH) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(solution, "base64").toString("utf8"));
    if (typeof decoded !== "object" || decoded === null) return null;
    const { challenge, solution: answer } = decoded as Partial<AltchaPayload>;
    if (typeof challenge !== "object" || challenge === null || typeof challenge.parameters !== "object" || challenge.parameters === null) return null;
    if (typeof challenge.signature !== "string" || typeof answer !== "object" || answer === null) return null;
    return { challenge, solution: answer };
  } catch {
    return null;
  }
}

/**
 * Self-hosted proof of work. Solutions are single use: a challenge's signature is remembered until
 * the challenge expires, so one solved challenge cannot be replayed for many submissions. The
 * memory is per process; several processes behind a load balancer would each accept a solution
 * once (bounded by the expiry), which is acceptable for a proof-of-work speed bump.
 */
function createAltchaCaptcha(dependencies: ServiceDependencies): Captcha {
  const { config, secrets, now } = dependencies;
  const configuredKey = config.accounts.captcha.altchaHmacKey;
  const hmacKey = () => (configuredKey ? Promise.resolve(configuredKey) : secrets.get(ALTCHA_SECRET_NAME));
  // signature -> expiry (ms since epoch)
  const usedSignatures = new Map<string, number>();

  function forgetExpired(nowMs: number) {
    for (const [signature, expiresAtMs] of usedSignatures) {
      if (expiresAtMs <= nowMs) usedSignatures.delete(signature);
    }
  }

  return {
    async createChallenge() {
      const expiresAt = Math.floor(now().getTime() / 1000) + ALTCHA_CHALLENGE_TTL_SECONDS;
      return createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(ALTCHA_MIN_COUNTER, ALTCHA_MAX_COUNTER),
        deriveKey,
        expiresAt,
        hmacSignatureSecret: await hmacKey(),
      });
    },
    async verify(solution) {
      if (!solution) return false;
      const payload = decodeAltchaPayload(solution);
      if (!payload) return false;
      const nowMs = now().getTime();
      const expiresAt = payload.challenge.parameters.expiresAt;
      // Our challenges always expire; one without an expiry was not made here.
      if (typeof expiresAt !== "number" || expiresAt * 1000 <= nowMs) return false;
      forgetExpired(nowMs);
      if (usedSignatures.has(payload.challenge.signature ?? "")) return false;
      let result;
      try {
        result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: await hmacKey() });
      } catch {
        return false;
      }
      if (!result.verified) return false;
      // Checked again after the await: two concurrent submissions of one solution have one winner.
      if (usedSignatures.has(payload.challenge.signature ?? "")) return false;
      usedSignatures.set(payload.challenge.signature ?? "", expiresAt * 1000);
      return true;
    },
  };
}

export type FetchFunction = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/**
 * Google reCAPTCHA: the token is checked with Google's siteverify API (the only outgoing call of
 * this module, made only when CAPTCHA_PROVIDER=recaptcha). A token reporting an action must report
 * the spec's `frontend_form`.
 */
function createRecaptchaCaptcha(dependencies: ServiceDependencies, fetchFunction: FetchFunction): Captcha {
  const { config, logger } = dependencies;
  const secret = config.accounts.captcha.recaptchaSecret ?? "";
  return {
    async createChallenge() {
      return null;
    },
    async verify(solution, action, request) {
      if (!solution || solution.length > MAX_SOLUTION_LENGTH) return false;
      const body = new URLSearchParams({ secret, response: solution, remoteip: request.client.ip });
      try {
        const response = await fetchFunction(RECAPTCHA_VERIFY_URL, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: body.toString(),
          signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
        });
        if (!response.ok) {
          logger.warn({ action }, "reCAPTCHA verification answered with an error status");
          return false;
        }
        const result = (await response.json()) as { success?: unknown; action?: unknown };
        if (result.success !== true) return false;
        return result.action === undefined || result.action === RECAPTCHA_FORM_ACTION;
      } catch (error) {
        logger.warn({ err: error, action }, "reCAPTCHA verification failed");
        return false;
      }
    },
  };
}

export function createCaptcha(dependencies: ServiceDependencies, options: { fetch?: FetchFunction } = {}): Captcha {
  switch (dependencies.config.accounts.captcha.provider) {
    case "altcha":
      return createAltchaCaptcha(dependencies);
    case "recaptcha":
      return createRecaptchaCaptcha(dependencies, options.fetch ?? ((url, init) => fetch(url, init)));
    case "off":
      return {
        async verify() {
          return true;
        },
        async createChallenge() {
          return null;
        },
      };
  }
}
