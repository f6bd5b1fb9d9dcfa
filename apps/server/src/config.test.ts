import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const PRODUCTION = { NODE_ENV: "production", DEPLOYMENT: "production", AUTH_SECRETS: "operator-secret", PUBLIC_ORIGIN: "https://playfair.example" };

describe("accounts configuration", () => {
  it("a demo deployment (npm start) has the development mailbox and generates its own secrets", () => {
    const config = loadConfig({ NODE_ENV: "production" });
    expect(config.deployment).toBe("demo");
    expect(config.accounts.mailboxEnabled).toBe(true);
    expect(config.accounts.authSecrets).toEqual([]);
    expect(config.accounts.argon2).toEqual({ memoryKib: 19_456, iterations: 2, parallelism: 1 });
    expect(config.accounts.captcha.provider).toBe("altcha");
  });

  it("a production deployment has no mailbox and refuses to turn it on", () => {
    expect(loadConfig(PRODUCTION).accounts.mailboxEnabled).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, MAILBOX_ENABLED: "true" })).toThrow(/MAILBOX_ENABLED/);
  });

  it("a production deployment needs its own signing keys and public origin", () => {
    expect(() => loadConfig({ ...PRODUCTION, AUTH_SECRETS: undefined })).toThrow(/AUTH_SECRETS/);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_ORIGIN: undefined })).toThrow(/PUBLIC_ORIGIN/);
  });

  it("the site's origin is PUBLIC_ORIGIN's scheme, host and port, else localhost on the configured port", () => {
    expect(loadConfig({ PORT: "4321" }).publicOrigin).toBe("http://localhost:4321");
    expect(loadConfig({ PUBLIC_ORIGIN: "https://Playfair.example:8443/casino/" }).publicOrigin).toBe("https://playfair.example:8443");
    expect(() => loadConfig({ PUBLIC_ORIGIN: "javascript://playfair.example" })).toThrow(/PUBLIC_ORIGIN/);
  });

  it("signing keys rotate: every listed key is kept, the first signs", () => {
    expect(loadConfig({ AUTH_SECRETS: "new-key, old-key" }).accounts.authSecrets).toEqual(["new-key", "old-key"]);
  });

  it("argon2 parameters below S1's floor are refused", () => {
    expect(() => loadConfig({ ARGON2_MEMORY_KIB: "4096" })).toThrow(/ARGON2_MEMORY_KIB/);
    expect(() => loadConfig({ ARGON2_ITERATIONS: "1" })).toThrow(/ARGON2_ITERATIONS/);
  });

  it("reCAPTCHA needs both keys; OpenID providers are checked", () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: "recaptcha" })).toThrow(/RECAPTCHA_SECRET/);
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ socialType: "local", name: "Local", issuer: "not a url", clientId: "c" }]) })).toThrow(/OIDC_PROVIDERS/);
    const providers = [{ socialType: "google", name: "Google", issuer: "https://accounts.google.com", clientId: "client" }];
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify(providers) }).accounts.oidcProviders).toEqual(providers);
  });
});

describe("payment configuration", () => {
  it("webhook secrets rotate: every listed secret verifies, none means a generated one", () => {
    expect(loadConfig({}).payment).toEqual({ webhookSecrets: [], sandboxCryptoConfirmSeconds: 0, sandboxEnabled: true, depositExpiryMinutes: { card: 30, redirect: 60, crypto: 1440, "cash-agent": 1440 } });
    expect(loadConfig({ PAYMENT_WEBHOOK_SECRETS: "new-secret, old-secret" }).payment.webhookSecrets).toEqual(["new-secret", "old-secret"]);
    expect(loadConfig({ PAYMENT_SANDBOX_CRYPTO_CONFIRM_SECONDS: "30" }).payment.sandboxCryptoConfirmSeconds).toBe(30);
    expect(loadConfig({}).payment.sandboxEnabled).toBe(true);
    expect(loadConfig({ DEPLOYMENT: "production", AUTH_SECRETS: "k", PUBLIC_ORIGIN: "https://playfair.example" }).payment.sandboxEnabled).toBe(false);
    expect(loadConfig({ DEPLOYMENT: "production", AUTH_SECRETS: "k", PUBLIC_ORIGIN: "https://playfair.example", PAYMENT_SANDBOX_ENABLED: "true" }).payment.sandboxEnabled).toBe(true);
    expect(() => loadConfig({ PAYMENT_SANDBOX_CRYPTO_CONFIRM_SECONDS: "-1" })).toThrow(/PAYMENT_SANDBOX_CRYPTO_CONFIRM_SECONDS/);
  });
});

