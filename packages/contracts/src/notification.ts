import { z } from "zod";
import { NOTIFICATION_STATE, PUSH_NOTIFICATIONS_PAGE_SIZE } from "./constants.ts";
import {
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_KINDS,
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  MAX_IDS_PER_REQUEST,
  MESSAGES_PAGE_SIZE,
  NOTIFICATION_BODY_MAX_LENGTH,
  NOTIFICATION_TITLE_MAX_LENGTH,
  NOTIFICATION_URL_MAX_LENGTH,
} from "./notification-constants.ts";
import { pageSchema, paginationQuerySchema, PageMetaSchema } from "./pagination.ts";
import type { FieldRules } from "./validation/rules.ts";
import { zodForFields } from "./validation/form-schema.ts";

// Notification calls of spec 7 "Notifications and content": in-app messages, pushes, the contact
// form, Web Push subscriptions, the realtime events of the messenger channels, and the operator API.

const NotificationStateSchema = z.union([z.literal(NOTIFICATION_STATE.unread), z.literal(NOTIFICATION_STATE.read)]).meta({ description: "1 unread, 2 read" });

// --- Messages -------------------------------------------------------------------------------------

export const NotificationMessageSchema = z
  .object({
    id: z.string(),
    readAt: z.string().nullable().meta({ description: "ISO time the player read it; null while unread" }),
    state: NotificationStateSchema,
    content: z.object({ title: z.string(), body: z.string() }),
    createdAt: z.string(),
  })
  .meta({ id: "NotificationMessage" });
export type NotificationMessage = z.infer<typeof NotificationMessageSchema>;

export const MessageListQuerySchema = paginationQuerySchema({ defaultPerPage: MESSAGES_PAGE_SIZE });

const UnreadMetaSchema = PageMetaSchema.extend({ totalUnread: z.number().int() });

export const MessageListSchema = z.object({ data: z.array(NotificationMessageSchema), meta: UnreadMetaSchema }).meta({ id: "NotificationMessageList" });
export type MessageList = z.infer<typeof MessageListSchema>;

const idList = z.array(z.uuid()).min(1).max(MAX_IDS_PER_REQUEST);

export const MessageIdsRequestSchema = z.object({ messageIds: idList.meta({ description: "Ids of the caller's messages; others are ignored" }) });
export type MessageIdsRequest = z.infer<typeof MessageIdsRequestSchema>;

export const UnreadCountSchema = z.object({ totalUnread: z.number().int() }).meta({ id: "UnreadCount" });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

// --- Pushes ---------------------------------------------------------------------------------------

export const PushNotificationSchema = z
  .object({
    id: z.string(),
    readAt: z.string().nullable(),
    state: NotificationStateSchema,
    content: z.object({ title: z.string(), body: z.string(), url: z.string().nullable().meta({ description: "Where a click leads (site path or absolute URL)" }) }),
    createdAt: z.string(),
  })
  .meta({ id: "PushNotification" });
export type PushNotification = z.infer<typeof PushNotificationSchema>;

export const PushListQuerySchema = paginationQuerySchema({ defaultPerPage: PUSH_NOTIFICATIONS_PAGE_SIZE });

export const PushListSchema = z.object({ data: z.array(PushNotificationSchema), meta: UnreadMetaSchema }).meta({ id: "PushNotificationList" });
export type PushList = z.infer<typeof PushListSchema>;

export const PushIdsRequestSchema = z.object({ pushIds: idList.meta({ description: "Ids of the caller's pushes; others are ignored" }) });
export type PushIdsRequest = z.infer<typeof PushIdsRequestSchema>;

// --- Realtime events (messenger:notifications#<playerId>, messenger:pushes#<playerId>) ---------

export const MessageEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), message: NotificationMessageSchema, totalUnread: z.number().int() }),
  z.object({ type: z.literal("read"), totalUnread: z.number().int() }),
]);
export type MessageEvent = z.infer<typeof MessageEventSchema>;

export const PushEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("push"), push: PushNotificationSchema, totalUnread: z.number().int() }),
  z.object({ type: z.literal("read"), totalUnread: z.number().int() }),
]);
export type PushEvent = z.infer<typeof PushEventSchema>;

// --- Contact form ---------------------------------------------------------------------------------

/** The contact form's rules (spec 5 rule names, so messages translate like every other form). */
export const CONTACT_FIELD_RULES: FieldRules = {
  name: [{ rule: "max", param: CONTACT_NAME_MAX_LENGTH }],
  email: [{ rule: "email" }, { rule: "max", param: CONTACT_EMAIL_MAX_LENGTH }],
  subject: [{ rule: "max", param: CONTACT_SUBJECT_MAX_LENGTH }],
  message: [{ rule: "required" }, { rule: "max", param: CONTACT_MESSAGE_MAX_LENGTH }],
};

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;

/**
 * The form's schema; e-mail is required of guests (a signed-in player is answered at the account's
 * address). The client's form and the server use this same function.
 */
