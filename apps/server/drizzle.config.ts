import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Domains with subdomains (modules/game/*) keep their tables one folder deeper.
  schema: ["./apps/server/src/modules/*/*.schema.ts", "./apps/server/src/modules/*/*/*.schema.ts"],
  out: "./apps/server/drizzle",
});
