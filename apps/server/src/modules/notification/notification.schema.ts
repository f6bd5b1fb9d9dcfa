import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { players } from "../player/player.schema.ts";

// What an operator sent: one player, a segment or everyone. Each recipient gets its own row in
// notification_messages or push_notifications, so read state is per player.
export const notificationCampaigns = pgTable(
  "notification_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // message (in-app inbox) or push
    kind: varchar("kind", { length: 8 }).notNull(),
    // player, segment or all
    audience: varchar("audience", { length: 8 }).notNull(),
    // For a segment: the filter (e.g. {"country":"DE","language":"de"}); for a player: {"playerId":...}
    audienceFilter: jsonb("audience_filter"),
    title: varchar("title", { length: 200 }).notNull(),
    body: text("body").notNull(),
    url: varchar("url", { length: 500 }),
    createdBy: varchar("created_by", { length: 100 }).notNull(),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("notification_campaigns_kind_check", sql`${table.kind} in ('message', 'push')`),
    check("notification_campaigns_audience_check", sql`${table.audience} in ('player', 'segment', 'all')`),
  ],
);

// In-app messages (spec 3 "Notification message"): state 1 unread, 2 read.
export const notificationMessages = pgTable(
  "notification_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => notificationCampaigns.id, { onDelete: "set null" }),
    title: varchar("title", { length: 200 }).notNull(),
    body: text("body").notNull(),
    state: smallint("state").notNull().default(1),
    readAt: timestamp("read_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notification_messages_player").on(table.playerId, table.createdAt),
    check("notification_messages_state_check", sql`${table.state} in (1, 2)`),
  ],
);

// Push notifications (spec 3 "Push notification"): listed in the app and, when the player opted
// in, delivered through Web Push. State 1 unread, 2 read.
export const pushNotifications = pgTable(
  "push_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => notificationCampaigns.id, { onDelete: "set null" }),
    title: varchar("title", { length: 200 }).notNull(),
    body: text("body").notNull(),
    url: varchar("url", { length: 500 }),
    state: smallint("state").notNull().default(1),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("push_notifications_player").on(table.playerId, table.createdAt),
    check("push_notifications_state_check", sql`${table.state} in (1, 2)`),
  ],
);

// A browser's Web Push subscription (one player may have several devices).
export const webPushSubscriptions = pgTable(
  "web_push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    failureCount: integer("failure_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("web_push_subscriptions_endpoint").on(table.endpoint), index("web_push_subscriptions_player").on(table.playerId)],
);

// Messages sent through the contact form (POST /api/notification/communications); operators read them.
export const communications = pgTable(
  "communications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id").references(() => players.id, { onDelete: "set null" }),
    name: varchar("name", { length: 100 }),
    email: varchar("email", { length: 254 }),
    subject: varchar("subject", { length: 200 }),
    message: text("message").notNull(),
    // new, read, answered
    status: varchar("status", { length: 10 }).notNull().default("new"),
    ip: varchar("ip", { length: 45 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("communications_status").on(table.status, table.createdAt)],
);
