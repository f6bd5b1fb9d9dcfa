import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { crashPoint } from "@playfair/fairness";
import { CRASH_CHANNEL, CRASH_ROUND_EVENT, crashMillisecondsTo, crashMultiplierAt } from "@playfair/contracts/game/crash";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "../../../db/database.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import { hashAtPosition, type ChainStore } from "./chain.ts";
import { crashInstant, type BetEnd, type CrashBets } from "./crash-bets.ts";
import { crashBets, crashLeader, crashRounds, type CrashBetRow, type CrashRoundRow } from "./crash.schema.ts";
import { crashRoundView } from "./crash-views.ts";

// The round loop: betting for `bettingMs`, running until the curve reaches the round's point,
// crashed, a pause of `pauseMs`, the next round. Exactly one process runs it: the holder of the
// `crash_leader` row's lease (renewed on every tick, taken over when it runs out). Every other
// process only serves bets, cash-outs and reads. `tick()` is one step decided by the clock, so
// tests step the loop with an injected clock instead of waiting.
//
// Recovery (P8), whenever a process becomes the leader (start-up included): a round left running
// is crashed at its point, which the chain fixed, so auto cash-outs at or under it are paid and the
// rest lose (cash-outs already made were paid when made); a round left betting is cancelled and
// its bets refunded. A crashed or cancelled round's bets not yet ended are ended the same way.

const LEADER_NAME = "crash-loop";
const SETTLE_BATCH = 200;

export type CrashLoopTimings = { bettingMs: number; pauseMs: number; tickMs: number; leaseMs: number };

export type CrashFaults = {
  /** Runs right after a round was marked crashed, before its bets are ended (fault-injection tests throw here). */
  afterCrash?(roundId: string): void | Promise<void>;
};

export type CrashLoop = {
  /** One step: take or renew the lease, recover on becoming the leader, then move the round on. */
  tick(): Promise<void>;
  /** Whether this process held the lease at its last tick. */
  isLeader(): boolean;
  start(): void;
  stop(): Promise<void>;
};

