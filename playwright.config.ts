import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_TELEGRAM_BOT_TOKEN, e2eOidcPort, e2eOidcProviders } from "./e2e/support/social-settings.ts";
import { E2E_SPORT_FEED_SECRET, e2eSportProducerPort } from "./e2e/support/sport-feed.ts";

// Browser tests against the production server (`npm test` builds the web app first).
// Run alone with: npm run build && npx playwright test

const port = Number(process.env.PLAYWRIGHT_PORT ?? 3101);
const baseURL = `http://127.0.0.1:${port}`;
// The local OpenID Connect provider of the social sign-in tests (e2e/support/oidc-provider.ts).
const oidcPort = e2eOidcPort(port);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
// The odds producer's own process (scripts/sport-producer.ts), which takes the server's snapshot requests.
const sportProducerPort = e2eSportProducerPort(port);

/**
 * The server gets a fresh, empty DATA_DIR per run, deleted when Playwright exits. Playwright loads
 * this file in the runner and again in every worker; the workers inherit the runner's environment,
 * so they see the runner's directory instead of making their own.
 */
function e2eDataDir(): string {
  const fromRunner = process.env.PLAYFAIR_E2E_DATA_DIR;
  if (fromRunner !== undefined) return fromRunner;
  const created = mkdtempSync(join(tmpdir(), "playfair-e2e-data-"));
  process.env.PLAYFAIR_E2E_DATA_DIR = created;
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
  return created;
}

export default defineConfig({
  testDir: "e2e",
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: false,
  workers: 2,
  // In CI a failed test runs once more: on a slow shared machine a gesture or a click right after
  // hydration has missed its moment (seen in CI, never locally). A retried pass is
  // still reported, as "N flaky" in npm test's summary; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  // A slow 2-core CI machine has taken ordinary tests past 30 s; a real hang still ends well inside the suite.
  timeout: 45_000,
  reporter: "list",
  use: {
    baseURL,
    headless: true,
    // Transitions and animations collapse to nothing (the app's reduced-motion rules), so Playwright's
    // "stable element" waits and screenshots do not wait for them on a slow machine. The specs that
    // test motion itself (the mobile bottom sheet) switch it back on.
    reducedMotion: "reduce",
    // Recording a trace costs about a fifth of a busy 2-core machine. CI's files cannot be opened
    // afterwards anyway, so CI records none; a local run keeps the traces of failed tests.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      // Debian's chromium package: Playwright's own browser downloads cannot work here
      // (closed network), so `npx playwright install` is never needed.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox", // CI runs as root, where Chromium's sandbox refuses to start
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        // No calls home: they would only hang or fail on the closed network.
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      // process.execPath: the Node running Playwright (the pinned Node 24), not whatever `node` is on PATH.
      command: `"${process.execPath}" apps/server/src/server.ts`,
      url: `${baseURL}/api/health`,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        // Pages are addressed on the configured origin, never on the Host header.
        PUBLIC_ORIGIN: baseURL,
        DATA_DIR: e2eDataDir(),
        OIDC_PROVIDERS: e2eOidcProviders(oidcIssuer),
        TELEGRAM_BOT_TOKEN: E2E_TELEGRAM_BOT_TOKEN,
        // Every spec registers its players from this one address.
        REGISTRATION_IP_MAX: "100000",
        // The crash loop runs with a short chain and phases, so a spec sees a whole round soon.
        CRASH_CHAIN_LENGTH: "10000",
        CRASH_BETTING_MS: "4000",
        CRASH_PAUSE_MS: "1000",
        // The odds arrive over HTTP from the producer below, so a spec can post its own events
        // next to the simulator's (e2e/support/sport-feed.ts).
        SPORT_FEED: "http",
        SPORT_FEED_PRODUCER_URL: `http://127.0.0.1:${sportProducerPort}`,
        SPORT_FEED_SECRETS: E2E_SPORT_FEED_SECRET,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `"${process.execPath}" e2e/support/oidc-provider.ts`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      env: { OIDC_PROVIDER_PORT: String(oidcPort), OIDC_APP_ORIGIN: baseURL },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Started after the server is up: it posts the seeded simulator's calendar to it at once.
      command: `"${process.execPath}" scripts/sport-producer.ts`,
      port: sportProducerPort,
      env: { SPORT_FEED_SERVER_URL: baseURL, SPORT_FEED_SECRETS: E2E_SPORT_FEED_SECRET, SPORT_PRODUCER_PORT: String(sportProducerPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
