import {
  ContactMessageRequestSchema,
  ContactMessageResponseSchema,
  contactMessageSchema,
  MessageIdsRequestSchema,
  MessageListQuerySchema,
  MessageListSchema,
  PushIdsRequestSchema,
  PushListQuerySchema,
  PushListSchema,
  UnreadCountSchema,
  WebPushKeySchema,
  WebPushSubscriptionResultSchema,
  WebPushSubscriptionSchema,
  WebPushUnsubscribeSchema,
} from "@playfair/contracts/notification";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { validationFailed } from "../../lib/app-error.ts";
import type { Principal } from "../../plugins/authentication.ts";

// Registered under /api/notification (spec 7 "Notifications and content").

const UNSUPPORTED_PUSH_SERVICE = "This push service is not supported.";

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.services.notification;
  const authenticated = { config: { auth: "player" } } as const;
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

  app.get(
    "/messenger/messages",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: {
        tags: ["notification"],
        summary: "The player's messages, newest first, with the unread count",
        querystring: MessageListQuerySchema,
        response: { 200: MessageListSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return notifications.listMessages(principalOf(request).playerId, request.query);
    },
  );

  app.post(
    "/messenger/messages/read",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: { tags: ["notification"], summary: "Mark messages read (state 1 -> 2)", body: MessageIdsRequestSchema, response: { 200: UnreadCountSchema } },
    },
    async (request) => ({ totalUnread: await notifications.changeMessages(principalOf(request).playerId, { read: request.body.messageIds }) }),
  );

  app.post(
    "/messenger/messages/read/all",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["notification"], summary: "Mark every message read", response: { 200: UnreadCountSchema } } },
    async (request) => ({ totalUnread: await notifications.changeMessages(principalOf(request).playerId, { read: null }) }),
  );

  app.delete(
    "/messenger/messages",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: { tags: ["notification"], summary: "Delete messages (they disappear from the list)", body: MessageIdsRequestSchema, response: { 200: UnreadCountSchema } },
    },
    async (request) => ({ totalUnread: await notifications.changeMessages(principalOf(request).playerId, { delete: request.body.messageIds }) }),
  );

  app.get(
    "/pushes",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: { tags: ["notification"], summary: "The player's push notifications, newest first (20 a page)", querystring: PushListQuerySchema, response: { 200: PushListSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      return notifications.listPushes(principalOf(request).playerId, request.query);
    },
  );

  app.post(
    "/pushes/read",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["notification"], summary: "Mark pushes read", body: PushIdsRequestSchema, response: { 200: UnreadCountSchema } } },
    async (request) => ({ totalUnread: await notifications.readPushes(principalOf(request).playerId, request.body.pushIds) }),
  );

  app.post(
    "/pushes/read/all",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["notification"], summary: "Mark every push read", response: { 200: UnreadCountSchema } } },
    async (request) => ({ totalUnread: await notifications.readPushes(principalOf(request).playerId, null) }),
  );

  app.post(
    "/communications",
    {
      config: { auth: "optional", restrictedMode: "allowed" },
      schema: {
        tags: ["notification"],
        summary: "Send the contact form's message (guests give an e-mail address)",
        body: ContactMessageRequestSchema,
        response: { 201: ContactMessageResponseSchema },
      },
    },
    async (request, reply) => {
      // Public, but a sent token must be valid (auth "optional"): the message is then filed under the player.
      const playerId = request.principal?.playerId ?? null;
      const parsed = contactMessageSchema({ emailRequired: playerId === null }).safeParse(request.body);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "_")] ??= []).push(issue.message);
        throw validationFailed(errors);
      }
      const { name, email, subject, message } = parsed.data;
      const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
      const created = await notifications.submitContactMessage(
        { name: trimmed(name), email: trimmed(email), subject: trimmed(subject), message: message?.trim() ?? "" },
        { playerId, ip: request.client.ip },
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/web-push/key",
    { schema: { tags: ["notification"], summary: "The VAPID public key browsers subscribe with", response: { 200: WebPushKeySchema } } },
    async () => ({ publicKey: await notifications.webPush.publicKey() }),
  );

  app.post(
    "/web-push/subscriptions",
    {
      ...authenticated,
      schema: {
        tags: ["notification"],
        summary: "Store this browser's push subscription for the player",
        body: WebPushSubscriptionSchema,
        response: { 200: WebPushSubscriptionResultSchema },
      },
    },
    async (request) => {
      if (!notifications.webPush.isAllowedEndpoint(request.body.endpoint)) throw validationFailed({ endpoint: [UNSUPPORTED_PUSH_SERVICE] });
      await notifications.webPush.subscribe(principalOf(request).playerId, request.body);
      return { subscribed: true };
    },
  );

  app.delete(
    "/web-push/subscriptions",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: {
        tags: ["notification"],
        summary: "Forget this browser's push subscription",
        body: WebPushUnsubscribeSchema,
        response: { 200: WebPushSubscriptionResultSchema },
      },
    },
    async (request) => {
      await notifications.webPush.unsubscribe(principalOf(request).playerId, request.body.endpoint);
      return { subscribed: false };
    },
  );
};
