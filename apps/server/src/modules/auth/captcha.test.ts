import type { FastifyRequest } from "fastify";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/database.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { createCaptcha, RECAPTCHA_VERIFY_URL, type FetchFunction } from "./captcha.ts";

const request = { client: { ip: "203.0.113.7" } } as unknown as FastifyRequest;

type RecordedCall = { url: string; body: URLSearchParams };

/** reCAPTCHA with Google's API replaced by `answer`: no network in tests. */
function recaptcha(answer: () => Promise<{ ok: boolean; json(): Promise<unknown> }>) {
  const calls: RecordedCall[] = [];
  const fakeFetch: FetchFunction = async (url, init) => {
    calls.push({ url, body: new URLSearchParams(init.body) });
    return answer();
  };
  const config = loadConfig({ NODE_ENV: "test", CAPTCHA_PROVIDER: "recaptcha", RECAPTCHA_SECRET: "server-secret", CAPTCHA_SITE_KEY: "site-key" });
  const captcha = createCaptcha(
    {
      db: {} as unknown as AppDatabase,
      config,
      logger: pino({ level: "silent" }),
      now: () => new Date(),
      secrets: {} as unknown as SecretStore,
    },
    { fetch: fakeFetch },
  );
  return { captcha, calls };
}

const json = (body: unknown, ok = true) => async () => ({ ok, json: async () => body });

describe("reCAPTCHA adapter", () => {
  it("asks siteverify with the secret, the token and the client's IP, and accepts a success", async () => {
    const { captcha, calls } = recaptcha(json({ success: true, hostname: "casino.example" }));
    expect(await captcha.verify("token-from-widget", "registration", request)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(Object.fromEntries(calls[0]?.body ?? [])).toEqual({ secret: "server-secret", response: "token-from-widget", remoteip: "203.0.113.7" });
  });

  it("accepts a reported action only when it is the spec's frontend_form", async () => {
    expect(await recaptcha(json({ success: true, action: "frontend_form", score: 0.9 })).captcha.verify("t", "login", request)).toBe(true);
    expect(await recaptcha(json({ success: true, action: "something_else" })).captcha.verify("t", "login", request)).toBe(false);
  });

  it("refuses failures, error statuses, unreadable answers and network errors", async () => {
    expect(await recaptcha(json({ success: false, "error-codes": ["invalid-input-response"] })).captcha.verify("t", "otp", request)).toBe(false);
    expect(await recaptcha(json({ success: true }, false)).captcha.verify("t", "otp", request)).toBe(false);
    expect(await recaptcha(json("not an object")).captcha.verify("t", "otp", request)).toBe(false);
    expect(
      await recaptcha(async () => {
        throw new Error("network down");
      }).captcha.verify("t", "password-reset", request),
    ).toBe(false);
  });

  it("does not call Google without a token", async () => {
    const { captcha, calls } = recaptcha(json({ success: true }));
    expect(await captcha.verify(undefined, "login", request)).toBe(false);
    expect(await captcha.verify("", "login", request)).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe("captcha off", () => {
  it("lets everything through and offers no challenge", async () => {
    const config = loadConfig({ NODE_ENV: "test", CAPTCHA_PROVIDER: "off" });
    const captcha = createCaptcha({ db: {} as unknown as AppDatabase, config, logger: pino({ level: "silent" }), now: () => new Date(), secrets: {} as unknown as SecretStore });
    expect(await captcha.verify(undefined, "registration", request)).toBe(true);
    expect(await captcha.createChallenge()).toBeNull();
  });
});
