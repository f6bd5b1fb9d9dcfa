import { defineConfig } from "vitest/config";

// Two projects: fast unit tests everywhere, and server integration tests that start the real
// HTTP server against a database chosen by the environment (PGlite by default, PostgreSQL when
// TEST_DATABASE_URL is set by scripts/test.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/**/src/**/*.test.ts", "scripts/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/app/**/*.test.{ts,tsx}", "apps/sportsbook/src/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/src/**/*.int.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
