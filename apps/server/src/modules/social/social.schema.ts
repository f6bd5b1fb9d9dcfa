import { index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../player/player.schema.ts";

// A player's link to an external identity: an OpenID Connect provider (subject = `sub`) or the
// Telegram messenger (provider "telegram", subject = Telegram user id).
export const socialConnections = pgTable(
  "social_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 32 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    email: varchar("email", { length: 254 }),
    displayName: varchar("display_name", { length: 200 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("social_connections_identity").on(table.provider, table.subject),
    // One connection per provider and player.
    uniqueIndex("social_connections_player_provider").on(table.playerId, table.provider),
  ],
);

// Pending social sign-ins or links: the `state` sent to the provider with its PKCE verifier and
// nonce, checked when the provider redirects back. Single use, short-lived.
export const socialAuthStates = pgTable(
  "social_auth_states",
  {
    state: varchar("state", { length: 128 }).primaryKey(),
    provider: varchar("provider", { length: 32 }).notNull(),
    codeVerifier: varchar("code_verifier", { length: 128 }).notNull(),
    nonce: varchar("nonce", { length: 128 }).notNull(),
    redirectUri: text("redirect_uri").notNull(),
    // Set when a signed-in player links a provider instead of signing in.
    playerId: uuid("player_id").references(() => players.id, { onDelete: "cascade" }),
    // sign-up details carried through the redirect (affiliate tag, ref id, currency, country)
    context: text("context"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("social_auth_states_expires").on(table.expiresAt)],
);