export function contactMessageSchema(options: { emailRequired: boolean }) {
  return zodForFields(CONTACT_FIELDS, options.emailRequired ? ["email"] : [], { baseRules: CONTACT_FIELD_RULES });
}

/**
 * The wire shape. Values are checked by contactMessageSchema in the handler, so a wrong type gets
 * the same translated spec 5 message ("The value must be text") as any other rule.
 */
export const ContactMessageRequestSchema = z
  .object({
    name: z.unknown().optional().meta({ description: `text, at most ${CONTACT_NAME_MAX_LENGTH} characters` }),
    email: z.unknown().optional().meta({ description: "e-mail address; required when not signed in" }),
    subject: z.unknown().optional().meta({ description: `text, at most ${CONTACT_SUBJECT_MAX_LENGTH} characters` }),
    message: z.unknown().optional().meta({ description: `text, 1 to ${CONTACT_MESSAGE_MAX_LENGTH} characters` }),
  })
  .meta({ id: "ContactMessageRequest" });
export type ContactMessageRequest = { name?: string; email?: string; subject?: string; message: string };

export const ContactMessageResponseSchema = z.object({ id: z.string(), createdAt: z.string() }).meta({ id: "ContactMessageResponse" });
export type ContactMessageResponse = z.infer<typeof ContactMessageResponseSchema>;

// --- Web Push -------------------------------------------------------------------------------------

export const WebPushKeySchema = z.object({ publicKey: z.string().meta({ description: "VAPID public key (base64url), the applicationServerKey" }) }).meta({ id: "WebPushKey" });
export type WebPushKey = z.infer<typeof WebPushKeySchema>;

/** What `PushSubscription.toJSON()` gives in the browser. */
export const WebPushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https$/ }).max(2000),
    expirationTime: z.number().nullish(),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  })
  .meta({ id: "WebPushSubscription" });
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

export const WebPushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2000) }).meta({ id: "WebPushUnsubscribe" });
export type WebPushUnsubscribe = z.infer<typeof WebPushUnsubscribeSchema>;

export const WebPushSubscriptionResultSchema = z.object({ subscribed: z.boolean() }).meta({ id: "WebPushSubscriptionResult" });
export type WebPushSubscriptionResult = z.infer<typeof WebPushSubscriptionResultSchema>;

// --- Operator API ---------------------------------------------------------------------------------

/** A site path ("/promotions") or an absolute http(s) URL; never javascript: or data:. */
const NotificationUrlSchema = z
  .string()
  .max(NOTIFICATION_URL_MAX_LENGTH)
  .refine((value) => (value.startsWith("/") && !value.startsWith("//")) || /^https?:\/\/[^\s]+$/i.test(value), {
    message: "Give a site path starting with / or an http(s) URL",
  });

export const CampaignSegmentSchema = z
  .object({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((value) => value.toUpperCase())
      .optional(),
    language: z.string().min(2).max(5).optional(),
    currency: z
      .string()
      .min(2)
      .max(10)
      .transform((value) => value.toUpperCase())
      .optional(),
  })
  .strict();
export type CampaignSegment = z.infer<typeof CampaignSegmentSchema>;

export const CampaignRequestSchema = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS),
    audience: z.enum(CAMPAIGN_AUDIENCES),
    playerId: z.uuid().optional(),
    email: z.email().max(254).optional().meta({ description: "audience player: the player's e-mail address instead of playerId" }),
    segment: CampaignSegmentSchema.optional(),
    title: z.string().trim().min(1).max(NOTIFICATION_TITLE_MAX_LENGTH),
    body: z.string().trim().min(1).max(NOTIFICATION_BODY_MAX_LENGTH),
    url: NotificationUrlSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.audience === "player" && !value.playerId === !value.email) {
      context.addIssue({ code: "custom", path: ["playerId"], message: "Give playerId or email for audience player" });
    }
    if (value.audience === "segment" && !Object.values(value.segment ?? {}).some(Boolean)) {
      context.addIssue({ code: "custom", path: ["segment"], message: "Give at least one of country, language, currency" });
    }
  })
  .meta({ id: "CampaignRequest" });
export type CampaignRequest = z.input<typeof CampaignRequestSchema>;

export const CampaignResponseSchema = z.object({ id: z.string(), recipientCount: z.number().int() }).meta({ id: "CampaignResponse" });
export type CampaignResponse = z.infer<typeof CampaignResponseSchema>;

export const CommunicationSchema = z
  .object({
    id: z.string(),
    playerId: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    subject: z.string().nullable(),
    message: z.string(),
    status: z.string(),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Communication" });
export type Communication = z.infer<typeof CommunicationSchema>;

export const CommunicationListQuerySchema = paginationQuerySchema();
export const CommunicationListSchema = pageSchema(CommunicationSchema).meta({ id: "CommunicationList" });
export type CommunicationList = z.infer<typeof CommunicationListSchema>;
