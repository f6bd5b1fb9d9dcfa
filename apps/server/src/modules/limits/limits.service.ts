import { DEPOSIT_LIMIT_REACHED_REASON } from "@playfair/contracts/api-error";
import { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import { compareAmounts, fromMinorUnits, isDecimalAmount, roundAmount, toMinorUnits } from "@playfair/contracts/money";
import {
  compareLimits,
  isMoneyLimitDefinition,
  LIMIT_LOOSENING_DELAY_MS,
  type CreateLimitRequest,
  type Limit,
  type LimitDefinition,
  type LimitPeriod,
  type UpdateLimitRequest,
} from "@playfair/contracts/player/limits";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import { restrictedModeError } from "../../lib/restricted-mode.ts";
import { restrictionOf } from "../player/restriction.ts";
import { createJurisdictionService, type JurisdictionService, type JurisdictionStake } from "./jurisdiction.ts";
import { addMonths } from "./limit-periods.ts";
import { settledColumns, stateAt, statesOf, type LimitState } from "./limit-state.ts";
import { createUsageReader, stakeRooms, subunitOf, tightestRoom } from "./limit-usage.ts";
import {
  insertLimitRow,
  selectPlayerCurrencies,
  selectPlayerProtection,
  selectStakeGate,
  selectSubunits,
  stakeGateQuery,
  updateLimitRow,
  updatePlayerExclusion,
  type PlayerLimitRow,
  type PlayerProtectionRow,
  type StakeGateRow,
  type StatementAhead,
} from "./limits.repository.ts";

export type { StakeGateRow } from "./limits.repository.ts";

// Responsible-gaming limits (spec 7 GET/POST /api/player/limits, PUT/DELETE
// /api/player/limits/{id}; spec 4 "Limit definitions"; promises P1-P4 in docs/promises.md) and the checks every
// money-in and play path calls. The rules (README.md of this folder says more):
// - P1: a new limit or a decrease applies at once; an increase or a removal is stored as a pending
//   change that takes over 24 hours later. The value in force is computed against the clock.
// - P2: deposit limits count gross deposits (pending and successful deposit invoices) in the
//   current calendar day, week or month of the player's time zone; the lowest room left wins.
// - P3/P4: self-exclusion (6 months or more) and cooling-off (2 to 30 days) start at once, end
//   the player's sessions, and can be extended but never shortened or lifted.
// Every change and check of one player first locks the player row, so they run one at a time.

export type LimitsService = {
  /**
   * Inside the deposit-invoice transaction, before the invoice row is written: refuses when the
   * player is self-excluded or cooling off (403 FORBIDDEN, reason selfExcluded|coolingOff), and when
   * `amount` would take the gross deposits of any applicable period (pending + successful deposit
   * invoices) past the lowest deposit limit in force (the 13100 error). Serialises the player's
   * concurrent deposits so parallel ones can never exceed a limit together.
   */
  reserveDeposit(executor: DbExecutor, request: { playerId: string; currency: string; amount: string }): Promise<void>;
  /** True when a deposit limit leaves no room at all (GET methods/deposit answers 13100 then). */
  isDepositLimitReached(executor: DbExecutor, request: { playerId: string; currency: string }): Promise<boolean>;
  /**
   * The one shared check of the games and sportsbook issues: self-exclusion, cooling-off, bet
   * limits (stakes in the period) and loss limits (stakes minus wins in the period). Call it in
   * the stake's transaction, before the stake is posted, so the player's parallel stakes queue.
   * Refusals: 403 selfExcluded|coolingOff; 422 on `amount` (reason betLimitReached|lossLimitReached
   * when no room is left at all). With `game` (a new round of a game), the rules of the player's
   * jurisdiction profile too (P11, `jurisdiction.ts`): 422 stakeCapExceeded, 429 cycleTooShort.
   */
  assertCanStake(executor: DbExecutor, request: StakeRequest): Promise<void>;
  /**
   * The statement `assertCanStake` starts with (it locks the player row), not sent: for a caller
   * that folds it into a statement of its own in the stake's transaction and hands what it
   * selected to `assertCanStake` as `request.gate` (ADR 039).
   */
  stakeGateQuery: typeof stakeGateQuery;
  /**
   * `assertCanStake` with the caller's statement run first in the same round trip (a bet row
   * written under its key on a hot path). Answers the statement's value; when it answered no row
   * (a replay) the checks are not run and the answer is null.
   */
  assertCanStakeAfter(executor: DbExecutor, request: StakeRequest, ahead: StatementAhead): Promise<string | null>;
  /** Jurisdiction profiles (P11): the operator's table and the rules a launched game gets. */
  jurisdiction: JurisdictionService;
  /** Self-exclusion and cooling-off only: bonus claims, game launch. */
  assertMoneyInAllowed(executor: DbExecutor, playerId: string): Promise<void>;
  /** GET /api/player/limits: the limits in force, grouped by definition, then period. */
  list(playerId: string, executor?: DbExecutor): Promise<Limit[]>;
  /**
   * POST /api/player/limits. `endSessions` runs inside the transaction when a self-exclusion or
   * cooling-off starts (the player is signed out everywhere as it commits).
   */
  create(playerId: string, request: CreateLimitRequest, options?: { endSessions?: (executor: DbExecutor) => Promise<void> }): Promise<Limit>;
  /** PUT /api/player/limits/{id}: a decrease applies now, an increase in 24 hours; a new period is a new limit. */
  update(playerId: string, limitId: string, request: UpdateLimitRequest): Promise<Limit>;
  /** DELETE /api/player/limits/{id}: the limit ends 24 hours from now; exclusions cannot be lifted. */
  remove(playerId: string, limitId: string): Promise<Limit>;
};

/**
 * What the jurisdiction check needs of a stake's game. `facts` reads the game's categories and the
 * previous round's start: only called when a profile exists for the player's country, so most
 * stakes never pay for those reads.
 */
export type StakeGame = {
  visitorCountry: string | null;
  facts(executor: DbExecutor): Promise<Pick<JurisdictionStake, "categories" | "previousRoundAt">>;
};

/** A stake to check; `game` when it opens a round of a game the jurisdiction profiles may cover. */
export type { StatementAhead } from "./limits.repository.ts";

export type StakeRequest = {
  playerId: string;
  currency: string;
  amount: string;
  game?: StakeGame;
  /**
   * What `stakeGateQuery` selected for this stake, by a statement of the caller's earlier in the
   * same transaction (the player row is locked since); absent: `assertCanStake` reads it itself.
   * With `game`, the gate must have been asked with the game's visitor country.
   */
  gate?: StakeGateRow;
};

const DEFINITION_NAMES: Record<LimitDefinition, string> = {
  [LIMIT_DEFINITION.bet]: "bet",
  [LIMIT_DEFINITION.loss]: "loss",
  [LIMIT_DEFINITION.deposit]: "deposit",
  [LIMIT_DEFINITION.selfExclusion]: "self-exclusion",
  [LIMIT_DEFINITION.coolingOff]: "cooling-off",
};
const PERIOD_WORDS: Record<LimitPeriod, string> = { 1: "today", 2: "this week", 3: "this month" };

/** Restricted mode's refusal (P3, P4) when a self-exclusion or cooling-off is in force. */
function exclusionError(player: PlayerProtectionRow, at: Date): AppError | null {
  const restriction = restrictionOf(player, at);
  return restriction ? restrictedModeError(restriction) : null;
}

export function createLimitsService(dependencies: { db: AppDatabase; config: AppConfig; logger: FastifyBaseLogger; now: () => Date }): LimitsService {
  const { db, now } = dependencies;
  const jurisdiction = createJurisdictionService({ db, now });

  async function checkStake(executor: DbExecutor, { playerId, currency, amount, game }: StakeRequest, player: StakeGateRow | undefined, at: Date): Promise<void> {
    if (!player) throw new AppError("NOT_FOUND", "This player does not exist.");
    const excluded = exclusionError(player, at);
    if (excluded) throw excluded;
    if (player.hasStakeLimits) await assertRoomForStake(executor, player, currency, amount, at);
    if (game && player.hasJurisdictionProfile) {
      await jurisdiction.assertCanStake(executor, { playerId, currency, amount, visitorCountry: game.visitorCountry, ...(await game.facts(executor)) });
    }
  }

  async function protectedPlayer(executor: DbExecutor, playerId: string, lock: boolean): Promise<PlayerProtectionRow> {
    const player = await selectPlayerProtection(executor, playerId, lock);
    if (!player) throw new AppError("NOT_FOUND", "This player does not exist.");
    return player;
  }

  async function viewsOf(executor: DbExecutor, player: PlayerProtectionRow, states: LimitState[], at: Date): Promise<Limit[]> {
    const usageOf = createUsageReader(executor, player, at);
    const subunits = await selectSubunits(executor);
    const views: Limit[] = [];
    for (const state of states) {
      const { row } = state;
      const usage = isMoneyLimitDefinition(row.definition) && row.currency ? await usageOf(row.definition, row.period as LimitPeriod, row.currency) : null;
      views.push({
        id: row.id,
        definition: row.definition,
        period: row.period,
        amount: state.amount,
        currency: row.currency,
        used: usage && row.currency ? roundAmount(usage.used, subunitOf(subunits, row.currency), "ceil") : null,
        reserved: usage?.reserved != null && row.currency ? roundAmount(usage.reserved, subunitOf(subunits, row.currency), "ceil") : null,
        periodEndsAt: usage?.window.end.toISOString() ?? null,
        endsAt: row.endsAt?.toISOString() ?? null,
        pendingChange: state.pending ? { kind: state.pending.kind, amount: state.pending.amount, effectiveAt: state.pending.effectiveAt.toISOString() } : null,
        createdAt: row.createdAt.toISOString(),
      });
    }
    return views.sort(compareLimits);
  }

  async function viewOf(executor: DbExecutor, player: PlayerProtectionRow, row: PlayerLimitRow, at: Date): Promise<Limit> {
    const state = stateAt(row, at);
    if (!state) throw new AppError("NOT_FOUND", "This limit does not exist.");
    const [view] = await viewsOf(executor, player, [state], at);
    return view!;
  }

  async function normalizedAmount(executor: DbExecutor, amount: string, currency: string): Promise<string> {
    const subunit = subunitOf(await selectSubunits(executor), currency);
    try {
      return fromMinorUnits(toMinorUnits(amount, subunit), subunit);
    } catch {
      throw validationFailed({ amount: [`${currency} amounts have at most ${fromMinorUnits(0n, subunit).split(".")[1]?.length ?? 0} decimals.`] });
    }
  }

  async function assertPlayerCurrency(executor: DbExecutor, playerId: string, currency: string): Promise<void> {
    const owned = await selectPlayerCurrencies(executor, playerId);
    if (!owned.includes(currency)) throw validationFailed({ currency: ["Choose the currency of one of your accounts."] });
  }

  async function createExclusion(
    tx: DbExecutor,
    player: PlayerProtectionRow,
    request: CreateLimitRequest,
    at: Date,
    endSessions: ((executor: DbExecutor) => Promise<void>) | undefined,
  ): Promise<Limit> {
    const isSelfExclusion = request.definition === LIMIT_DEFINITION.selfExclusion;
    const endsAt = isSelfExclusion ? addMonths(at, request.months!) : new Date(at.getTime() + request.days! * 24 * 60 * 60 * 1000);
    const existing = (await statesOf(tx, player.id, at)).find((state) => state.row.definition === request.definition);
    let row: PlayerLimitRow;
    if (existing) {
      // An exclusion can be made longer, never shorter (P3, P4).
      if (existing.row.endsAt && endsAt < existing.row.endsAt) {
        const field = isSelfExclusion ? "months" : "days";
        throw validationFailed({ [field]: [`This would end before ${existing.row.endsAt.toISOString()}; a ${DEFINITION_NAMES[request.definition as LimitDefinition]} cannot be shortened.`] });
      }
      row = await updateLimitRow(tx, existing.row.id, { endsAt, updatedAt: at });
    } else {
      row = await insertLimitRow(tx, { playerId: player.id, definition: request.definition, endsAt, createdAt: at, updatedAt: at });
    }
    await updatePlayerExclusion(tx, player.id, isSelfExclusion ? { selfExcludedUntil: endsAt } : { coolingOffUntil: endsAt }, at);
    await endSessions?.(tx);
    return viewOf(tx, player, row, at);
  }

  function findOwnState(states: LimitState[], limitId: string): LimitState {
    const state = states.find((entry) => entry.row.id === limitId);
    if (!state) throw new AppError("NOT_FOUND", "This limit does not exist.");
    return state;
  }

  function assertAdjustable(state: LimitState): void {
    if (!isMoneyLimitDefinition(state.row.definition)) {
      throw new AppError("CONFLICT", `A ${DEFINITION_NAMES[state.row.definition as LimitDefinition]} cannot be changed or lifted before it ends.`);
    }
  }

  function assertNoTwin(states: LimitState[], definition: number, period: number, currency: string, exceptId?: string): void {
    const twin = states.find((state) => state.row.id !== exceptId && state.row.definition === definition && state.row.period === period && state.row.currency === currency);
    if (twin) throw new AppError("CONFLICT", "You already have this limit for this period and currency; change that one instead.");
  }

  return {
    async reserveDeposit(executor, { playerId, currency, amount }) {
      const at = now();
      const player = await protectedPlayer(executor, playerId, true);
      const excluded = exclusionError(player, at);
      if (excluded) throw excluded;
      const room = await tightestRoom(executor, player, LIMIT_DEFINITION.deposit, currency, at);
      if (!room) return;
      if (compareAmounts(room.remaining, "0") <= 0) {
        throw new AppError("DEPOSIT_LIMIT_REACHED", "The deposit limit has been reached.", { reason: DEPOSIT_LIMIT_REACHED_REASON });
      }
      if (isDecimalAmount(amount) && compareAmounts(amount, room.remaining) > 0) {
        throw validationFailed({ amount: [`Your deposit limit leaves room for ${room.remaining} ${currency} ${PERIOD_WORDS[room.period]}.`] });
      }
    },

    async isDepositLimitReached(executor, { playerId, currency }) {
      const at = now();
      const player = await protectedPlayer(executor, playerId, false);
      const room = await tightestRoom(executor, player, LIMIT_DEFINITION.deposit, currency, at);
      return room !== null && compareAmounts(room.remaining, "0") <= 0;
    },

    jurisdiction,

    stakeGateQuery,

    async assertCanStake(executor, request) {
      const at = now();
      // A stake is on the hot path of every round: the lock, the exclusions and "any bet or loss
      // limit at all?" are one statement (or part of the caller's, `request.gate`), and the limits
      // are read once for both definitions.
      const gate = request.gate ?? (await selectStakeGate(executor, request.playerId, request.currency, request.game?.visitorCountry ?? null));
      await checkStake(executor, request, gate, at);
    },

    async assertCanStakeAfter(executor, request, ahead) {
      const at = now();
      const gate = await selectStakeGate(executor, request.playerId, request.currency, request.game?.visitorCountry ?? null, ahead);
      // Nothing ahead (a replayed key): the caller answers without the checks, as it would have
      // before reaching them with its statement in a round trip of its own.
      if (gate?.ahead == null) return null;
      await checkStake(executor, request, gate, at);
      return gate.ahead;
    },

    async assertMoneyInAllowed(executor, playerId) {
      const player = await protectedPlayer(executor, playerId, false);
      const excluded = exclusionError(player, now());
      if (excluded) throw excluded;
    },

    async list(playerId, executor = db) {
      const at = now();
      const player = await protectedPlayer(executor, playerId, false);
      return viewsOf(executor, player, await statesOf(executor, playerId, at), at);
    },

    async create(playerId, request, options = {}) {
      return db.transaction(async (tx) => {
        const at = now();
        const player = await protectedPlayer(tx, playerId, true);
        if (!isMoneyLimitDefinition(request.definition)) return createExclusion(tx, player, request, at, options.endSessions);
        const currency = request.currency!;
        await assertPlayerCurrency(tx, playerId, currency);
        const amount = await normalizedAmount(tx, request.amount!, currency);
        assertNoTwin(await statesOf(tx, playerId, at), request.definition, request.period!, currency);
        // A new limit only ever restricts: it applies at once (P1).
        const row = await insertLimitRow(tx, { playerId, definition: request.definition, period: request.period!, amount, currency, createdAt: at, updatedAt: at });
        return viewOf(tx, player, row, at);
      });
    },

    async update(playerId, limitId, request) {
      return db.transaction(async (tx) => {
        const at = now();
        const player = await protectedPlayer(tx, playerId, true);
        const states = await statesOf(tx, playerId, at);
        const state = findOwnState(states, limitId);
        assertAdjustable(state);
        const { row } = state;
        const currency = row.currency!;
        const amount = await normalizedAmount(tx, request.amount, currency);
        const loosensAt = new Date(at.getTime() + LIMIT_LOOSENING_DELAY_MS);

        if (request.period !== undefined && request.period !== row.period) {
          // Another period is another limit: the new one restricts at once, while the old one's
          // end is a loosening and waits the 24 hours (an earlier pending removal keeps its time).
          assertNoTwin(states, row.definition, request.period, currency, row.id);
          const isRemovalPending = state.pending?.kind === "remove";
          await updateLimitRow(tx, row.id, {
            ...settledColumns(state),
            pendingChange: "remove",
            pendingAmount: null,
            pendingEffectiveAt: isRemovalPending ? state.pending!.effectiveAt : loosensAt,
            updatedAt: at,
          });
          const created = await insertLimitRow(tx, { playerId, definition: row.definition, period: request.period, amount, currency, createdAt: at, updatedAt: at });
          return viewOf(tx, player, created, at);
        }

        const isIncrease = state.amount !== null && compareAmounts(amount, state.amount) > 0;
        if (!isIncrease) {
          // A decrease (or the same amount) applies now and replaces any pending increase or removal.
          const updated = await updateLimitRow(tx, row.id, { amount, pendingAmount: null, pendingChange: null, pendingEffectiveAt: null, updatedAt: at });
          return viewOf(tx, player, updated, at);
        }
        // Asking again for the increase already waiting must not restart its 24 hours.
        const isSamePendingIncrease = state.pending?.kind === "increase" && state.pending.amount !== null && compareAmounts(state.pending.amount, amount) === 0;
        const updated = await updateLimitRow(tx, row.id, {
          ...settledColumns(state),
          pendingChange: "amount",
          pendingAmount: amount,
          pendingEffectiveAt: isSamePendingIncrease ? state.pending!.effectiveAt : loosensAt,
          updatedAt: at,
        });
        return viewOf(tx, player, updated, at);
      });
    },

    async remove(playerId, limitId) {
      return db.transaction(async (tx) => {
        const at = now();
        const player = await protectedPlayer(tx, playerId, true);
        const state = findOwnState(await statesOf(tx, playerId, at), limitId);
        assertAdjustable(state);
        if (state.pending?.kind === "remove") return viewOf(tx, player, state.row, at);
        const updated = await updateLimitRow(tx, state.row.id, {
          ...settledColumns(state),
          pendingChange: "remove",
          pendingAmount: null,
          pendingEffectiveAt: new Date(at.getTime() + LIMIT_LOOSENING_DELAY_MS),
          updatedAt: at,
        });
        return viewOf(tx, player, updated, at);
      });
    },
  };
}

/** Refuses a stake a bet or loss limit leaves no room for (422 with the limit's reason, for the game's limit modal). */
async function assertRoomForStake(executor: DbExecutor, player: PlayerProtectionRow, currency: string, amount: string, at: Date): Promise<void> {
  const rooms = await stakeRooms(executor, player, currency, at);
  for (const definition of [LIMIT_DEFINITION.bet, LIMIT_DEFINITION.loss] as const) {
    const room = rooms.get(definition);
    if (!room) continue;
    const name = DEFINITION_NAMES[definition];
    if (compareAmounts(room.remaining, "0") <= 0) {
      // 422 rather than 403: a reached limit refuses this stake, not the session (the web
      // client ends the session on other 403 answers); `reason` lets the game show its modal.
      throw new AppError("VALIDATION_FAILED", `The ${name} limit has been reached.`, {
        fieldErrors: { amount: [`Your ${name} limit leaves no room ${PERIOD_WORDS[room.period]}.`] },
        reason: definition === LIMIT_DEFINITION.bet ? "betLimitReached" : "lossLimitReached",
      });
    }
    if (isDecimalAmount(amount) && compareAmounts(amount, room.remaining) > 0) {
      // The same reason as a reached limit: the game's limit modal names the limit either way.
      throw new AppError("VALIDATION_FAILED", "The given data was invalid.", {
        fieldErrors: { amount: [`Your ${name} limit leaves room for ${room.remaining} ${currency} ${PERIOD_WORDS[room.period]}.`] },
        reason: definition === LIMIT_DEFINITION.bet ? "betLimitReached" : "lossLimitReached",
      });
    }
  }
}
