import type { WebPushPayload } from "@playfair/contracts/notification-constants";
import type { WebPushSubscription } from "@playfair/contracts/notification";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import webPush from "web-push";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/database.ts";
import { appSecrets } from "../secrets/app-secrets.schema.ts";
import { pushNotifications, webPushSubscriptions } from "./notification.schema.ts";

// Web Push (RFC 8030/8291/8292) through the `web-push` library. The VAPID key pair is generated
// once and kept in app_secrets, which lives in the database (./data/pglite for the default
// embedded database), so every process and restart signs with the same key and browsers' existing
// subscriptions stay valid.

const VAPID_SECRET_NAME = "web-push-vapid-keys";
/** Deliveries running at once; a campaign to thousands of players must not open thousands of sockets. */
const DELIVERY_CONCURRENCY = 8;
const DELIVERY_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type VapidKeys = { publicKey: string; privateKey: string };

export type WebPushStats = { sent: number; failed: number; deactivated: number };

export type WebPushService = {
  publicKey(): Promise<string>;
  /** Stores (or moves to this player) the browser's subscription; the endpoint identifies it. */
  subscribe(playerId: string, subscription: WebPushSubscription): Promise<void>;
  unsubscribe(playerId: string, endpoint: string): Promise<void>;
  /** True when the endpoint's host is a push service we deliver to (nothing else is ever called). */
  isAllowedEndpoint(endpoint: string): boolean;
  /**
   * Delivers committed pushes (by push id or by campaign) to their players' active subscriptions
   * in the background. Call after the transaction that created them has committed.
   */
  deliver(target: { pushIds: string[] } | { campaignId: string }): void;
  /** Resolves when every queued delivery has finished (tests, shutdown). */
  idle(): Promise<void>;
  stats(): WebPushStats;
  stop(): Promise<void>;
};

type Delivery = { subscriptionId: string; endpoint: string; p256dh: string; auth: string; payload: WebPushPayload };

function vapidSubject(config: AppConfig): string {
  if (config.notification.webPushSubject) return config.notification.webPushSubject;
  if (config.publicOrigin.startsWith("https://")) return config.publicOrigin;
  // The address mail is sent from is a contact the push services accept (mailto:).
  const address = /<([^>]+)>/.exec(config.accounts.mailFrom)?.[1] ?? config.accounts.mailFrom;
  return `mailto:${address.trim()}`;
}

function hostIsAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) => {
    const suffix = entry.toLowerCase();
    return name === suffix || name.endsWith(`.${suffix}`);
  });
}

function isVapidKeys(value: unknown): value is VapidKeys {
  const candidate = value as Partial<VapidKeys> | null;
  return typeof candidate?.publicKey === "string" && typeof candidate.privateKey === "string";
}

/** The stored key pair, generated on first use; concurrent first uses in several processes agree. */
async function loadVapidKeys(db: AppDatabase): Promise<VapidKeys> {
  const generated = webPush.generateVAPIDKeys();
  await db
    .insert(appSecrets)
    .values({ name: VAPID_SECRET_NAME, value: JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET_NAME));
  const keys: unknown = row ? JSON.parse(row.value) : null;
  if (!isVapidKeys(keys)) throw new Error("the stored VAPID key pair is unreadable");
  return keys;
}

