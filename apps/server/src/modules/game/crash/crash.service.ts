import { and, count, desc, eq, inArray } from "drizzle-orm";
import { CRASH_GROWTH_PER_MS, type CrashBet, type CrashRoundRecord, type CrashStateSchema } from "@playfair/contracts/game/crash";
import { pageMeta, type PageMeta, type PaginationQuery } from "@playfair/contracts/pagination";
import type { z } from "zod";
import type { ServiceDependencies } from "../../../lib/service-dependencies.ts";
import { notFound } from "../../../lib/app-error.ts";
import type { Ledger } from "../../ledger/ledger.service.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import { players } from "../../player/player.schema.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { SettingsService } from "../../settings/settings.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import type { StakeWagering } from "../../bonus/bonus-wagering.ts";
import { createCurrencyPrecisions } from "../play/currency-precisions.ts";
import { createDemoRoundMoney, createLedgerRoundMoney } from "../play/round-money.ts";
import { createChainStore } from "./chain.ts";
import { createCrashBets, type CrashBets } from "./crash-bets.ts";
import { createCrashLoop, type CrashFaults, type CrashLoop } from "./crash-loop.ts";
import { crashBets, crashChains, crashRounds } from "./crash.schema.ts";
import { crashBetView, crashPublicBetView, crashRecordView, crashRoundView } from "./crash-views.ts";

// `app.services.crash`: the shared crash round (ADR 027). Bets and cash-outs go through the ledger
// like every original's rounds (ADR 021), under `crash-bet:<id>:stake` and `crash-bet:<id>:resolve`.

export type CrashService = {
  bets: CrashBets;
  loop: CrashLoop;
  state(): Promise<z.infer<typeof CrashStateSchema>>;
  history(query: PaginationQuery): Promise<{ data: CrashRoundRecord[]; meta: PageMeta }>;
  record(roundId: string): Promise<CrashRoundRecord>;
  playerBets(playerId: string, query: PaginationQuery): Promise<{ data: CrashBet[]; meta: PageMeta }>;
  start(): void;
  stop(): Promise<void>;
};

export type CrashDependencies = ServiceDependencies & {
  ledger: Ledger;
  limits: Pick<LimitsService, "assertCanStake">;
  wallet: Pick<WalletService, "accountPublication" | "accountSnapshotColumn" | "accountPublicationsOf">;
  realtime: RealtimePublisher;
  settings: Pick<SettingsService, "listCurrencies">;
  /** Bonus money in bets and cash-outs (ADR 034); none: cash only. */
  wagering?: StakeWagering;
  faults?: CrashFaults;
};

/** Real-money bets the round answer lists at most (the channel carries every one). */
const STATE_BETS_LIMIT = 200;

export function createCrashService(dependencies: CrashDependencies): CrashService {
  const { db, logger, now, config, ledger, limits, wallet, realtime, settings } = dependencies;

  const { precisionOf, knownPrecision } = createCurrencyPrecisions(settings);

  const bets = createCrashBets({
    db,
    logger,
    now,
    realMoney: createLedgerRoundMoney({ ledger, limits, keyPrefix: "crash-bet", ...(dependencies.wagering ? { wagering: dependencies.wagering } : {}) }),
    demoMoney: createDemoRoundMoney(),
    realtime,
    wallet,
    precisionOf,
    knownPrecision,
    ...(dependencies.wagering ? { wagering: dependencies.wagering } : {}),
  });
  const chains = createChainStore({ db, now, length: config.crash.chainLength });
  const loop = createCrashLoop({
    db,
    logger,
    now,
    chains,
    bets,
    realtime,
    timings: { bettingMs: config.crash.bettingMs, pauseMs: config.crash.pauseMs, tickMs: config.crash.tickMs, leaseMs: config.crash.leaderLeaseMs },
    enabled: config.crash.loopEnabled,
    precisionOf,
    knownPrecision,
    ...(dependencies.faults ? { faults: dependencies.faults } : {}),
  });

  const finished = inArray(crashRounds.status, ["crashed", "cancelled"]);

  return {
    bets,
    loop,

    async state() {
      const [round] = await db.select().from(crashRounds).orderBy(desc(crashRounds.createdAt)).limit(1);
      const rows = round
        ? await db
            .select({ bet: crashBets, nickname: players.nickname })
            .from(crashBets)
            .innerJoin(players, eq(players.id, crashBets.playerId))
            .where(and(eq(crashBets.roundId, round.id), eq(crashBets.demo, false)))
            .orderBy(desc(crashBets.amount))
            .limit(STATE_BETS_LIMIT)
        : [];
      return {
        round: round ? crashRoundView(round) : null,
        bets: rows.map(({ bet, nickname }) => crashPublicBetView(bet, nickname)),
        serverTime: now().toISOString(),
        growthPerMs: CRASH_GROWTH_PER_MS,
      };
    },

    async history(query) {
      const [rows, totals] = await Promise.all([
        db
          .select({ round: crashRounds, chain: crashChains })
          .from(crashRounds)
          .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
          .where(finished)
          .orderBy(desc(crashRounds.createdAt))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db.select({ total: count() }).from(crashRounds).where(finished),
      ]);
      return { data: rows.map(({ round, chain }) => crashRecordView(round, chain)), meta: pageMeta(query, totals[0]?.total ?? 0) };
    },

    async record(roundId) {
      const [row] = await db
        .select({ round: crashRounds, chain: crashChains })
        .from(crashRounds)
        .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
        .where(eq(crashRounds.id, roundId));
      if (!row) throw notFound("This round does not exist.");
      return crashRecordView(row.round, row.chain);
    },

    async playerBets(playerId, query) {
      const mine = and(eq(crashBets.playerId, playerId), eq(crashBets.demo, false));
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(crashBets)
          .where(mine)
          .orderBy(desc(crashBets.createdAt), desc(crashBets.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db.select({ total: count() }).from(crashBets).where(mine),
      ]);
      return { data: rows.map(crashBetView), meta: pageMeta(query, totals[0]?.total ?? 0) };
    },

    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}