export function createCrashLoop(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  chains: ChainStore;
  bets: CrashBets;
  realtime: RealtimePublisher;
  timings: CrashLoopTimings;
  enabled: boolean;
  knownPrecision: (currency: string) => string;
  precisionOf: (currency: string) => Promise<string>;
  faults?: CrashFaults;
}): CrashLoop {
  const { db, logger, now, chains, bets, realtime, timings, faults } = dependencies;
  const me = randomUUID();
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function takeLease(): Promise<boolean> {
    const at = now();
    const rows = await db
      .insert(crashLeader)
      .values({ name: LEADER_NAME, holder: me, leaseUntil: new Date(at.getTime() + timings.leaseMs) })
      .onConflictDoUpdate({
        target: crashLeader.name,
        set: { holder: me, leaseUntil: new Date(at.getTime() + timings.leaseMs) },
        setWhere: sql`${crashLeader.holder} = ${me} or ${crashLeader.leaseUntil} <= ${at}`,
      })
      .returning({ holder: crashLeader.holder });
    return rows.length > 0;
  }

  async function publishRound(executor: Parameters<RealtimePublisher["publish"]>[0], row: CrashRoundRow): Promise<void> {
    await realtime.publish(executor, CRASH_CHANNEL, { event: CRASH_ROUND_EVENT, round: crashRoundView(row) });
  }

  /** Ends the active bets of an ended round, each in a transaction of its own on its locked row. */
  async function endBets(round: CrashRoundRow, decide: (bet: CrashBetRow) => BetEnd): Promise<void> {
    for (;;) {
      const active = await db
        .select()
        .from(crashBets)
        .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, "active")))
        .orderBy(asc(crashBets.createdAt))
        .limit(SETTLE_BATCH);
      if (active.length === 0) return;
      for (const currency of new Set(active.map((bet) => bet.currency))) await dependencies.precisionOf(currency);
      for (const candidate of active) {
        await withLedgerRetry(() =>
          db.transaction(async (tx) => {
            const [bet] = await tx.select().from(crashBets).where(eq(crashBets.id, candidate.id)).for("update");
            if (bet) await bets.settle(tx, bet, decide(bet));
          }),
        );
      }
    }
  }

  const atCrash = (round: CrashRoundRow) => (bet: CrashBetRow): BetEnd =>
    bet.autoCashout !== null && bet.autoCashout <= round.crashPoint ? { status: "cashed", multiplier: bet.autoCashout } : { status: "lost" };

  async function crash(round: CrashRoundRow): Promise<void> {
    const crashed = await db.transaction(async (tx) => {
      // FOR UPDATE: waits for cash-outs in flight (they hold the row FOR SHARE), then none can start.
      const [row] = await tx
        .update(crashRounds)
        .set({ status: "crashed", crashedAt: crashInstant(round) })
        .where(and(eq(crashRounds.id, round.id), eq(crashRounds.status, "running")))
        .returning();
      if (row) await publishRound(tx, row);
      return row;
    });
    if (!crashed) return;
    await faults?.afterCrash?.(crashed.id);
    await endBets(crashed, atCrash(crashed));
  }

  async function cancel(round: CrashRoundRow): Promise<void> {
    const cancelled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(crashRounds)
        .set({ status: "cancelled", crashedAt: now() })
        .where(and(eq(crashRounds.id, round.id), eq(crashRounds.status, "betting")))
        .returning();
      if (row) await publishRound(tx, row);
      return row;
    });
    if (cancelled) await endBets(cancelled, () => ({ status: "refunded" }));
  }

  async function recover(): Promise<void> {
    const inPlay = await db.select().from(crashRounds).where(inArray(crashRounds.status, ["betting", "running"]));
    for (const round of inPlay) {
      if (round.status === "running") await crash(round);
      else await cancel(round);
      logger.info({ roundId: round.id, status: round.status }, "crash round left in play by another process ended");
    }
    // Rounds whose end was recorded but whose bets were not all ended (a stop between the two).
    const unfinished = await db
      .selectDistinct({ round: crashRounds })
      .from(crashBets)
      .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
      .where(and(eq(crashBets.status, "active"), inArray(crashRounds.status, ["crashed", "cancelled"])));
    for (const { round } of unfinished) {
      await endBets(round, round.status === "crashed" ? atCrash(round) : () => ({ status: "refunded" }));
    }
  }

  async function openRound(): Promise<void> {
    await chains.ensure();
    await db.transaction(async (tx) => {
      const chain = await chains.lockCurrent(tx);
      const position = await chains.takePosition(tx, chain);
      const hash = hashAtPosition(chain, position);
      const createdAt = now();
      const [row] = await tx
        .insert(crashRounds)
        .values({
          chainId: chain.id,
          position,
          hash,
          crashPoint: crashPoint(hash, chain.salt!),
          status: "betting",
          createdAt,
          bettingEndsAt: new Date(createdAt.getTime() + timings.bettingMs),
        })
        .returning();
      await publishRound(tx, row!);
    });
  }

  async function startRound(round: CrashRoundRow): Promise<void> {
    await db.transaction(async (tx) => {
      // Waits for bets in flight (FOR SHARE); a bet arriving after this commits finds no betting round.
      const [row] = await tx
        .update(crashRounds)
        .set({ status: "running", startedAt: now() })
        .where(and(eq(crashRounds.id, round.id), eq(crashRounds.status, "betting")))
        .returning();
      if (row) await publishRound(tx, row);
    });
  }

  /** Pays the auto cash-outs the curve has reached, each at its own target. */
  async function autoCashOuts(round: CrashRoundRow, at: Date): Promise<void> {
    const reached = Math.min(crashMultiplierAt(at.getTime() - round.startedAt!.getTime()), round.crashPoint);
    const due = await db
      .select({ id: crashBets.id, currency: crashBets.currency })
      .from(crashBets)
      .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, "active"), isNotNull(crashBets.autoCashout), lte(crashBets.autoCashout, reached)))
      .limit(SETTLE_BATCH);
    for (const currency of new Set(due.map((bet) => bet.currency))) await dependencies.precisionOf(currency);
    for (const { id } of due) {
      await withLedgerRetry(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.select().from(crashRounds).where(eq(crashRounds.id, round.id)).for("share");
          if (row?.status !== "running") return;
          const [bet] = await tx.select().from(crashBets).where(eq(crashBets.id, id)).for("update");
          if (bet?.status === "active" && bet.autoCashout !== null) await bets.settle(tx, bet, { status: "cashed", multiplier: bet.autoCashout });
        }),
      );
    }
  }

  async function step(): Promise<void> {
    const [current] = await db.select().from(crashRounds).where(inArray(crashRounds.status, ["betting", "running"]));
    const at = now();
    if (current?.status === "betting") {
      if (at >= current.bettingEndsAt) await startRound(current);
      return;
    }
    if (current?.status === "running") {
      const crashAt = current.startedAt!.getTime() + crashMillisecondsTo(current.crashPoint);
      if (at.getTime() >= crashAt) await crash(current);
      else await autoCashOuts(current, at);
      return;
    }
    const [last] = await db.select().from(crashRounds).orderBy(desc(crashRounds.createdAt)).limit(1);
    const endedAt = last?.crashedAt ?? last?.createdAt;
    if (!endedAt || at.getTime() >= endedAt.getTime() + timings.pauseMs) await openRound();
  }

  async function tick(): Promise<void> {
    if (!(await takeLease())) {
      leading = false;
      return;
    }
    try {
      if (!leading) {
        leading = true;
        await recover();
      }
      await step();
    } catch (error) {
      // The next tick recovers again: whatever this one left half done is ended there.
      leading = false;
      throw error;
    }
  }

  function schedule(first = false): void {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = tick()
          .catch((error: unknown) => logger.error({ err: error }, "crash round loop step failed"))
          .finally(() => {
            running = undefined;
            schedule();
          });
      },
      // A follower asks for the lease a few times per lease period, the leader ticks often.
      first ? 0 : leading ? timings.tickMs : Math.max(timings.tickMs, Math.floor(timings.leaseMs / 4)),
    );
    timer.unref();
  }

  return {
    tick,
    isLeader: () => leading,
    start() {
      if (!dependencies.enabled || !stopped) return;
      stopped = false;
      leading = false;
      schedule(true);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      if (leading) {
        leading = false;
        // Hands the loop over at once instead of after the lease runs out.
        await db
          .update(crashLeader)
          .set({ leaseUntil: now() })
          .where(and(eq(crashLeader.name, LEADER_NAME), eq(crashLeader.holder, me)))
          .catch((error: unknown) => logger.warn({ err: error }, "crash loop lease not released"));
      }
    },
  };
}
