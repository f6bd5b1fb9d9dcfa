// The bell's lists as plain data and pure transitions, so the rules (ordering, de-duplication,
// unread counts, paging) are testable without React or the network.
import { READ, UNREAD, type NotificationMessage, type Page } from "./notification-api.ts";

export type NotificationList = {
  readonly items: readonly NotificationMessage[];
  /** Unread on the server (meta.totalUnread, or the last read call's answer); null until known. */
  readonly totalUnread: number | null;
  readonly totalRows: number;
  readonly status: "idle" | "loading" | "ready" | "error";
  readonly loadingMore: boolean;
};

export const EMPTY_LIST: NotificationList = { items: [], totalUnread: null, totalRows: 0, status: "idle", loadingMore: false };

function newestFirst(a: NotificationMessage, b: NotificationMessage): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id);
}

/** The union by id (incoming wins: it is newer), newest first. */
function mergeItems(existing: readonly NotificationMessage[], incoming: readonly NotificationMessage[]): NotificationMessage[] {
  const byId = new Map(existing.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(newestFirst);
}

export function isUnread(item: NotificationMessage): boolean {
  return item.state === UNREAD;
}

/** A fetched page folded into the list. */
export function applyPage(list: NotificationList, page: Page<NotificationMessage>): NotificationList {
  const items = mergeItems(list.items, page.data);
  return {
    ...list,
    items,
    totalRows: Math.max(page.meta.totalRows, items.length),
    totalUnread: typeof page.meta.totalUnread === "number" ? page.meta.totalUnread : (list.totalUnread ?? items.filter(isUnread).length),
    status: "ready",
    loadingMore: false,
  };
}

/**
 * A message that arrived live. A replay of one already listed changes nothing (returns the same
 * list); `totalUnread` from the event is the server's word and wins when present.
 */
export function applyIncoming(list: NotificationList, item: NotificationMessage, totalUnread?: number): NotificationList {
  const known = list.items.some((existing) => existing.id === item.id);
  if (known && totalUnread === undefined) return list;
  const unread = totalUnread ?? (list.totalUnread ?? 0) + (isUnread(item) ? 1 : 0);
  return {
    ...list,
    items: known ? list.items : mergeItems(list.items, [item]),
    totalRows: known ? list.totalRows : list.totalRows + 1,
    totalUnread: unread,
  };
}

export function applyRead(list: NotificationList, ids: readonly string[] | "all", readAt: string, totalUnread?: number): NotificationList {
  const chosen = ids === "all" ? null : new Set(ids);
  let newlyRead = 0;
  const items = list.items.map((item) => {
    if (!isUnread(item) || (chosen && !chosen.has(item.id))) return item;
    newlyRead++;
    return { ...item, state: READ, readAt };
  });
  const unread = totalUnread ?? (ids === "all" ? 0 : Math.max(0, (list.totalUnread ?? 0) - newlyRead));
  return { ...list, items, totalUnread: unread };
}

export function applyRemoved(list: NotificationList, ids: readonly string[]): NotificationList {
  const gone = new Set(ids);
  const removed = list.items.filter((item) => gone.has(item.id));
  if (removed.length === 0) return list;
  return {
    ...list,
    items: list.items.filter((item) => !gone.has(item.id)),
    totalRows: Math.max(0, list.totalRows - removed.length),
    totalUnread: list.totalUnread === null ? null : Math.max(0, list.totalUnread - removed.filter(isUnread).length),
  };
}

/** More exist on the server than are listed. */
export function hasMore(list: NotificationList): boolean {
  return list.items.length < list.totalRows;
}

/** The page (of `perPage`) that holds the first item not listed yet. */
export function nextPage(list: NotificationList, perPage: number): number {
  return Math.floor(list.items.length / perPage) + 1;
}

/** Ids of the unread items among the first `count` (what the player sees). */
export function unreadIdsAmong(items: readonly NotificationMessage[], count = items.length): string[] {
  return items.slice(0, count).filter(isUnread).map((item) => item.id);
}

/** The bell's number: capped so the badge stays small. */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A message or push as it arrives in a realtime publication; null when it is not one. */
function itemFromEvent(value: unknown): NotificationMessage | null {
  const record = recordOf(value);
  const content = recordOf(record?.content);
  if (!record || !content) return null;
  const id = record.id;
  if ((typeof id !== "string" && typeof id !== "number") || typeof content.title !== "string") return null;
  return {
    id: String(id),
    readAt: typeof record.readAt === "string" ? record.readAt : null,
    state: typeof record.state === "number" ? record.state : UNREAD,
    content: {
      title: content.title,
      body: typeof content.body === "string" ? content.body : null,
      url: typeof content.url === "string" ? content.url : null,
    },
    createdAt: typeof record.createdAt === "string" ? record.createdAt : new Date().toISOString(),
  };
}

/** `{ type, message | push, totalUnread }` from `messenger:notifications` or `messenger:pushes`. */
export function parseNotificationEvent(data: unknown): { item: NotificationMessage | null; totalUnread?: number; type: string } {
  const record = recordOf(data);
  if (!record) return { item: null, type: "" };
  const totalUnread = typeof record.totalUnread === "number" ? record.totalUnread : undefined;
  return {
    type: typeof record.type === "string" ? record.type : "",
    item: itemFromEvent(record.message ?? record.push ?? record.notification),
    ...(totalUnread !== undefined ? { totalUnread } : {}),
  };
}
