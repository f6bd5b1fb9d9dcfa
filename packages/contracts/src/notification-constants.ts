// Notification constants without zod, so the browser bundle (bell, service worker registration,
// contact form hints) can import them without pulling the schemas in. Message and push states
// are NOTIFICATION_STATE in ./constants.ts; popover and push page sizes are there too (spec 9).

/** Spec 7 realtime channels of the notification domain; each is suffixed with `#<playerId>`. */
export const MESSAGES_CHANNEL = "messenger:notifications";
export const PUSHES_CHANNEL = "messenger:pushes";

export function messagesChannelOf(playerId: string): string {
  return `${MESSAGES_CHANNEL}#${playerId}`;
}

export function pushesChannelOf(playerId: string): string {
  return `${PUSHES_CHANNEL}#${playerId}`;
}

/**
 * The `type` of a publication on those channels: a new message or push arrived, or the unread
 * count changed because the player read or deleted something (in another tab or device).
 */
export const NOTIFICATION_EVENT_TYPE = { message: "message", push: "push", read: "read" } as const;

/** Default page size of the message list (the popover asks for NOTIFICATION_POPOVER_SIZE). */
export const MESSAGES_PAGE_SIZE = 20;
/** How many ids one read or delete call may carry. */
export const MAX_IDS_PER_REQUEST = 500;

export const NOTIFICATION_TITLE_MAX_LENGTH = 200;
export const NOTIFICATION_BODY_MAX_LENGTH = 5000;
export const NOTIFICATION_URL_MAX_LENGTH = 500;

/** Contact form (POST /api/notification/communications). */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** Per client IP: at most this many contact messages in the window (429 with Retry-After beyond). */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 600 } as const;

/** Operator campaigns: who receives them, and in which form. */
export const CAMPAIGN_KINDS = ["message", "push"] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export const CAMPAIGN_AUDIENCES = ["player", "segment", "all"] as const;
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];

/**
 * Web Push: the script the production site loads (spec 7) and the service worker it registers.
 * The script (apps/web/public/scripts/) only registers the worker that shows Web Push
 * notifications; subscribing is a separate, explicit opt-in in the profile's notification
 * settings, so registering asks for no permission. Public files ship verbatim to every visitor:
 * their explanations live here, not in them.
 */
export const SERVICE_WORKER_REGISTER_SCRIPT = "/scripts/sw-register.js";
export const SERVICE_WORKER_SCRIPT = "/sw.js";
/** What a Web Push message carries (JSON); the service worker shows it and opens `url` on click. */
export type WebPushPayload = { id: string; title: string; body: string; url: string | null };
