import path from "node:path";
import type { SiteIntegrations } from "@playfair/contracts/web-services";
import { z } from "zod";

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
  // Edge headers are honoured only when the direct peer is one of these proxies (IPs or CIDRs).
  TRUSTED_PROXIES: listOfStrings.default([]),
  CLIENT_IP_HEADER: z.string().toLowerCase().default("x-forwarded-for"),
  COUNTRY_HEADER: z.string().toLowerCase().default("cf-ipcountry"),
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  WEB_BUILD_DIR: z.string().optional(),
  PUBLIC_ORIGIN: z.string().url().optional(),
  AFFILIATE_TAG_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Third-party integrations of the site; each is off unless set.
  TAG_MANAGER_ID: z.string().optional(),
  METRICS_ID: z.string().optional(),
  PIXEL_URL: z.string().url().optional(),
  SESSION_RECORDING_URL: z.string().url().optional(),
  CHAT_HOST: z.string().optional(),
  CHAT_TOKEN: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
});

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
  trustedProxies: string[];
  clientIpHeader: string;
  countryHeader: string;
  rateLimit: { enabled: boolean; max: number; windowMs: number };
  webBuildDir: string;
  webSourceDir: string;
  publicOrigin: string | undefined;
  affiliateTagDays: number;
  integrations: SiteIntegrations;
};

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
    trustedProxies: env.TRUSTED_PROXIES,
    clientIpHeader: env.CLIENT_IP_HEADER,
    countryHeader: env.COUNTRY_HEADER,
    rateLimit: { enabled: env.RATE_LIMIT_ENABLED, max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    webBuildDir: path.resolve(env.WEB_BUILD_DIR ?? path.join(webSourceDir, "build")),
    webSourceDir,
    publicOrigin: env.PUBLIC_ORIGIN,
    affiliateTagDays: env.AFFILIATE_TAG_DAYS,
    integrations: {
      tagManagerId: env.TAG_MANAGER_ID ?? null,
      metricsId: env.METRICS_ID ?? null,
      pixelUrl: env.PIXEL_URL ?? null,
      sessionRecordingUrl: env.SESSION_RECORDING_URL ?? null,
      chatHost: env.CHAT_HOST ?? null,
      chatToken: env.CHAT_TOKEN ?? null,
      captchaSiteKey: env.CAPTCHA_SITE_KEY ?? null,
    },
  };
}