export function createWebPushService(dependencies: { db: AppDatabase; config: AppConfig; logger: FastifyBaseLogger; now: () => Date }): WebPushService {
  const { db, config, logger, now } = dependencies;
  let keys: Promise<VapidKeys> | null = null;
  const queue: Delivery[] = [];
  const running = new Set<Promise<void>>();
  const pendingLookups = new Set<Promise<void>>();
  const counters: WebPushStats = { sent: 0, failed: 0, deactivated: 0 };
  let isStopped = false;

  function vapidKeys(): Promise<VapidKeys> {
    if (!keys) {
      keys = loadVapidKeys(db);
      // A database outage must not leave a rejected promise cached for good.
      keys.catch(() => {
        keys = null;
      });
    }
    return keys;
  }

  async function send(delivery: Delivery): Promise<void> {
    const { publicKey, privateKey } = await vapidKeys();
    try {
      await webPush.sendNotification({ endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } }, JSON.stringify(delivery.payload), {
        vapidDetails: { subject: vapidSubject(config), publicKey, privateKey },
        TTL: PUSH_TTL_SECONDS,
        timeout: DELIVERY_TIMEOUT_MS,
        contentEncoding: "aes128gcm",
      });
      counters.sent += 1;
      await db.update(webPushSubscriptions).set({ failureCount: 0, lastSuccessAt: now() }).where(eq(webPushSubscriptions.id, delivery.subscriptionId));
    } catch (error) {
      counters.failed += 1;
      const statusCode = error instanceof webPush.WebPushError ? error.statusCode : undefined;
      // 404 and 410: the browser dropped the subscription; calling it again can never succeed.
      const isGone = statusCode === 404 || statusCode === 410;
      if (isGone) counters.deactivated += 1;
      logger.warn({ statusCode, subscriptionId: delivery.subscriptionId, err: statusCode ? undefined : error }, "web push delivery failed");
      await db
        .update(webPushSubscriptions)
        .set({ failureCount: sql`${webPushSubscriptions.failureCount} + 1`, ...(isGone ? { isActive: false } : {}) })
        .where(eq(webPushSubscriptions.id, delivery.subscriptionId));
    }
  }

  function pump() {
    while (!isStopped && running.size < DELIVERY_CONCURRENCY && queue.length > 0) {
      const delivery = queue.shift();
      if (!delivery) break;
      const task = send(delivery)
        .catch((error: unknown) => logger.error({ err: error }, "web push delivery could not be recorded"))
        .finally(() => {
          running.delete(task);
          pump();
        });
      running.add(task);
    }
  }

  async function enqueue(condition: SQL): Promise<void> {
    const rows = await db
      .select({
        subscriptionId: webPushSubscriptions.id,
        endpoint: webPushSubscriptions.endpoint,
        p256dh: webPushSubscriptions.p256dh,
        auth: webPushSubscriptions.auth,
        pushId: pushNotifications.id,
        title: pushNotifications.title,
        body: pushNotifications.body,
        url: pushNotifications.url,
      })
      .from(pushNotifications)
      .innerJoin(webPushSubscriptions, and(eq(webPushSubscriptions.playerId, pushNotifications.playerId), eq(webPushSubscriptions.isActive, true)))
      .where(condition);
    for (const row of rows) {
      if (!hostIsAllowed(new URL(row.endpoint).hostname, config.notification.webPushHosts)) continue;
      queue.push({
        subscriptionId: row.subscriptionId,
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        payload: { id: row.pushId, title: row.title, body: row.body, url: row.url },
      });
    }
    pump();
  }

  return {
    async publicKey() {
      return (await vapidKeys()).publicKey;
    },
    async subscribe(playerId, subscription) {
      await db
        .insert(webPushSubscriptions)
        .values({ playerId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, createdAt: now() })
        .onConflictDoUpdate({
          target: webPushSubscriptions.endpoint,
          set: { playerId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, isActive: true, failureCount: 0 },
        });
    },
    async unsubscribe(playerId, endpoint) {
      await db.delete(webPushSubscriptions).where(and(eq(webPushSubscriptions.endpoint, endpoint), eq(webPushSubscriptions.playerId, playerId)));
    },
    isAllowedEndpoint(endpoint) {
      try {
        const url = new URL(endpoint);
        return url.protocol === "https:" && hostIsAllowed(url.hostname, config.notification.webPushHosts);
      } catch {
        return false;
      }
    },
    deliver(target) {
      if (isStopped) return;
      const condition = "campaignId" in target ? eq(pushNotifications.campaignId, target.campaignId) : inArray(pushNotifications.id, target.pushIds);
      if ("pushIds" in target && target.pushIds.length === 0) return;
      const lookup = enqueue(condition)
        .catch((error: unknown) => logger.error({ err: error }, "web push deliveries could not be looked up"))
        .finally(() => pendingLookups.delete(lookup));
      pendingLookups.add(lookup);
    },
    async idle() {
      while (pendingLookups.size > 0 || running.size > 0 || (queue.length > 0 && !isStopped)) {
        await Promise.all([...pendingLookups, ...running]);
      }
    },
    stats: () => ({ ...counters }),
    async stop() {
      // Deliveries already on the wire finish (they record their outcome); queued ones are dropped:
      // Web Push is best effort and the pushes stay listed in the app.
      isStopped = true;
      await Promise.all(pendingLookups);
      queue.length = 0;
      await Promise.all(running);
    },
  };
}
