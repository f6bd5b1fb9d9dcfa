import { CONTACT_RATE_LIMIT, messagesChannelOf, pushesChannelOf } from "@playfair/contracts/notification-constants";
import type {
  CampaignResponse,
  CampaignSegment,
  Communication,
  CommunicationList,
  MessageList,
  PushList,
} from "@playfair/contracts/notification";
import { pageMeta } from "@playfair/contracts/pagination";
import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { players } from "../player/player.schema.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import { createCampaign, type CampaignTarget } from "./campaigns.ts";
import { communications } from "./notification.schema.ts";
import * as repository from "./notification.repository.ts";
import { createOperatorKeys, type OperatorKeys } from "./operator-keys.ts";
import { createWebPushService, type WebPushService } from "./web-push.ts";

export type NotificationDependencies = {
  db: AppDatabase;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  secrets: SecretStore;
  realtime: RealtimePublisher;
};

export type ContactMessage = { name?: string; email?: string; subject?: string; message: string };

export type CampaignCommand = {
  kind: "message" | "push";
  audience: "player" | "segment" | "all";
  playerId?: string;
  email?: string;
  segment?: CampaignSegment;
  title: string;
  body: string;
  url?: string;
};

export type NotificationService = ReturnType<typeof createNotificationService>;

function communicationView(row: typeof communications.$inferSelect): Communication {
  return {
    id: row.id,
    playerId: row.playerId,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Messages, pushes, the contact form, Web Push and operator campaigns (spec 7 "Notifications"). */
export function createNotificationService(dependencies: NotificationDependencies) {
  const { db, config, logger, now, secrets, realtime } = dependencies;
  const webPush: WebPushService = createWebPushService({ db, config, logger, now });
  const operatorKeys: OperatorKeys = createOperatorKeys({ config, secrets, logger });

  async function resolveTarget(command: CampaignCommand): Promise<CampaignTarget> {
    if (command.audience === "all") return { audience: "all" };
    if (command.audience === "segment") return { audience: "segment", segment: command.segment ?? {} };
    const [player] = await db
      .select({ id: players.id })
      .from(players)
      .where(command.playerId ? eq(players.id, command.playerId) : sql`lower(${players.email}) = lower(${command.email ?? ""})`)
      .limit(1);
    if (!player) throw new AppError("NOT_FOUND", "No player has this id or e-mail address.");
    return { audience: "player", playerId: player.id };
  }

  return {
    webPush,
    operatorKeys,

    async listMessages(playerId: string, page: { page: number; perPage: number }): Promise<MessageList> {
      const { rows, totalRows, totalUnread } = await repository.listMessages(db, playerId, page);
      return { data: rows.map(repository.messageView), meta: { ...pageMeta(page, totalRows), totalUnread } };
    },

    /** Reads (ids, or all when null) or deletes the player's messages; other tabs learn the new count. */
    async changeMessages(playerId: string, change: { read: string[] | null } | { delete: string[] }): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = "delete" in change ? await repository.deleteMessages(tx, playerId, change.delete, now()) : await repository.markMessagesRead(tx, playerId, change.read, now());
        const totalUnread = await repository.unreadMessageCount(tx, playerId);
        if (changed > 0) await realtime.publish(tx, messagesChannelOf(playerId), { type: "read", totalUnread });
        return totalUnread;
      });
    },

    async listPushes(playerId: string, page: { page: number; perPage: number }): Promise<PushList> {
      const { rows, totalRows, totalUnread } = await repository.listPushes(db, playerId, page);
      return { data: rows.map(repository.pushView), meta: { ...pageMeta(page, totalRows), totalUnread } };
    },

    async readPushes(playerId: string, ids: string[] | null): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = await repository.markPushesRead(tx, playerId, ids, now());
        const totalUnread = await repository.unreadPushCount(tx, playerId);
        if (changed > 0) await realtime.publish(tx, pushesChannelOf(playerId), { type: "read", totalUnread });
        return totalUnread;
      });
    },

    /**
     * Stores a contact-form message. At most CONTACT_RATE_LIMIT.max per IP in the window, counted
     * in the database so every process shares the limit.
     */
    async submitContactMessage(input: ContactMessage, sender: { playerId: string | null; ip: string }): Promise<{ id: string; createdAt: string }> {
      const at = now();
      const windowStart = new Date(at.getTime() - CONTACT_RATE_LIMIT.windowSeconds * 1000);
      const [recent] = await db
        .select({ total: count(), oldest: sql<Date | string | null>`min(${communications.createdAt})` })
        .from(communications)
        .where(and(eq(communications.ip, sender.ip), gte(communications.createdAt, windowStart)));
      if (recent && recent.total >= CONTACT_RATE_LIMIT.max) {
        const oldest = recent.oldest ? new Date(recent.oldest).getTime() : at.getTime();
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + CONTACT_RATE_LIMIT.windowSeconds * 1000 - at.getTime()) / 1000));
        throw new AppError("RATE_LIMITED", "Too many messages. Please try again later.", { headers: { "retry-after": String(retryAfterSeconds) } });
      }
      let email = input.email ?? null;
      if (!email && sender.playerId) {
        const [player] = await db.select({ email: players.email }).from(players).where(eq(players.id, sender.playerId));
        email = player?.email ?? null;
      }
      const [row] = await db
        .insert(communications)
        .values({
          playerId: sender.playerId,
          name: input.name ?? null,
          email,
          subject: input.subject ?? null,
          message: input.message,
          ip: sender.ip.slice(0, 45),
          createdAt: at,
        })
        .returning({ id: communications.id, createdAt: communications.createdAt });
      if (!row) throw new Error("communication not inserted");
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },

    async listCommunications(page: { page: number; perPage: number }): Promise<CommunicationList> {
      const rows = await db
        .select()
        .from(communications)
        .orderBy(desc(communications.createdAt), asc(communications.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage);
      const [total] = await db.select({ total: count() }).from(communications);
      return { data: rows.map(communicationView), meta: pageMeta(page, total?.total ?? 0) };
    },

    /** One transaction writes every recipient's row and realtime event; Web Push goes out after commit. */
    async sendCampaign(command: CampaignCommand, createdBy: string): Promise<CampaignResponse> {
      const target = await resolveTarget(command);
      const result = await db.transaction((tx) =>
        createCampaign(tx, realtime, {
          kind: command.kind,
          target,
          title: command.title,
          body: command.body,
          url: command.url ?? null,
          createdBy,
          createdAt: now(),
        }),
      );
      if (command.kind === "push" && result.recipientCount > 0) webPush.deliver({ campaignId: result.id });
      logger.info({ campaignId: result.id, kind: command.kind, audience: command.audience, recipientCount: result.recipientCount, createdBy }, "notification campaign sent");
      return result;
    },

    async stop(): Promise<void> {
      await webPush.stop();
    },
  };
}
