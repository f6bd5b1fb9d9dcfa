import { availableParallelism } from "node:os";
import path from "node:path";
import { AFFILIATE_TAG_DEFAULT_DAYS } from "@playfair/contracts/constants";
import { z } from "zod";
import type { AppConfig, OidcProviderConfig } from "./config-sections.ts";

export type * from "./config-sections.ts";

/**
 * The only place that reads process.env. Everything else receives a typed, validated config,
 * so a typo in an environment variable fails at start-up instead of at the first request.
 */
const listOfStrings = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const EnvironmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  LOG_REQUESTS: booleanFlag.optional(),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(2000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // How long a client may take to send a request: its headers, and the whole request with its
  // body. A request that has not arrived by then answers 408 and its connection closes.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // A connection on which nothing moves this long is closed (0: never).
  CONNECTION_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // An idle keep-alive connection stays open this long for the client's next request.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  // Open connections one address may hold (trusted proxies are not counted; 0: no limit).
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(256),
  // Edge headers are honoured only when the direct peer is one of these proxies (IPs or CIDRs).
  TRUSTED_PROXIES: listOfStrings.default([]),
  CLIENT_IP_HEADER: z.string().toLowerCase().default("x-forwarded-for"),
  COUNTRY_HEADER: z.string().toLowerCase().default("cf-ipcountry"),
  // The API's request budget per client IP and window; counted in Redis when REDIS_URL is set, so
  // it holds across nodes (docs/decisions/004-rate-limiting.md).
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // Accounts one client IP may register per window, counted in the database so every node shares it.
  REGISTRATION_IP_MAX: z.coerce.number().int().min(1).default(10),
  REGISTRATION_IP_WINDOW_MS: z.coerce.number().int().min(1000).default(3_600_000),
  WEB_BUILD_DIR: z.string().optional(),
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), "must be an http: or https: address")
    .optional(),
  AFFILIATE_TAG_DAYS: z.coerce.number().int().min(1).max(365).default(AFFILIATE_TAG_DEFAULT_DAYS),
  // How long a guest's server-rendered page is reused for the next guest (0: render every visit).
  GUEST_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Worker threads that render pages in production (0: render on the main thread). Default: one per core.
  RENDER_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  // Third-party integrations of the site; each is off unless set.
  TAG_MANAGER_ID: z.string().optional(),
  METRICS_ID: z.string().optional(),
  PIXEL_URL: z.string().url().optional(),
  SESSION_RECORDING_URL: z.string().url().optional(),
  CHAT_HOST: z.string().optional(),
  CHAT_TOKEN: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  // Accounts. DEPLOYMENT=production is a real operator deployment: no development mailbox, and
  // secrets must be given instead of generated.
  DEPLOYMENT: z.enum(["demo", "production"]).default("demo"),
  MAILBOX_ENABLED: booleanFlag.optional(),
  // Access-token signing keys, comma separated: the first signs, every one verifies (rotation).
  AUTH_SECRETS: listOfStrings.optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(2).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
  // Mail through SMTP when set (smtp://user:pass@host:port); otherwise the in-house outbox only.
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Playfair <no-reply@playfair.local>"),
  // altcha (self-hosted proof of work, default), recaptcha (needs both keys) or off.
  CAPTCHA_PROVIDER: z.enum(["altcha", "recaptcha", "off"]).default("altcha"),
  RECAPTCHA_SECRET: z.string().optional(),
  ALTCHA_HMAC_KEY: z.string().optional(),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(86_400),
  // A rotated refresh token stays usable this long by the client that rotated it (a lost answer);
  // 0 treats every second use as theft.
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  // OpenID Connect providers as JSON: [{"socialType":"google","name":"Google","issuer":"https://...","clientId":"...","clientSecret":"..."}]
  OIDC_PROVIDERS: z.string().optional(),
  // REDIS_URL: shared state of several nodes (needed with more than one node): realtime publications
  // fan out to every node through it and the per-IP request budget is counted there. CENTRIFUGO_API_URL + CENTRIFUGO_API_KEY hand delivery to a Centrifugo server instead.
  REDIS_URL: z.string().url().optional(),
  CENTRIFUGO_API_URL: z.string().url().optional(),
  CENTRIFUGO_API_KEY: z.string().optional(),
  REALTIME_PING_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  REALTIME_PONG_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  REALTIME_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  // Unset: 200 ms on PostgreSQL, 2 s on PGlite (see RealtimeConfig.pollMs).
  REALTIME_POLL_MS: z.coerce.number().int().min(10).max(10_000).optional(),
  // Guests' websockets (connect without a token, public sport prices only) one node holds; 0: none.
  REALTIME_ANONYMOUS_CONNECTIONS: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  // Notifications. Operator API bearer keys, comma separated; without any, a demo deployment
  // generates one (app_secrets) and writes it to <DATA_DIR>/operator-key for `npm run ops`.
  OPERATOR_API_KEYS: listOfStrings.optional(),
  OPERATOR_KEY_FILE: booleanFlag.optional(),
  // Web Push: the VAPID subject (mailto: or https: URL) and the push-service hosts delivered to.
  WEB_PUSH_SUBJECT: z.string().optional(),
  WEB_PUSH_HOSTS: listOfStrings.optional(),
  // Payments. Webhook signing secrets of the sandbox provider, comma separated: the first signs,
  // every one verifies (rotation). Without any, one is generated and kept in app_secrets.
  PAYMENT_WEBHOOK_SECRETS: listOfStrings.optional(),
  // Sandbox crypto deposits confirm by themselves after this many seconds; 0 waits for the
  // simulated network confirmation call of a demo deployment.
  PAYMENT_SANDBOX_CRYPTO_CONFIRM_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  // How long a pending deposit may wait for its payment, in minutes, by way of paying; then the
  // expiry sweep ends it and its amount stops counting against the deposit limit (ADR 015).
  PAYMENT_DEPOSIT_EXPIRY_CARD_MINUTES: z.coerce.number().int().min(5).max(10_080).default(30),
  PAYMENT_DEPOSIT_EXPIRY_REDIRECT_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  PAYMENT_DEPOSIT_EXPIRY_CRYPTO_MINUTES: z.coerce.number().int().min(5).max(10_080).default(1_440),
  PAYMENT_DEPOSIT_EXPIRY_CASH_AGENT_MINUTES: z.coerce.number().int().min(5).max(10_080).default(1_440),
  // The sandbox provider pays with test cards and simulated confirmations: on by default in a demo,
  // off in production (where it would credit real balances) unless an operator turns it on.
  PAYMENT_SANDBOX_ENABLED: booleanFlag.optional(),
  // A game round still open this long after its stake is ended by the recovery sweep (P8): a mines
  // round with safe reveals is cashed out, anything else voided and refunded.
  GAME_ROUND_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  // Crash (ADR 027): the shared round's loop (one process runs it: the holder of a lease in the
  // database), its phases in milliseconds, and the length of each hash chain it plays.
  CRASH_LOOP_ENABLED: booleanFlag.optional(),
  CRASH_BETTING_MS: z.coerce.number().int().min(100).max(120_000).default(6_000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(120_000).default(3_000),
  CRASH_TICK_MS: z.coerce.number().int().min(10).max(5_000).default(100),
  CRASH_LEADER_LEASE_MS: z.coerce.number().int().min(1_000).max(300_000).default(10_000),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(1_000_000),
  // The sportsbook (ADR 035): how long a live bet waits before it is decided against the latest
  // prices, and whether this process runs the loop that decides them (off in tests, which call it).
  SPORT_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SPORT_BET_LOOP_ENABLED: booleanFlag.optional(),
  // Third-party games. Secrets the aggregator signs its seamless-wallet calls with, comma
  // separated: the first signs (the sandbox aggregator's calls and our launch addresses), every one
  // verifies (rotation). Without any, one is generated and kept in app_secrets.
  GAME_AGGREGATOR_SECRETS: listOfStrings.optional(),
  // Where the sandbox aggregator reaches our seamless-wallet endpoints; unset: this server's own
  // loopback address. A wallet call not answered within the timeout is retried with the same ids.
  SANDBOX_AGGREGATOR_WALLET_URL: z.string().url().optional(),
  SANDBOX_AGGREGATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // The sportsbook's odds feed (ADR 035): the in-house simulator in this process (default; off in
  // tests, which feed their own messages), a separate producer that posts signed messages to
  // /api/sport/feed/messages and takes snapshot requests at SPORT_FEED_PRODUCER_URL, or none. Its signing secrets, comma separated: the first signs our
  // snapshot requests, every one verifies (rotation); without any, one is generated in app_secrets.
  SPORT_FEED: z.enum(["simulator", "http", "off"]).optional(),
  SPORT_FEED_PRODUCER_URL: z.string().url().optional(),
  SPORT_FEED_SECRETS: listOfStrings.optional(),
  // The simulator's seed: the same seed builds the same calendar and tells the same matches.
  SPORT_SIMULATOR_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(20_260_101),
  // The sportsbook's feed (ADR 035): a producer whose heartbeats stop this long is down, and its
  // markets suspended until a snapshot brings it back.
  SPORT_PRODUCER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(20_000),
});

