import type { GameLaunch, GameLaunchRequest } from "@playfair/contracts/game/launch";
import type { BetView, PlaceBetRequest } from "@playfair/contracts/sport/bets";
import type { PageMeta } from "@playfair/contracts/pagination";
import type { ServiceDependencies } from "../../../lib/service-dependencies.ts";
import { validationFailed } from "../../../lib/app-error.ts";
import type { Ledger } from "../../ledger/ledger.service.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import type { Principal } from "../../../plugins/authentication.ts";
import type { SettlementListener } from "../feed/settlement-listener.ts";
import { createBetMoney } from "./bet-money.ts";
import { createBetPublications } from "./bet-publications.ts";
import { createBetResolution } from "./bet-resolution.ts";
import { createBetsHistory } from "./bets-history.ts";
import { createCashOuts } from "./cash-out.ts";
import { createCurrencyPrecision } from "./currency-precision.ts";
import { createPendingBetDecisions } from "./decide-pending-bets.ts";
import { createFeedSettlement } from "./feed-settlement.ts";
import { createMarketSettlement } from "./market-settlement.ts";
import { createBetPlacement, type Bettor } from "./place-bet.ts";
import { createSportsbookTokens } from "./sportsbook-token.ts";

// `app.services.sportBetting`: the sportsbook's trading core (ADR 035): the start-game token, the
// bet slip's acceptance with the live delay, the feed's settlements, cancels and rollbacks, cash-out
// and the bets history. The loop (the live delay's decisions, then the settlement batches a large
// market left queued) is started and stopped by the composition root.

export type SportBettingService = {
  /** The sportsbook's start-game call: its token for the player's account; an empty one for a guest. */
  launch(request: GameLaunchRequest, player: { playerId: string | null; sessionId?: string | null }): Promise<GameLaunch>;
  /** The `Authorization: Bearer` check of the bet routes. */
  verifyToken(token: string): Promise<Principal | null>;
  placeBet(bettor: Bettor, request: PlaceBetRequest): Promise<{ bet: BetView; replayed: boolean }>;
  openBets(playerId: string): Promise<BetView[]>;
  bet(playerId: string, betId: string): Promise<BetView | null>;
  cashOut(bettor: Bettor, betId: string, offerId: string): Promise<BetView>;
  listBets(playerId: string, query: { page: number; perPage: number; isSettled: boolean }): Promise<{ data: BetView[]; meta: PageMeta }>;
  /** Decides the live bets whose delay ended by `at` (the loop calls it; tests call it directly). */
  decidePendingBets(at: Date): Promise<number>;
  /** Settles the bets a market's settlement left queued beyond its first batch (the loop calls it; tests and the bench call it directly). */
  settleQueuedBets(): Promise<number>;
  /** What the feed applier calls inside its transaction for settlements, cancels and their rollbacks. */
  settlement: SettlementListener;
  start(): void;
  stop(): Promise<void>;
};

/** How often the loop looks for live bets whose delay has ended and for queued settlements. */
const DECIDE_INTERVAL_MS = 250;

export function createSportBettingService(
  dependencies: ServiceDependencies & {
    ledger: Ledger;
    limits: Pick<LimitsService, "assertCanStakeAfter">;
    wallet: Pick<WalletService, "list" | "accountPublications" | "accountPublicationsOf">;
    realtime: RealtimePublisher;
  },
): SportBettingService {
  const { db, config, logger, now, secrets, ledger, limits, wallet, realtime } = dependencies;
  const precision = createCurrencyPrecision();
  const money = createBetMoney({ ledger });
  const publications = createBetPublications({ realtime, wallet });
  const resolution = createBetResolution({ money, precision });
  const tokens = createSportsbookTokens({ secrets, now });
  const placement = createBetPlacement({ db, logger, now, liveDelayMs: config.sportBetting.liveDelayMs, limits, realtime, money, publications, precision });
  const marketSettlement = createMarketSettlement({ db, money, publications, precision, now });
  const decisions = createPendingBetDecisions({ db, money, publications, precision });
  const cashOuts = createCashOuts({ db, now, secrets, money, publications, precision });
  const history = createBetsHistory({ db, now, cashOuts });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  return {
    async launch(request, player) {
      if (!player.playerId || !player.sessionId) return { kind: "sportsbook", url: null, sessionId: "", demo: false, currency: request.currency ?? "", token: "" };
      const accounts = await wallet.list(player.playerId);
      const account = request.currency ? accounts.find((candidate) => candidate.currency === request.currency) : accounts.find((candidate) => candidate.isSelected);
      if (!account || account.status !== 1) throw validationFailed({ currency: ["You have no account in this currency."] });
      const token = await tokens.issue({ playerId: player.playerId, sessionId: player.sessionId, currency: account.currency });
      return { kind: "sportsbook", url: null, sessionId: "", demo: false, currency: account.currency, token };
    },
    verifyToken: (token) => tokens.verify(token),
    placeBet: (bettor, request) => placement.place(bettor, request),
    openBets: (playerId) => history.open(playerId),
    bet: (playerId, betId) => history.one(playerId, betId),
    cashOut: (bettor, betId, offerId) => cashOuts.accept(bettor, betId, offerId),
    listBets: (playerId, query) => history.list(playerId, query),
    decidePendingBets: (at) => decisions.decidePendingBets(at),
    settleQueuedBets: () => marketSettlement.settleQueuedBets(),
    settlement: createFeedSettlement({ resolution, settlement: marketSettlement, publications, now }),
    start() {
      if (!config.sportBetting.loopEnabled || timer) return;
      let busy = false;
      timer = setInterval(() => {
        // One pass at a time: a slow pass is not overtaken by the next tick.
        if (busy) return;
        busy = true;
        running = decisions
          .decidePendingBets(now())
          .catch((error: unknown) => logger.warn({ err: error }, "live bets not decided"))
          .then(() => marketSettlement.settleQueuedBets())
          .catch((error: unknown) => logger.warn({ err: error }, "settled markets' bets not settled"))
          .finally(() => {
            busy = false;
          });
      }, DECIDE_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
