import { NOTIFICATION_STATE } from "@playfair/contracts/constants";
import type { NotificationMessage, PushNotification } from "@playfair/contracts/notification";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { notificationMessages, pushNotifications } from "./notification.schema.ts";

// Queries of the player's message and push lists. Every statement is scoped to one player id, so
// ids of other players' rows are simply not found (read, delete) rather than refused.

type MessageRow = typeof notificationMessages.$inferSelect;
type PushRow = typeof pushNotifications.$inferSelect;

export function messageView(row: Pick<MessageRow, "id" | "readAt" | "state" | "title" | "body" | "createdAt">): NotificationMessage {
  return {
    id: row.id,
    readAt: row.readAt?.toISOString() ?? null,
    state: row.state === NOTIFICATION_STATE.read ? NOTIFICATION_STATE.read : NOTIFICATION_STATE.unread,
    content: { title: row.title, body: row.body },
    createdAt: row.createdAt.toISOString(),
  };
}

export function pushView(row: Pick<PushRow, "id" | "readAt" | "state" | "title" | "body" | "url" | "createdAt">): PushNotification {
  return {
    id: row.id,
    readAt: row.readAt?.toISOString() ?? null,
    state: row.state === NOTIFICATION_STATE.read ? NOTIFICATION_STATE.read : NOTIFICATION_STATE.unread,
    content: { title: row.title, body: row.body, url: row.url },
    createdAt: row.createdAt.toISOString(),
  };
}

const visibleMessagesOf = (playerId: string) => and(eq(notificationMessages.playerId, playerId), isNull(notificationMessages.deletedAt));

export async function listMessages(executor: DbExecutor, playerId: string, page: { page: number; perPage: number }) {
  const rows = await executor
    .select()
    .from(notificationMessages)
    .where(visibleMessagesOf(playerId))
    .orderBy(desc(notificationMessages.createdAt), desc(notificationMessages.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [totals] = await executor
    .select({
      totalRows: count(),
      totalUnread: sql<number>`count(*) filter (where ${notificationMessages.state} = ${NOTIFICATION_STATE.unread})`.mapWith(Number),
    })
    .from(notificationMessages)
    .where(visibleMessagesOf(playerId));
  return { rows, totalRows: totals?.totalRows ?? 0, totalUnread: totals?.totalUnread ?? 0 };
}

export async function unreadMessageCount(executor: DbExecutor, playerId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(notificationMessages)
    .where(and(visibleMessagesOf(playerId), eq(notificationMessages.state, NOTIFICATION_STATE.unread)));
  return row?.total ?? 0;
}

/** Marks the player's unread messages among `ids` (all of them when null) read; returns how many changed. */
export async function markMessagesRead(executor: DbExecutor, playerId: string, ids: string[] | null, readAt: Date): Promise<number> {
  const changed = await executor
    .update(notificationMessages)
    .set({ state: NOTIFICATION_STATE.read, readAt })
    .where(
      and(
        visibleMessagesOf(playerId),
        eq(notificationMessages.state, NOTIFICATION_STATE.unread),
        ids ? inArray(notificationMessages.id, ids) : undefined,
      ),
    )
    .returning({ id: notificationMessages.id });
  return changed.length;
}

export async function deleteMessages(executor: DbExecutor, playerId: string, ids: string[], deletedAt: Date): Promise<number> {
  const changed = await executor
    .update(notificationMessages)
    .set({ deletedAt })
    .where(and(visibleMessagesOf(playerId), inArray(notificationMessages.id, ids)))
    .returning({ id: notificationMessages.id });
  return changed.length;
}

export async function listPushes(executor: DbExecutor, playerId: string, page: { page: number; perPage: number }) {
  const rows = await executor
    .select()
    .from(pushNotifications)
    .where(eq(pushNotifications.playerId, playerId))
    .orderBy(desc(pushNotifications.createdAt), desc(pushNotifications.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [totals] = await executor
    .select({
      totalRows: count(),
      totalUnread: sql<number>`count(*) filter (where ${pushNotifications.state} = ${NOTIFICATION_STATE.unread})`.mapWith(Number),
    })
    .from(pushNotifications)
    .where(eq(pushNotifications.playerId, playerId));
  return { rows, totalRows: totals?.totalRows ?? 0, totalUnread: totals?.totalUnread ?? 0 };
}

export async function unreadPushCount(executor: DbExecutor, playerId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(pushNotifications)
    .where(and(eq(pushNotifications.playerId, playerId), eq(pushNotifications.state, NOTIFICATION_STATE.unread)));
  return row?.total ?? 0;
}

export async function markPushesRead(executor: DbExecutor, playerId: string, ids: string[] | null, readAt: Date): Promise<number> {
  const changed = await executor
    .update(pushNotifications)
    .set({ state: NOTIFICATION_STATE.read, readAt })
    .where(and(eq(pushNotifications.playerId, playerId), eq(pushNotifications.state, NOTIFICATION_STATE.unread), ids ? inArray(pushNotifications.id, ids) : undefined))
    .returning({ id: pushNotifications.id });
  return changed.length;
}