const OidcProvidersSchema = z.array(
  z.object({
    socialType: z.string().regex(/^[a-z0-9-]{2,32}$/),
    name: z.string().min(1),
    issuer: z.string().url(),
    clientId: z.string().min(1),
    clientSecret: z.string().optional(),
  }),
);

function parseOidcProviders(json: string | undefined): OidcProviderConfig[] {
  if (!json) return [];
  const parsed = OidcProvidersSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`Invalid environment configuration:\n  OIDC_PROVIDERS: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  return parsed.data;
}

/**
 * The one place the site's origin is decided: the configured PUBLIC_ORIGIN (scheme, host and port
 * only), else `http://localhost:PORT`. Host, X-Forwarded-Host, Origin and Referer never take part:
 * anyone can send them, and an address built on them would put a stranger's host into a password
 * reset e-mail, a cached page's canonical link or a sign-in redirect.
 */
export function siteOrigin(configured: string | undefined, port: number): string {
  return configured ? new URL(configured).origin : `http://localhost:${port}`;
}

const DEFAULT_WEB_PUSH_HOSTS = ["fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"];

const serverRoot = path.resolve(import.meta.dirname, "..");
const repositoryRoot = path.resolve(serverRoot, "..", "..");

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvironmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  if (env.DEPLOYMENT === "production" && env.MAILBOX_ENABLED) {
    throw new Error("Invalid environment configuration:\n  MAILBOX_ENABLED: the development mailbox cannot run in a production deployment");
  }
  if (env.DEPLOYMENT === "production" && !env.AUTH_SECRETS?.length) {
    throw new Error("Invalid environment configuration:\n  AUTH_SECRETS: required in a production deployment");
  }
  // Links in e-mails are built on this origin; without it a forged Host header could point a
  // password-reset link at someone else's site.
  if (env.DEPLOYMENT === "production" && !env.PUBLIC_ORIGIN) {
    throw new Error("Invalid environment configuration:\n  PUBLIC_ORIGIN: required in a production deployment");
  }
  if (env.SPORT_FEED === "http" && !env.SPORT_FEED_PRODUCER_URL) {
    throw new Error("Invalid environment configuration:\n  SPORT_FEED_PRODUCER_URL: required when SPORT_FEED is http (snapshot requests go there)");
  }
  if (Boolean(env.CENTRIFUGO_API_URL) !== Boolean(env.CENTRIFUGO_API_KEY)) {
    throw new Error("Invalid environment configuration:\n  CENTRIFUGO_API_URL: needs CENTRIFUGO_API_KEY (and the other way round)");
  }
  if (env.CAPTCHA_PROVIDER === "recaptcha" && (!env.RECAPTCHA_SECRET || !env.CAPTCHA_SITE_KEY)) {
    throw new Error("Invalid environment configuration:\n  CAPTCHA_PROVIDER: recaptcha needs RECAPTCHA_SECRET and CAPTCHA_SITE_KEY");
  }
  // Node refuses a header time limit longer than the request's.
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new Error("Invalid environment configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS");
  }
  const webSourceDir = path.join(repositoryRoot, "apps", "web");
  return {
    environment: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info"),
    logRequests: env.LOG_REQUESTS ?? !isProduction,
    slowRequestMs: env.SLOW_REQUEST_MS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    connections: {
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      idleTimeoutMs: env.CONNECTION_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxPerIp: env.MAX_CONNECTIONS_PER_IP,
    },
    trustedProxies: env.TRUSTED_PROXIES,
    clientIpHeader: env.CLIENT_IP_HEADER,
    countryHeader: env.COUNTRY_HEADER,
    rateLimit: { enabled: env.RATE_LIMIT_ENABLED, max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS, redisUrl: env.REDIS_URL },
    webBuildDir: path.resolve(env.WEB_BUILD_DIR ?? path.join(webSourceDir, "build")),
    webSourceDir,
    sportsbookBuildDir: path.join(repositoryRoot, "apps", "sportsbook", "dist"),
    publicOrigin: siteOrigin(env.PUBLIC_ORIGIN, env.PORT),
    affiliateTagDays: env.AFFILIATE_TAG_DAYS,
    guestPageCacheMs: env.GUEST_PAGE_CACHE_MS,
    renderWorkers: env.RENDER_WORKERS ?? (availableParallelism() > 1 ? availableParallelism() : 0),
    integrations: {
      tagManagerId: env.TAG_MANAGER_ID ?? null,
      metricsId: env.METRICS_ID ?? null,
      pixelUrl: env.PIXEL_URL ?? null,
      sessionRecordingUrl: env.SESSION_RECORDING_URL ?? null,
      chatHost: env.CHAT_HOST ?? null,
      chatToken: env.CHAT_TOKEN ?? null,
      captchaSiteKey: env.CAPTCHA_SITE_KEY ?? null,
    },
    deployment: env.DEPLOYMENT,
    accounts: {
      mailboxEnabled: env.MAILBOX_ENABLED ?? env.DEPLOYMENT !== "production",
      authSecrets: env.AUTH_SECRETS ?? [],
      argon2: { memoryKib: env.ARGON2_MEMORY_KIB, iterations: env.ARGON2_ITERATIONS, parallelism: env.ARGON2_PARALLELISM },
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      captcha: { provider: env.CAPTCHA_PROVIDER, recaptchaSecret: env.RECAPTCHA_SECRET, altchaHmacKey: env.ALTCHA_HMAC_KEY },
      telegram: { botToken: env.TELEGRAM_BOT_TOKEN, authMaxAgeSeconds: env.TELEGRAM_AUTH_MAX_AGE_SECONDS },
      oidcProviders: parseOidcProviders(env.OIDC_PROVIDERS),
      registrationLimit: { max: env.REGISTRATION_IP_MAX, windowMs: env.REGISTRATION_IP_WINDOW_MS },
      refreshReuseGraceMs: env.REFRESH_REUSE_GRACE_SECONDS * 1000,
    },
    realtime: {
      redisUrl: env.REDIS_URL,
      centrifugo: env.CENTRIFUGO_API_URL && env.CENTRIFUGO_API_KEY ? { apiUrl: env.CENTRIFUGO_API_URL, apiKey: env.CENTRIFUGO_API_KEY } : undefined,
      pingSeconds: env.REALTIME_PING_SECONDS,
      pongTimeoutSeconds: env.REALTIME_PONG_TIMEOUT_SECONDS,
      tokenTtlSeconds: env.REALTIME_TOKEN_TTL_SECONDS,
      pollMs: env.REALTIME_POLL_MS,
      maxAnonymousConnections: env.REALTIME_ANONYMOUS_CONNECTIONS,
    },
    notification: {
      operatorApiKeys: env.OPERATOR_API_KEYS ?? [],
      writeOperatorKeyFile: env.OPERATOR_KEY_FILE ?? (env.DEPLOYMENT === "demo" && env.NODE_ENV !== "test"),
      webPushSubject: env.WEB_PUSH_SUBJECT,
      webPushHosts: env.WEB_PUSH_HOSTS ?? DEFAULT_WEB_PUSH_HOSTS,
    },
    payment: {
      webhookSecrets: env.PAYMENT_WEBHOOK_SECRETS ?? [],
      sandboxCryptoConfirmSeconds: env.PAYMENT_SANDBOX_CRYPTO_CONFIRM_SECONDS,
      depositExpiryMinutes: {
        card: env.PAYMENT_DEPOSIT_EXPIRY_CARD_MINUTES,
        redirect: env.PAYMENT_DEPOSIT_EXPIRY_REDIRECT_MINUTES,
        crypto: env.PAYMENT_DEPOSIT_EXPIRY_CRYPTO_MINUTES,
        "cash-agent": env.PAYMENT_DEPOSIT_EXPIRY_CASH_AGENT_MINUTES,
      },
      sandboxEnabled: env.PAYMENT_SANDBOX_ENABLED ?? env.DEPLOYMENT === "demo",
    },
    game: { roundTimeoutMinutes: env.GAME_ROUND_TIMEOUT_MINUTES },
    crash: {
      loopEnabled: env.CRASH_LOOP_ENABLED ?? env.NODE_ENV !== "test",
      bettingMs: env.CRASH_BETTING_MS,
      pauseMs: env.CRASH_PAUSE_MS,
      tickMs: env.CRASH_TICK_MS,
      leaderLeaseMs: env.CRASH_LEADER_LEASE_MS,
      chainLength: env.CRASH_CHAIN_LENGTH,
    },
    sportBetting: {
      liveDelayMs: env.SPORT_LIVE_DELAY_MS,
      loopEnabled: env.SPORT_BET_LOOP_ENABLED ?? env.NODE_ENV !== "test",
    },
    aggregator: {
      secrets: env.GAME_AGGREGATOR_SECRETS ?? [],
      sandboxWalletUrl: env.SANDBOX_AGGREGATOR_WALLET_URL,
      sandboxTimeoutMs: env.SANDBOX_AGGREGATOR_TIMEOUT_MS,
    },
    sportFeed: {
      source: env.SPORT_FEED ?? (env.NODE_ENV === "test" ? "off" : "simulator"),
      producerUrl: env.SPORT_FEED_PRODUCER_URL,
      secrets: env.SPORT_FEED_SECRETS ?? [],
      simulatorSeed: env.SPORT_SIMULATOR_SEED,
      producerTimeoutMs: env.SPORT_PRODUCER_TIMEOUT_MS,
    },
  };
}
