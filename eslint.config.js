import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/build/**", "apps/sportsbook/dist/**", "**/.react-router/**", "data/**", "test-results/**", "playwright-report/**", "apps/server/drizzle/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // process.env is read in one place (apps/server/src/config.ts), validated at start-up.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through apps/server/src/config.ts." }],
    },
  },
  {
    files: ["apps/server/src/config.ts", "apps/server/test/**", "apps/server/src/**/*.test.ts", "scripts/**", "bench/**", "playwright.config.ts", "e2e/**", "apps/web/vite.config.ts", "apps/web/react-router.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["apps/web/app/**/*.{ts,tsx}", "apps/sportsbook/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
);
