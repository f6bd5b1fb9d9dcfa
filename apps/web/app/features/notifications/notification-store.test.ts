// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { dispatchPublication, signalResync } from "#app/features/realtime/realtime-events.ts";
import { seedSession } from "#app/features/session/session-store.ts";
import type * as NotificationApi from "./notification-api.ts";
import type { NotificationMessage } from "./notification-api.ts";

const api = vi.hoisted(() => ({
  fetchMessages: vi.fn(),
  fetchPushes: vi.fn(),
  markMessagesRead: vi.fn(),
  markPushesRead: vi.fn(),
  markAllMessagesRead: vi.fn(),
  markAllPushesRead: vi.fn(),
  deleteMessages: vi.fn(),
}));
vi.mock("./notification-api.ts", async (original) => ({ ...(await original<typeof NotificationApi>()), ...api }));

const { getNotificationLists, loadFirstPage, markRead, removeMessage, setIncomingAlert, startNotificationStore } = await import("./notification-store.ts");

const message = (id: string, minute: number): NotificationMessage => ({
  id,
  state: 1,
  readAt: null,
  content: { title: `Title ${id}`, body: "Body" },
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
});

const alert = vi.fn();
const messages = () => getNotificationLists().messages;

describe("notification store", () => {
  beforeAll(() => {
    seedSession({ status: "signedIn", playerId: "p1", profileConfirmed: true });
    setIncomingAlert(alert);
    startNotificationStore();
  });

  it("loads the latest messages and the unread count", async () => {
    api.fetchMessages.mockResolvedValue({ data: [message("a", 1)], meta: { page: 1, perPage: 3, totalPages: 1, totalRows: 1, totalUnread: 1 } });
    await loadFirstPage("messages");
    expect(api.fetchMessages).toHaveBeenCalledWith(1, 3);
    expect(messages()).toMatchObject({ status: "ready", totalUnread: 1 });
  });

  it("adds a live message once, with one alert carrying its title", () => {
    const publication = { channel: "messenger:notifications#p1", data: { type: "message", message: message("b", 2), totalUnread: 2 } };
    dispatchPublication(publication);
    dispatchPublication(publication);
    expect(messages().items.map((item) => item.id)).toEqual(["b", "a"]);
    expect(messages().totalUnread).toBe(2);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith("Title b", "b");
  });

  it("keeps the count of a message that arrived while the first page was on its way", async () => {
    let answer: (page: unknown) => void = () => undefined;
    api.fetchMessages.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const loading = loadFirstPage("messages");
    dispatchPublication({ channel: "messenger:notifications#p1", data: { type: "message", message: message("late", 4), totalUnread: 3 } });
    // The page was read before the message existed.
    answer({ data: [message("b", 2), message("a", 1)], meta: { page: 1, perPage: 3, totalPages: 1, totalRows: 2, totalUnread: 2 } });
    await loading;
    expect(messages().items.map((item) => item.id)).toEqual(["late", "b", "a"]);
    expect(messages().totalUnread).toBe(3);
    // Put the list back as the following tests expect it.
    dispatchPublication({ channel: "messenger:notifications#p1", data: { type: "read", totalUnread: 2 } });
    await removeMessage("late").catch(() => undefined);
  });

  it("follows a count change made elsewhere", () => {
    dispatchPublication({ channel: "messenger:notifications#p1", data: { type: "read", totalUnread: 1 } });
    expect(messages().totalUnread).toBe(1);
  });

  it("marks read at once and takes the server's count", async () => {
    api.markMessagesRead.mockResolvedValue({ totalUnread: 0 });
    const done = markRead("messages", ["b", "a"]);
    expect(messages().items.every((item) => item.state === 2)).toBe(true);
    await done;
    expect(api.markMessagesRead).toHaveBeenCalledWith(["b", "a"]);
    expect(messages().totalUnread).toBe(0);
  });

  it("puts a message back when deleting it fails", async () => {
    api.deleteMessages.mockRejectedValue(new Error("offline"));
    await expect(removeMessage("a")).rejects.toThrow("offline");
    expect(messages().items.map((item) => item.id)).toEqual(["b", "a"]);
    api.deleteMessages.mockResolvedValue({});
    await removeMessage("a");
    expect(messages().items.map((item) => item.id)).toEqual(["b"]);
  });

  it("reads the first page again when a reconnect could not recover the missed events, not otherwise", async () => {
    api.fetchMessages.mockClear();
    api.fetchMessages.mockResolvedValue({ data: [message("c", 3), message("b", 2)], meta: { page: 1, perPage: 3, totalPages: 1, totalRows: 2, totalUnread: 1 } });
    signalResync("messenger:pushes#p1");
    expect(api.fetchMessages).not.toHaveBeenCalled();
    signalResync("messenger:notifications#p1");
    expect(api.fetchMessages).toHaveBeenCalledWith(1, 3);
    await vi.waitFor(() => expect(messages().items.map((item) => item.id)).toEqual(["c", "b"]));
    expect(messages().totalUnread).toBe(1);
  });
});
