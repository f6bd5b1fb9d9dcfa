import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { createSmtpAdapter, type DeliveryAdapter, inHouseAdapter } from "./delivery-adapters.ts";
import { outboxMessages } from "./messaging.schema.ts";

export type OutgoingMessage = {
  channel: "email" | "sms";
  recipient: string;
  template: string;
  locale: string;
  subject?: string;
  text: string;
  html?: string;
};

export type Outbox = {
  /** Stores the message in the same transaction as the change that caused it; delivery follows after commit. */
  enqueue(executor: DbExecutor, message: OutgoingMessage): Promise<void>;
  /** Starts the background delivery loop (no-op for the in-house adapter beyond marking messages sent). */
  start(): void;
  stop(): Promise<void>;
  /** One delivery pass now; resolves with how many messages it attempted. Tests and shutdown use it. */
  flush(): Promise<number>;
  /** The newest messages, to one recipient or to everyone, for the development mailbox. */
  listRecentMessages(recipient: string | undefined, limit: number): Promise<OutboxMessageRow[]>;
};

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/** A delivery is tried this many times before the message is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** Backoff base: attempt n+1 waits BASE * 2^n after attempt n (30 s, 1 min, 2 min ... about 1 h in total). */
export const RETRY_BASE_SECONDS = 30;
const POLL_INTERVAL_MS = 1_000;
/** After enqueue, the caller's transaction usually commits within a few milliseconds. */
const NUDGE_DELAY_MS = 15;
const BATCH_SIZE = 20;

// Every running delivery loop of this process. Messages enqueued by helpers that have no outbox
// at hand (sendEmailConfirmation) still wake them, so delivery does not wait for the next poll.
const runningLoops = new Set<() => void>();

// Messages are listed newest first by `created_at`. A clock that stands still (tests) would give
// several messages one time; nudging each by a millisecond keeps their order. Only a nearby
// earlier time is nudged, so a clock set far ahead once does not drag later messages with it.
let lastCreatedAtMs = 0;
function orderedCreatedAt(at: Date): Date {
  const ms = at.getTime();
  const next = ms <= lastCreatedAtMs && lastCreatedAtMs - ms < 1_000 ? lastCreatedAtMs + 1 : ms;
  lastCreatedAtMs = next;
  return new Date(next);
}

/**
 * Inserts a message into the outbox inside `executor` (the transaction of the change that caused
 * it) and wakes the delivery loops. `createdAt` is the clock of the caller (tests move it).
 */
export async function enqueueOutgoingMessage(executor: DbExecutor, message: OutgoingMessage, createdAt: Date = new Date()): Promise<void> {
  await executor.insert(outboxMessages).values({
    channel: message.channel,
    recipient: normaliseRecipient(message.channel, message.recipient),
    template: message.template,
    locale: message.locale.slice(0, 5),
    subject: message.subject ? message.subject.slice(0, 300) : null,
    textBody: message.text,
    htmlBody: message.html ?? null,
    createdAt: orderedCreatedAt(createdAt),
  });
  for (const nudge of runningLoops) nudge();
}

/** E-mail addresses are compared case-insensitively everywhere; phones are already E.164. */
function normaliseRecipient(channel: "email" | "sms", recipient: string): string {
  const trimmed = recipient.trim();
  return channel === "email" ? trimmed.toLowerCase() : trimmed;
}

