import { pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

// Secrets a demo deployment generates for itself on first start (token signing, captcha HMAC,
// code pepper) so restarts and other processes on the same database agree on them. A production
// deployment passes its own through configuration instead.
export const appSecrets = pgTable("app_secrets", {
  name: varchar("name", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
