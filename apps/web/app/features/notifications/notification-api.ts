// The notification calls (spec 7 "Notifications and content"). Shapes are declared here, without
// zod, because the bell is part of the always-loaded header.
import { NOTIFICATION_POPOVER_SIZE, NOTIFICATION_STATE, PUSH_NOTIFICATIONS_PAGE_SIZE } from "@playfair/contracts/constants";
import { apiRequest } from "#app/lib/api-client.ts";

/** Spec 3: state 1 unread, 2 read. */
export const UNREAD: number = NOTIFICATION_STATE.unread;
export const READ: number = NOTIFICATION_STATE.read;

/** Spec 9: the popover shows the 3 latest; the push list pages by 20. */
export const POPOVER_MESSAGE_COUNT = NOTIFICATION_POPOVER_SIZE;
export const PUSH_PAGE_SIZE = PUSH_NOTIFICATIONS_PAGE_SIZE;

/** `url` (pushes): where a click leads, a site path or an absolute http(s) address. */
export type NotificationContent = { title: string; body?: string | null; url?: string | null };

export type NotificationMessage = {
  id: string;
  readAt: string | null;
  state: number;
  content: NotificationContent;
  createdAt: string;
};

export type PushNotification = NotificationMessage;

export type PageMeta = { page: number; perPage: number; totalPages: number; totalRows: number; totalUnread?: number };

export type Page<Item> = { data: Item[]; meta: PageMeta };

const MESSAGES = "/api/notification/messenger/messages";
const PUSHES = "/api/notification/pushes";

export function fetchMessages(page: number, perPage: number, signal?: AbortSignal): Promise<Page<NotificationMessage>> {
  return apiRequest(MESSAGES, { auth: "required", query: { page, perPage }, signal });
}

export function markMessagesRead(messageIds: string[]): Promise<{ totalUnread: number }> {
  return apiRequest(`${MESSAGES}/read`, { method: "POST", auth: "required", body: { messageIds } });
}

export function markAllMessagesRead(): Promise<unknown> {
  return apiRequest(`${MESSAGES}/read/all`, { method: "POST", auth: "required", body: {} });
}

export function deleteMessages(messageIds: string[]): Promise<unknown> {
  return apiRequest(MESSAGES, { method: "DELETE", auth: "required", body: { messageIds } });
}

export function fetchPushes(page: number, signal?: AbortSignal): Promise<Page<PushNotification>> {
  return apiRequest(PUSHES, { auth: "required", query: { page, perPage: PUSH_PAGE_SIZE }, signal });
}

export function markPushesRead(pushIds: string[]): Promise<unknown> {
  return apiRequest(`${PUSHES}/read`, { method: "POST", auth: "required", body: { pushIds } });
}

export function markAllPushesRead(): Promise<unknown> {
  return apiRequest(`${PUSHES}/read/all`, { method: "POST", auth: "required", body: {} });
}

export type CommunicationRequest = { name?: string; email?: string; subject?: string; message: string };

export function sendCommunication(body: CommunicationRequest): Promise<unknown> {
  return apiRequest("/api/notification/communications", { method: "POST", auth: "optional", body });
}
