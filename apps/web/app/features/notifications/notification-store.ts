// The signed-in player's notification messages and pushes, shared by the bell's badge and its
// panel: loaded on first use, kept current by realtime events (messenger:notifications and
// messenger:pushes), re-read when a reconnect could not recover the events missed meanwhile,
// emptied at sign-out.
import { useSyncExternalStore } from "react";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { onRealtimeEvent, onRealtimeResync } from "#app/features/realtime/realtime-events.ts";
import { getSession, subscribeSession } from "#app/features/session/session-store.ts";
import {
  deleteMessages,
  fetchMessages,
  fetchPushes,
  markAllMessagesRead,
  markAllPushesRead,
  markMessagesRead,
  markPushesRead,
  POPOVER_MESSAGE_COUNT,
  PUSH_PAGE_SIZE,
} from "./notification-api.ts";
import {
  applyIncoming,
  applyPage,
  applyRead,
  applyRemoved,
  EMPTY_LIST,
  nextPage,
  parseNotificationEvent,
  type NotificationList,
} from "./notification-state.ts";

/** "Show more" in the messages tab loads this many at a time. */
const MESSAGE_PAGE_SIZE = 10;

export type NotificationKind = "messages" | "pushes";
export type NotificationLists = { readonly messages: NotificationList; readonly pushes: NotificationList };

const EMPTY: NotificationLists = { messages: EMPTY_LIST, pushes: EMPTY_LIST };
let lists: NotificationLists = EMPTY;
const listeners = new Set<() => void>();
// Bumped at sign-out: answers of calls made for the previous player are dropped.
let epoch = 0;
// Counts the live events per list: a page answered after one of them carries an older unread count.
const liveEvents: Record<NotificationKind, number> = { messages: 0, pushes: 0 };

function update(kind: NotificationKind, change: (list: NotificationList) => NotificationList): void {
  const next = change(lists[kind]);
  if (next === lists[kind]) return;
  lists = { ...lists, [kind]: next };
  for (const listener of listeners) listener();
}

export function getNotificationLists(): NotificationLists {
  return lists;
}

function subscribe(listener: () => void): () => void {
  startNotificationStore();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotificationLists(): NotificationLists {
  return useSyncExternalStore(subscribe, getNotificationLists, () => EMPTY);
}

/** Title-only alert for a message that just arrived (spec 8: notices of new content are attention alerts). */
export type IncomingAlert = (title: string, id: string) => void;
let alertIncoming: IncomingAlert = (title, id) => showAlert({ kind: "attention", title, dedupeKey: `notification:${id}` });

/** Lets the bell translate nothing itself: the title is the operator's text. Tests replace it. */
export function setIncomingAlert(next: IncomingAlert): void {
  alertIncoming = next;
}

async function load(kind: NotificationKind, mode: "first" | "more"): Promise<void> {
  const startedIn = epoch;
  const liveEventsBefore = liveEvents[kind];
  update(kind, (list) => (mode === "more" ? { ...list, loadingMore: true } : { ...list, status: list.status === "ready" ? "ready" : "loading" }));
  try {
    const page =
      kind === "messages"
        ? await fetchMessages(mode === "more" ? nextPage(lists.messages, MESSAGE_PAGE_SIZE) : 1, mode === "more" ? MESSAGE_PAGE_SIZE : POPOVER_MESSAGE_COUNT)
        : await fetchPushes(mode === "more" ? nextPage(lists.pushes, PUSH_PAGE_SIZE) : 1);
    if (startedIn !== epoch) return;
    // The server counted before the live event it then sent: the event's count is the newer one.
    const countIsOlder = liveEvents[kind] !== liveEventsBefore;
    update(kind, (list) => {
      const next = applyPage(list, page);
      return countIsOlder && list.totalUnread !== undefined ? { ...next, totalUnread: list.totalUnread } : next;
    });
  } catch (error) {
    // Spec 8: a notification load that fails is logged only.
    console.warn(`Notification ${kind} could not be loaded`, error);
    if (startedIn !== epoch) return;
    update(kind, (list) => ({ ...list, status: list.status === "ready" ? "ready" : "error", loadingMore: false }));
  }
}

export function loadFirstPage(kind: NotificationKind): Promise<void> {
  return load(kind, "first");
}

export function loadMore(kind: NotificationKind): Promise<void> {
  return load(kind, "more");
}

/** Marks these as read now (optimistic), then tells the server; its count wins when it answers. */
export async function markRead(kind: NotificationKind, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const startedIn = epoch;
  update(kind, (list) => applyRead(list, ids, new Date().toISOString()));
  try {
    const answer = kind === "messages" ? await markMessagesRead(ids) : await markPushesRead(ids);
    const totalUnread = (answer as { totalUnread?: unknown } | null)?.totalUnread;
    if (startedIn === epoch && typeof totalUnread === "number") update(kind, (list) => ({ ...list, totalUnread }));
  } catch (error) {
    console.warn("Notifications could not be marked read", error);
  }
}

export async function markAllRead(kind: NotificationKind): Promise<void> {
  const startedIn = epoch;
  const before = lists[kind];
  update(kind, (list) => applyRead(list, "all", new Date().toISOString()));
  try {
    await (kind === "messages" ? markAllMessagesRead() : markAllPushesRead());
  } catch (error) {
    console.warn("Notifications could not be marked read", error);
    if (startedIn === epoch) update(kind, () => before);
    throw error;
  }
}

export async function removeMessage(id: string): Promise<void> {
  const startedIn = epoch;
  const before = lists.messages;
  update("messages", (list) => applyRemoved(list, [id]));
  try {
    await deleteMessages([id]);
  } catch (error) {
    if (startedIn === epoch) update("messages", () => before);
    throw error;
  }
}

function onEvent(kind: NotificationKind, data: unknown): void {
  const event = parseNotificationEvent(data);
  liveEvents[kind]++;
  if (event.item) {
    const before = lists[kind];
    update(kind, (list) => applyIncoming(list, event.item!, event.totalUnread));
    const isNew = !before.items.some((item) => item.id === event.item!.id);
    if (kind === "messages" && isNew) alertIncoming(event.item.content.title, event.item.id);
  } else if (event.totalUnread !== undefined) {
    // A count-only event (read elsewhere, in another tab or device).
    const totalUnread = event.totalUnread;
    update(kind, (list) => ({ ...list, totalUnread }));
  }
}

let started = false;

/** Wires the store to the session and the realtime bus (once per page; browser only). */
export function startNotificationStore(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  onRealtimeEvent("messenger:notifications", ({ data }) => onEvent("messages", data));
  onRealtimeEvent("messenger:pushes", ({ data }) => onEvent("pushes", data));
  // Missed events the server replays arrive as publications; a gap it could not fill (history too
  // old, server without history) means reading the first pages again.
  const reload = (kind: NotificationKind) => {
    if (getSession().status === "signedIn" && lists[kind].status !== "idle") void loadFirstPage(kind);
  };
  onRealtimeResync("messenger:notifications", () => reload("messages"));
  onRealtimeResync("messenger:pushes", () => reload("pushes"));
  const playerOf = () => {
    const session = getSession();
    return session.status === "signedIn" ? session.playerId : null;
  };
  let player = playerOf();
  subscribeSession(() => {
    const next = playerOf();
    if (next === player) return;
    player = next;
    epoch++;
    lists = EMPTY;
    for (const listener of listeners) listener();
  });
}
