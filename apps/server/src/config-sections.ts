import type { SiteIntegrations } from "@playfair/contracts/web-services";

// The shapes of the validated configuration, one type per area; `config.ts` reads the
// environment into them.

export type AppConfig = {
  environment: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: string;
  logRequests: boolean;
  slowRequestMs: number;
  bodyLimitBytes: number;
  /** Time limits of a request's arrival and of idle connections, and the open connections one address may hold. */
  connections: ConnectionLimits;
  trustedProxies: string[];
  clientIpHeader: string;
  countryHeader: string;
  /** The per-IP request budget of the API; counted in Redis when `redisUrl` is set, so it holds across nodes. */
  rateLimit: { enabled: boolean; max: number; windowMs: number; redisUrl: string | undefined };
  webBuildDir: string;
  webSourceDir: string;
  /** The sportsbook widget's build (apps/sportsbook), served under /sportsbook/. */
  sportsbookBuildDir: string;
  /**
   * The site's own origin, which every absolute address the site produces is built on (links in
   * e-mail and SMS, canonical and alternate links, OpenID Connect redirect addresses): PUBLIC_ORIGIN,
   * else the address the server listens on. Never taken from a request (see siteOrigin).
   */
  publicOrigin: string;
  affiliateTagDays: number;
  guestPageCacheMs: number;
  renderWorkers: number;
  integrations: SiteIntegrations;
  deployment: "demo" | "production";
  accounts: AccountsConfig;
  realtime: RealtimeConfig;
  notification: NotificationConfig;
  payment: PaymentConfig;
  game: GameConfig;
  crash: CrashConfig;
  sportBetting: SportBettingConfig;
  aggregator: AggregatorConfig;
  sportFeed: SportFeedConfig;
};

export type SportFeedConfig = {
  /** Where the feed's messages come from: the in-house simulator in this process, a producer over HTTP, or nowhere. */
  source: "simulator" | "http" | "off";
  /** The separate producer's base address; snapshot requests go to `<producerUrl>/snapshot`. */
  producerUrl: string | undefined;
  /** Verify the producer's signed batches; the first also signs snapshot requests. Empty: a generated secret. */
  secrets: string[];
  simulatorSeed: number;
  /** Heartbeats missing this long mark a feed producer down, its markets suspended until a snapshot (ADR 035). */
  producerTimeoutMs: number;
};

export type SportBettingConfig = {
  /** Milliseconds a live bet waits as pending before it is decided. */
  liveDelayMs: number;
  /** Run the loop that decides pending live bets in this process. */
  loopEnabled: boolean;
};

export type GameConfig = {
  /** Minutes a round may stay open before the recovery sweep ends it (P8). */
  roundTimeoutMinutes: number;
};

export type CrashConfig = {
  /** Run the round loop in this process (when it holds the lease); off in tests, which step it themselves. */
  loopEnabled: boolean;
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  leaderLeaseMs: number;
  chainLength: number;
};

export type AggregatorConfig = {
  /** Verify the aggregator's signed wallet calls; the first also signs. Empty: a generated secret. */
  secrets: string[];
  /** The sandbox aggregator's base address of our wallet endpoints; undefined: this server's loopback address. */
  sandboxWalletUrl: string | undefined;
  /** How long the sandbox waits for a wallet answer before retrying the same call. */
  sandboxTimeoutMs: number;
};

export type ConnectionLimits = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** 0: idle connections are never closed for it. */
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** 0: no limit. */
  maxPerIp: number;
};

export type PaymentConfig = {
  /** Verify the sandbox provider's webhooks; the first also signs them. Empty: a generated secret. */
  webhookSecrets: string[];
  /** 0: crypto deposits wait for the simulated network confirmation. */
  sandboxCryptoConfirmSeconds: number;
  /** Minutes a pending deposit may wait for its payment, by way of paying (card, redirect page, crypto, cash agent). */
  depositExpiryMinutes: { card: number; redirect: number; crypto: number; "cash-agent": number };
    /** Offer the sandbox provider's methods (demo default; production only when turned on). */
    sandboxEnabled: boolean;
};

export type NotificationConfig = {
  /** Keys of the operator API; empty: a demo deployment uses a generated one, production has no operator API. */
  operatorApiKeys: string[];
  /** Write the generated demo key to <dataDir>/operator-key (off in tests and production). */
  writeOperatorKeyFile: boolean;
  webPushSubject: string | undefined;
  /** Push-service hosts (and their subdomains) subscriptions may point at; nothing else is ever called. */
  webPushHosts: string[];
};

/** The browsers' push services; WEB_PUSH_HOSTS replaces the list. */

export type RealtimeConfig = {
  redisUrl: string | undefined;
  /** Both set: publications go to Centrifugo's HTTP API instead of this server's websocket. */
  centrifugo: { apiUrl: string; apiKey: string } | undefined;
  pingSeconds: number;
  pongTimeoutSeconds: number;
  tokenTtlSeconds: number;
  /**
   * The outbox dispatcher's safety-net poll; undefined picks by driver. On PostgreSQL other
   * processes publish too, so it polls every 200 ms. PGlite belongs to this one process, whose
   * every publish wakes the dispatcher, so the poll only catches what a crash left behind (2 s),
   * and stops costing the main thread five database round trips a second.
   */
  pollMs: number | undefined;
  /**
   * Anonymous connections (guests reading the public `sport` namespace) one node holds at once;
   * beyond it a guest's connect is closed with 3504. 0: a connect without a token is refused (3500).
   */
  maxAnonymousConnections: number;
};

export type OidcProviderConfig = { socialType: string; name: string; issuer: string; clientId: string; clientSecret?: string };

export type AccountsConfig = {
  /** The development mailbox page (/dev/mailbox): never in a production deployment. */
  mailboxEnabled: boolean;
  /** Signing keys given by the operator; when empty a demo deployment generates and stores one. */
  authSecrets: string[];
  argon2: { memoryKib: number; iterations: number; parallelism: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  captcha: { provider: "altcha" | "recaptcha" | "off"; recaptchaSecret: string | undefined; altchaHmacKey: string | undefined };
  telegram: { botToken: string | undefined; authMaxAgeSeconds: number };
  oidcProviders: OidcProviderConfig[];
  /** Accounts one client IP (IPv6: its /64) may register per window. */
  registrationLimit: { max: number; windowMs: number };
  /** How long a rotated refresh token still works for the client that rotated it; 0: never. */
  refreshReuseGraceMs: number;
};