describe("page rendering configuration", () => {
  it("renders on one worker per core by default, on the main thread with RENDER_WORKERS=0", () => {
    const cores = availableParallelism();
    expect(loadConfig({ NODE_ENV: "production" }).renderWorkers).toBe(cores > 1 ? cores : 0);
    expect(loadConfig({ NODE_ENV: "production", RENDER_WORKERS: "0" }).renderWorkers).toBe(0);
    expect(loadConfig({ NODE_ENV: "production", RENDER_WORKERS: "3" }).renderWorkers).toBe(3);
    expect(() => loadConfig({ NODE_ENV: "production", RENDER_WORKERS: "-1" })).toThrow(/RENDER_WORKERS/);
  });
});

describe("request and connection limits", () => {
  it("bound every request by default and refuse a header limit longer than the request's", () => {
    expect(loadConfig({}).connections).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000, maxPerIp: 256 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "40000", REQUEST_TIMEOUT_MS: "30000" })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it("limit registrations per address and keep a short refresh grace period by default", () => {
    const { accounts } = loadConfig({});
    expect(accounts.registrationLimit).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(accounts.refreshReuseGraceMs).toBe(10_000);
    expect(loadConfig({ REFRESH_REUSE_GRACE_SECONDS: "0" }).accounts.refreshReuseGraceMs).toBe(0);
    expect(() => loadConfig({ REFRESH_REUSE_GRACE_SECONDS: "600" })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
  });
});

describe("sportsbook feed configuration", () => {
  it("runs the simulator by default (none in tests); an HTTP feed needs its producer's address; secrets rotate", () => {
    expect(loadConfig({}).sportFeed).toEqual({ source: "simulator", producerUrl: undefined, secrets: [], simulatorSeed: 20_260_101, producerTimeoutMs: 20_000 });
    expect(loadConfig({ NODE_ENV: "test" }).sportFeed.source).toBe("off");
    expect(loadConfig({ NODE_ENV: "test", SPORT_FEED: "simulator" }).sportFeed.source).toBe("simulator");
    expect(() => loadConfig({ SPORT_FEED: "http" })).toThrow(/SPORT_FEED_PRODUCER_URL/);
    const http = loadConfig({ SPORT_FEED: "http", SPORT_FEED_PRODUCER_URL: "http://127.0.0.1:3901", SPORT_FEED_SECRETS: "new, old", SPORT_SIMULATOR_SEED: "7" }).sportFeed;
    expect(http).toEqual({ source: "http", producerUrl: "http://127.0.0.1:3901", secrets: ["new", "old"], simulatorSeed: 7, producerTimeoutMs: 20_000 });
    expect(() => loadConfig({ SPORT_FEED: "kafka" })).toThrow(/SPORT_FEED/);
  });
});

describe("realtime configuration", () => {
  it("holds up to 5,000 guests' connections per node unless told otherwise; 0 turns guests off", () => {
    expect(loadConfig({}).realtime.maxAnonymousConnections).toBe(5_000);
    expect(loadConfig({ REALTIME_ANONYMOUS_CONNECTIONS: "0" }).realtime.maxAnonymousConnections).toBe(0);
    expect(() => loadConfig({ REALTIME_ANONYMOUS_CONNECTIONS: "-1" })).toThrow(/REALTIME_ANONYMOUS_CONNECTIONS/);
  });
});
