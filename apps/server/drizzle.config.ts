import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./apps/server/src/modules/*/*.schema.ts", "./apps/server/src/modules/*/*/*.schema.ts"],
  out: "./apps/server/drizzle",
});
