import { NOTIFICATION_STATE, PLAYER_STATUS } from "@playfair/contracts/constants";
import type { CampaignAudience, CampaignKind } from "@playfair/contracts/notification-constants";
import { messagesChannelOf, pushesChannelOf } from "@playfair/contracts/notification-constants";
import type { CampaignSegment } from "@playfair/contracts/notification";
import { and, asc, count, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbTransaction } from "../../db/database.ts";
import { players } from "../player/player.schema.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import { notificationCampaigns, notificationMessages, pushNotifications } from "./notification.schema.ts";
import { messageView, pushView } from "./notification.repository.ts";

// An operator's campaign: one row per recipient, all written by one INSERT ... SELECT over the
// players table (thousands of recipients cost one statement), plus one realtime publication per
// recipient in the same transaction, so a rolled-back campaign neither lists nor announces anything.

/**
 * The realtime service writes a campaign's events with multi-row inserts (publishMany: 2,000
 * recipients in a few statements); a publisher without it (tests) gets one publish per recipient.
 */
type CampaignPublisher = Pick<RealtimePublisher, "publish"> & Partial<Pick<RealtimePublisher, "publishMany">>;

async function publishAll(tx: DbTransaction, realtime: CampaignPublisher, events: { channel: string; data: unknown }[]): Promise<void> {
  if (realtime.publishMany) {
    await realtime.publishMany(tx, events);
    return;
  }
  for (const event of events) await realtime.publish(tx, event.channel, event.data);
}

export type CampaignTarget = { audience: "player"; playerId: string } | { audience: "segment"; segment: CampaignSegment } | { audience: "all" };

export type CampaignInput = {
  kind: CampaignKind;
  target: CampaignTarget;
  title: string;
  body: string;
  url: string | null;
  createdBy: string;
  createdAt: Date;
};

function recipientCondition(target: CampaignTarget, at: Date): SQL | undefined {
  // Closed accounts receive nothing; blocked or excluded players still find messages when they return.
  const open = ne(players.status, PLAYER_STATUS.closed);
  // Segment and everyone campaigns are marketing: a self-excluded or cooling-off player gets none (P3).
  const marketable = and(
    ne(players.status, PLAYER_STATUS.selfExcluded),
    ne(players.status, PLAYER_STATUS.coolingOff),
    or(isNull(players.selfExcludedUntil), lte(players.selfExcludedUntil, at)),
    or(isNull(players.coolingOffUntil), lte(players.coolingOffUntil, at)),
  );
  switch (target.audience) {
    case "player":
      return and(open, eq(players.id, target.playerId));
    case "segment": {
      const { country, language, currency } = target.segment;
      return and(
        open,
        marketable,
        country ? eq(players.country, country) : undefined,
        language ? sql`lower(${players.language}) = lower(${language})` : undefined,
        currency ? eq(players.currency, currency) : undefined,
      );
    }
    case "all":
      return and(open, marketable);
  }
}

function audienceFilter(target: CampaignTarget): Record<string, string> | null {
  if (target.audience === "player") return { playerId: target.playerId };
  if (target.audience === "segment") return Object.fromEntries(Object.entries(target.segment).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return null;
}

export async function createCampaign(tx: DbTransaction, realtime: CampaignPublisher, input: CampaignInput): Promise<{ id: string; recipientCount: number }> {
  const audience: CampaignAudience = input.target.audience;
  const [campaign] = await tx
    .insert(notificationCampaigns)
    .values({
      kind: input.kind,
      audience,
      audienceFilter: audienceFilter(input.target),
      title: input.title,
      body: input.body,
      url: input.url,
      createdBy: input.createdBy,
      createdAt: input.createdAt,
    })
    .returning({ id: notificationCampaigns.id });
  if (!campaign) throw new Error("campaign not inserted");
  const condition = recipientCondition(input.target, input.createdAt);
  const where = condition ? sql`where ${condition}` : sql``;

  const recipientCount =
    input.kind === "message"
      ? await createMessages(tx, realtime, campaign.id, input, where)
      : await createPushes(tx, realtime, campaign.id, input, where);
  await tx.update(notificationCampaigns).set({ recipientCount }).where(eq(notificationCampaigns.id, campaign.id));
  return { id: campaign.id, recipientCount };
}

async function createMessages(tx: DbTransaction, realtime: CampaignPublisher, campaignId: string, input: CampaignInput, where: SQL): Promise<number> {
  await tx.execute(sql`
    insert into ${notificationMessages} (player_id, campaign_id, title, body, created_at)
    select ${players.id}, ${campaignId}::uuid, ${input.title}::text, ${input.body}::text, ${input.createdAt.toISOString()}::timestamptz
    from ${players} ${where}`);
  const rows = await tx.select().from(notificationMessages).where(eq(notificationMessages.campaignId, campaignId)).orderBy(asc(notificationMessages.playerId));
  if (rows.length === 0) return 0;
  const recipients = tx.select({ playerId: notificationMessages.playerId }).from(notificationMessages).where(eq(notificationMessages.campaignId, campaignId));
  const unread = await tx
    .select({ playerId: notificationMessages.playerId, total: count() })
    .from(notificationMessages)
    .where(and(inArray(notificationMessages.playerId, recipients), eq(notificationMessages.state, NOTIFICATION_STATE.unread), isNull(notificationMessages.deletedAt)))
    .groupBy(notificationMessages.playerId);
  const unreadByPlayer = new Map(unread.map((row) => [row.playerId, row.total]));
  await publishAll(
    tx,
    realtime,
    rows.map((row) => ({ channel: messagesChannelOf(row.playerId), data: { type: "message", message: messageView(row), totalUnread: unreadByPlayer.get(row.playerId) ?? 1 } })),
  );
  return rows.length;
}

async function createPushes(tx: DbTransaction, realtime: CampaignPublisher, campaignId: string, input: CampaignInput, where: SQL): Promise<number> {
  await tx.execute(sql`
    insert into ${pushNotifications} (player_id, campaign_id, title, body, url, created_at)
    select ${players.id}, ${campaignId}::uuid, ${input.title}::text, ${input.body}::text, ${input.url}::text, ${input.createdAt.toISOString()}::timestamptz
    from ${players} ${where}`);
  const rows = await tx.select().from(pushNotifications).where(eq(pushNotifications.campaignId, campaignId)).orderBy(asc(pushNotifications.playerId));
  if (rows.length === 0) return 0;
  const recipients = tx.select({ playerId: pushNotifications.playerId }).from(pushNotifications).where(eq(pushNotifications.campaignId, campaignId));
  const unread = await tx
    .select({ playerId: pushNotifications.playerId, total: count() })
    .from(pushNotifications)
    .where(and(inArray(pushNotifications.playerId, recipients), eq(pushNotifications.state, NOTIFICATION_STATE.unread)))
    .groupBy(pushNotifications.playerId);
  const unreadByPlayer = new Map(unread.map((row) => [row.playerId, row.total]));
  await publishAll(
    tx,
    realtime,
    rows.map((row) => ({ channel: pushesChannelOf(row.playerId), data: { type: "push", push: pushView(row), totalUnread: unreadByPlayer.get(row.playerId) ?? 1 } })),
  );
  return rows.length;
}
