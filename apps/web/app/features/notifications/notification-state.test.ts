import { describe, expect, it } from "vitest";
import { READ, UNREAD, type NotificationMessage } from "./notification-api.ts";
import {
  applyIncoming,
  applyPage,
  applyRead,
  applyRemoved,
  badgeText,
  EMPTY_LIST,
  hasMore,
  nextPage,
  parseNotificationEvent,
  unreadIdsAmong,
  type NotificationList,
} from "./notification-state.ts";

const message = (id: string, minute: number, state = UNREAD): NotificationMessage => ({
  id,
  state,
  readAt: state === READ ? "2026-01-01T00:00:00.000Z" : null,
  content: { title: `Title ${id}`, body: null },
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
});

function listOf(items: NotificationMessage[], totalUnread: number, totalRows = items.length): NotificationList {
  return applyPage(EMPTY_LIST, { data: items, meta: { page: 1, perPage: 3, totalPages: 1, totalRows, totalUnread } });
}

describe("notification list", () => {
  it("keeps pages newest first without duplicates", () => {
    let list = listOf([message("c", 3), message("b", 2), message("a", 1)], 3, 5);
    list = applyPage(list, { data: [message("b", 2), message("z", 0), message("y", -1)], meta: { page: 1, perPage: 10, totalPages: 1, totalRows: 5, totalUnread: 5 } });
    expect(list.items.map((item) => item.id)).toEqual(["c", "b", "a", "z", "y"]);
    expect(list.totalUnread).toBe(5);
    expect(hasMore(list)).toBe(false);
  });

  it("adds a live message at the top, and ignores its replay", () => {
    const list = listOf([message("a", 1)], 1);
    const once = applyIncoming(list, message("b", 2), 2);
    expect(once.items.map((item) => item.id)).toEqual(["b", "a"]);
    expect(once.totalUnread).toBe(2);
    expect(applyIncoming(once, message("b", 2))).toBe(once);
  });

  it("counts a live message itself when the event has no total", () => {
    const list = listOf([], 0);
    expect(applyIncoming(list, message("n", 1)).totalUnread).toBe(1);
  });

  it("marks chosen or all items read and lowers the count", () => {
    const list = listOf([message("b", 2), message("a", 1), message("r", 0, READ)], 2);
    const some = applyRead(list, ["b"], "2026-01-02T00:00:00.000Z");
    expect(some.items.find((item) => item.id === "b")).toMatchObject({ state: READ, readAt: "2026-01-02T00:00:00.000Z" });
    expect(some.totalUnread).toBe(1);
    expect(applyRead(list, ["b"], "x", 7).totalUnread).toBe(7);
    const all = applyRead(list, "all", "x");
    expect(all.totalUnread).toBe(0);
    expect(unreadIdsAmong(all.items)).toEqual([]);
  });

  it("removes items and their unread share", () => {
    const list = listOf([message("b", 2), message("a", 1, READ)], 1, 2);
    const removed = applyRemoved(list, ["b"]);
    expect(removed.items.map((item) => item.id)).toEqual(["a"]);
    expect(removed).toMatchObject({ totalRows: 1, totalUnread: 0 });
    expect(applyRemoved(removed, ["missing"])).toBe(removed);
  });

  it("finds the next page and the unread among what is visible", () => {
    const list = listOf([message("d", 4), message("c", 3, READ), message("b", 2), message("a", 1)], 3, 30);
    expect(nextPage(list, 10)).toBe(1);
    expect(unreadIdsAmong(list.items, 3)).toEqual(["d", "b"]);
    expect(hasMore(list)).toBe(true);
  });

  it("caps the badge", () => {
    expect(badgeText(7)).toBe("7");
    expect(badgeText(100)).toBe("99+");
  });
});

describe("realtime notification events", () => {
  it("reads a message event", () => {
    const event = parseNotificationEvent({ type: "message", totalUnread: 4, message: { id: 12, state: 1, content: { title: "Hi", body: "There" }, createdAt: "2026-01-01T00:00:00Z" } });
    expect(event).toMatchObject({ type: "message", totalUnread: 4, item: { id: "12", content: { title: "Hi", body: "There" }, state: UNREAD } });
  });

  it("reads a push event and a count-only event, and rejects junk", () => {
    expect(parseNotificationEvent({ type: "push", push: { id: "p", content: { title: "T" } } }).item?.id).toBe("p");
    expect(parseNotificationEvent({ type: "read", totalUnread: 0 })).toEqual({ type: "read", item: null, totalUnread: 0 });
    expect(parseNotificationEvent({ message: { id: "x" } }).item).toBeNull();
    expect(parseNotificationEvent("nope").item).toBeNull();
  });
});