export function createOutbox(dependencies: ServiceDependencies & { adapters?: { email?: DeliveryAdapter; sms?: DeliveryAdapter } }): Outbox {
  const { db, config, logger, now } = dependencies;
  const emailAdapter = dependencies.adapters?.email ?? (config.accounts.smtpUrl ? createSmtpAdapter(config.accounts.smtpUrl, config.accounts.mailFrom) : inHouseAdapter);
  // No SMS gateway is integrated: text messages stay in the in-house outbox (the mailbox shows them).
  const smsAdapter = dependencies.adapters?.sms ?? inHouseAdapter;

  let timer: NodeJS.Timeout | undefined;
  let isRunning = false;
  let currentPass: Promise<number> | undefined;

  function schedule(delayMs: number) {
    if (!isRunning) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(runLoopPass, delayMs);
    timer.unref();
  }

  function runLoopPass() {
    timer = undefined;
    void flush()
      .catch((error: unknown) => logger.warn({ err: error }, "outbox delivery pass failed"))
      .finally(() => {
        // A nudge that arrived during the pass has already re-armed the timer.
        if (!timer) schedule(POLL_INTERVAL_MS);
      });
  }

  const nudge = () => schedule(NUDGE_DELAY_MS);

  /** Passes never overlap within a process: a new one starts after the running one ends. */
  async function flush(): Promise<number> {
    while (currentPass) await currentPass.catch(() => undefined);
    const pass = deliverPending(db, now(), { email: emailAdapter, sms: smsAdapter }, logger);
    currentPass = pass;
    try {
      return await pass;
    } finally {
      currentPass = undefined;
    }
  }

  return {
    async enqueue(executor, message) {
      await enqueueOutgoingMessage(executor, message, now());
    },
    start() {
      if (isRunning) return;
      isRunning = true;
      runningLoops.add(nudge);
      schedule(0);
    },
    listRecentMessages(recipient, limit) {
      return db
        .select()
        .from(outboxMessages)
        .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit);
    },
    async stop() {
      isRunning = false;
      runningLoops.delete(nudge);
      if (timer) clearTimeout(timer);
      timer = undefined;
      await currentPass?.catch(() => undefined);
      await emailAdapter.close?.();
      await smsAdapter.close?.();
    },
    flush,
  };
}

type ClaimedMessage = typeof outboxMessages.$inferSelect;

/**
 * Claims due messages and hands them to their adapter. Claiming bumps `attempts`, which also moves
 * the row's next due time forward by the backoff: that is the lease. Another process (or this one
 * after a crash) picks the message up again only when the backoff has passed, so no transaction is
 * held open while an SMTP server answers, and delivery is at least once.
 */
async function deliverPending(
  db: AppDatabase,
  now: Date,
  adapters: { email: DeliveryAdapter; sms: DeliveryAdapter },
  logger: ServiceDependencies["logger"],
): Promise<number> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  // Due when created_at + BASE * (2^attempts - 1) has passed: attempt 0 at once, then 30 s, 90 s, 210 s ...
  const due = sql`${outboxMessages.createdAt} + make_interval(secs => ${RETRY_BASE_SECONDS} * (power(2, ${outboxMessages.attempts}) - 1)) <= ${nowSql}`;
  const claimed: ClaimedMessage[] = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, "pending"), due))
      .orderBy(outboxMessages.createdAt)
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1` })
      .where(
        inArray(
          outboxMessages.id,
          rows.map((row) => row.id),
        ),
      )
      .returning();
  });
  for (const message of claimed) {
    const adapter = message.channel === "email" ? adapters.email : adapters.sms;
    try {
      await adapter.deliver({
        channel: message.channel === "sms" ? "sms" : "email",
        recipient: message.recipient,
        subject: message.subject ?? undefined,
        text: message.textBody,
        html: message.htmlBody ?? undefined,
      });
      await db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: now, deliveredBy: adapter.name, lastError: null })
        .where(eq(outboxMessages.id, message.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isFinal = message.attempts >= MAX_DELIVERY_ATTEMPTS;
      logger.warn({ messageId: message.id, attempts: message.attempts, adapter: adapter.name, err: error }, isFinal ? "message delivery failed for good" : "message delivery failed; will retry");
      await db
        .update(outboxMessages)
        .set({ lastError: reason.slice(0, 2_000), ...(isFinal ? { status: "failed" } : {}) })
        .where(eq(outboxMessages.id, message.id));
    }
  }
  return claimed.length;
}
