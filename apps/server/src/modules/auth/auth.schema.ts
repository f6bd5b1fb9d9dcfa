import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../player/player.schema.ts";

// One row per sign-in (S3: a new session on every sign-in). A session is also the refresh-token
// family of S4 (a reused refresh token ends its whole family): revoking it ends every token it
// ever issued.
export const playerSessions = pgTable(
  "player_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    // password, phone, social, token, telegram, registration
    method: varchar("method", { length: 16 }).notNull(),
    ip: varchar("ip", { length: 45 }),
    country: varchar("country", { length: 2 }),
    userAgent: text("user_agent"),
    device: varchar("device", { length: 64 }),
    browser: varchar("browser", { length: 64 }),
    os: varchar("os", { length: 64 }),
    // web or tg (the spec's platform header)
    platform: varchar("platform", { length: 8 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    // The refresh family dies at this time even if used every day.
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    // logout, closed, close-other, password-changed, refresh-reuse, blocked, expired
    revokeReason: varchar("revoke_reason", { length: 32 }),
  },
  (table) => [
    index("player_sessions_player").on(table.playerId, table.lastActiveAt),
    // Other processes poll recent revocations to refuse access tokens at once.
    index("player_sessions_revoked_at").on(table.revokedAt),
  ],
);

// Rotating refresh tokens (S4). Only a SHA-256 of the token is stored; `usedAt` marks a rotated
// token, and presenting it again revokes the whole session, unless the client that rotated it
// (`usedBy`: a SHA-256 of its address and user agent) presents it again within the grace period
// (REFRESH_REUSE_GRACE_SECONDS): its answer was lost on the way.
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => playerSessions.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: varchar("used_by", { length: 64 }),
  },
  (table) => [uniqueIndex("refresh_tokens_hash").on(table.tokenHash), index("refresh_tokens_session").on(table.sessionId)],
);

// Brute-force counters (S2), one row per key such as "account:<player id>" or "ip:<address>".
export const signInThrottles = pgTable("sign_in_throttles", {
  key: varchar("key", { length: 120 }).primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

// Short numeric codes sent by SMS or e-mail (OTP). Only a hash is stored; attempts are counted.
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // sms or email
    channel: varchar("channel", { length: 8 }).notNull(),
    // normalised e-mail (lower case) or E.164 phone
    destination: varchar("destination", { length: 254 }).notNull(),
    // registration, sign-in, verify-phone, verify-email, change-phone, change-email, password-reset
    purpose: varchar("purpose", { length: 24 }).notNull(),
    playerId: uuid("player_id").references(() => players.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // Set when the code was accepted (or superseded by a newer one): it never works twice.
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    index("one_time_codes_lookup").on(table.destination, table.purpose, table.createdAt),
    check("one_time_codes_channel_check", sql`${table.channel} in ('sms', 'email')`),
  ],
);

// Long random tokens carried by links or redirects: e-mail confirmation, password reset, auto-login
// (with its `state`). Single use; only a hash is stored.
export const actionTokens = pgTable(
  "action_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    // verify-email, password-reset, autologin
    purpose: varchar("purpose", { length: 24 }).notNull(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    // What the token is about, e.g. the e-mail address being confirmed.
    subject: varchar("subject", { length: 254 }),
    state: varchar("state", { length: 128 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("action_tokens_hash").on(table.tokenHash), index("action_tokens_player").on(table.playerId, table.purpose)],
);
