import { and, count, eq, inArray, sql } from "drizzle-orm";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { PLAYER_BONUS_RESULT } from "@playfair/contracts/bonus/bonus-constants";
import { BONUS_CHANNELS, BONUS_EVENTS, DEFAULT_WAGERING_MULTIPLIER_CAP, type BonusSource } from "@playfair/contracts/bonus/bonus-constants";
import { compareAmounts, isZero, multiplyAmountByRate, roundAmount } from "@playfair/contracts/money";
import type { DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Ledger } from "../ledger/ledger.service.ts";
import { bonusWageringCapOf } from "../limits/jurisdiction.ts";
import { players } from "../player/player.schema.ts";
import { restrictionOf } from "../player/restriction.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import type { BonusLedger } from "./bonus-ledger.ts";
import type { bonusTemplates} from "./bonus.schema.ts";
import { playerBonuses, playerFreespins } from "./bonus.schema.ts";
import { hasOpenBonusRound } from "./bonus-wagering-statements.ts";
import { playerBonusView, type TemplateView } from "./player-bonus-views.ts";

// The life of a player bonus (spec 4): issued -> active -> finished, with its money on the ledger
// (bonus-ledger.ts). Every function here runs inside the caller's transaction, so an issue rides
// with the deposit that earned it and a conversion with the round that completed the wagering.

export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
export type BonusTemplateRow = typeof bonusTemplates.$inferSelect;

/** Why a player receives nothing (the bonuses/status reasons, and the log line of a refused issue). */
export type IneligibleReason = "restricted" | "optedOut" | "excludedCountry" | "alreadyReceived" | "ended" | "currency";

export type BonusLifecycleDependencies = {
  ledger: Ledger;
  bonusLedger: BonusLedger;
  wallet: Pick<WalletService, "accountFor" | "publishAccount">;
  realtime: Pick<RealtimePublisher, "publish">;
  /** A currency's subunitToUnit; currencies are read before the transaction (CurrencyPrecisions). */
  knownPrecision(currency: string): string;
  now: () => Date;
};

export type IssueRequest = {
  playerId: string;
  template: BonusTemplateRow;
  currency: string;
  source: BonusSource;
  /** The bonus money (already computed from the template for the deposit or kind). */
  amount: string;
  depositAmount?: string;
  invoiceId?: string;
  freespinId?: string;
  packageId?: string;
  packageStep?: number;
  issueSessionId?: string | null;
  /** Activate at once when no other bonus is active in the currency (a bonus the player chose). */
  activate?: boolean;
};

const DAY_MS = 86_400_000;

export type BonusLifecycle = ReturnType<typeof createBonusLifecycle>;

export function createBonusLifecycle(dependencies: BonusLifecycleDependencies) {
  const { ledger, bonusLedger, wallet, realtime, knownPrecision, now } = dependencies;

  /** Whether `playerId` may receive `template` now; null when yes. Reads the player row (lock it first in money paths). */
  async function ineligibility(executor: DbExecutor, playerId: string, template: BonusTemplateRow, currency: string): Promise<IneligibleReason | null> {
    const at = now();
    if (!template.isActive || (template.availableFrom && template.availableFrom > at) || (template.availableTo && template.availableTo <= at)) return "ended";
    const [player] = await executor
      .select({ status: players.status, selfExcludedUntil: players.selfExcludedUntil, coolingOffUntil: players.coolingOffUntil, receiveBonus: players.receiveBonus, country: players.country })
      .from(players)
      .where(eq(players.id, playerId));
    if (!player) return "restricted";
    if (restrictionOf(player, at)) return "restricted";
    if (!player.receiveBonus) return "optedOut";
    if (player.country && template.terms.excludedCountries.includes(player.country)) return "excludedCountry";
    if (!currencyOffered(template, currency)) return "currency";
    const table = template.kind === "freespins" ? playerFreespins : playerBonuses;
    const [received] = await executor
      .select({ received: count() })
      .from(table)
      .where(and(eq(table.playerId, playerId), eq(table.templateId, template.id)));
    if ((received?.received ?? 0) >= template.perPlayerLimit) return "alreadyReceived";
    return null;
  }

  /**
   * `balance`: the bonus balance when the caller knows it (a round's payout), else read.
   * `templates`: the template's texts kept by the caller (the wagering's short-lived copy), else read.
   */
  async function publish(executor: DbExecutor, row: PlayerBonusRow, balance?: string, templates?: (executor: DbExecutor, templateId: string) => Promise<TemplateView[]>): Promise<void> {
    const view = await playerBonusView(executor, row, { ledger, knownPrecision, ...(balance === undefined ? {} : { balance }), ...(templates ? { templates } : {}) });
    await realtime.publish(executor, `${BONUS_CHANNELS.playerBonuses}#${row.playerId}`, { event: BONUS_EVENTS.playerBonus, playerBonus: view });
  }

  async function lockBonus(executor: DbExecutor, playerId: string, id: string): Promise<PlayerBonusRow> {
    const [row] = await executor
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.id, id), eq(playerBonuses.playerId, playerId)))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", "This bonus does not exist.");
    return row;
  }

  async function hasOpenRounds(executor: DbExecutor, playerBonusId: string): Promise<boolean> {
    return hasOpenBonusRound(executor, playerBonusId);
  }

  async function moneyAccounts(executor: DbExecutor, row: PlayerBonusRow) {
    const accounts = await ledger.playerAccounts(executor, row.walletAccountId, row.currency);
    return { cash: accounts.cash, bonus: accounts.bonus };
  }

  /**
   * Ends an active or issued bonus with `result`. Played: its bonus balance becomes cash up to the
   * conversion cap. Canceled or expired: its bonus balance (with the winnings it made) is forfeited.
   */
  async function finish(executor: DbExecutor, row: PlayerBonusRow, result: number): Promise<PlayerBonusRow> {
    let converted = "0";
    let forfeited = "0";
    if (row.status === PLAYER_BONUS_STATUS.active) {
      const balances = await ledger.balances(executor, [row.walletAccountId]);
      const balance = balances.get(row.walletAccountId)?.bonus ?? "0";
      const subunitToUnit = knownPrecision(row.currency);
      const convertUpTo = result === PLAYER_BONUS_RESULT.played ? (row.maxConversion ?? balance) : null;
      ({ converted, forfeited } = await bonusLedger.finish(executor, { id: row.id, currency: row.currency, subunitToUnit }, await moneyAccounts(executor, row), roundAmount(balance, subunitToUnit, "floor"), convertUpTo));
    }
    const [finished] = await executor
      .update(playerBonuses)
      .set({ status: PLAYER_BONUS_STATUS.finished, result, convertedAmount: converted, forfeitedAmount: forfeited, finishedAt: now() })
      .where(eq(playerBonuses.id, row.id))
      .returning();
    await publish(executor, finished!);
    if (row.status === PLAYER_BONUS_STATUS.active) await wallet.publishAccount(executor, row.playerId, row.walletAccountId);
    return finished!;
  }

  /** Issued -> active: the amount goes into the bonus balance and the wagering clock starts. */
  async function activateRow(executor: DbExecutor, row: PlayerBonusRow): Promise<PlayerBonusRow> {
    const at = now();
    if (row.status !== PLAYER_BONUS_STATUS.issued) throw new AppError("CONFLICT", "This bonus is not waiting for activation.", { reason: "bonusNotIssued" });
    if (row.expiresAt <= at) throw new AppError("CONFLICT", "This bonus has expired.", { reason: "bonusExpired" });
    const [active] = await executor
      .select({ id: playerBonuses.id })
      .from(playerBonuses)
      .where(and(eq(playerBonuses.walletAccountId, row.walletAccountId), eq(playerBonuses.status, PLAYER_BONUS_STATUS.active)));
    if (active) throw new AppError("CONFLICT", "Another bonus is active in this currency. Finish or cancel it first.", { reason: "bonusAlreadyActive" });
    const [activated] = await executor
      .update(playerBonuses)
      .set({ status: PLAYER_BONUS_STATUS.active, result: PLAYER_BONUS_RESULT.activated, activatedAt: at, expiresAt: new Date(at.getTime() + row.terms.wageringDays * DAY_MS) })
      .where(eq(playerBonuses.id, row.id))
      .returning();
    await bonusLedger.credit(executor, { id: row.id, currency: row.currency, amount: row.amount }, await moneyAccounts(executor, row));
    // Nothing to wager: the money is real at once.
    if (isZero(activated!.wageringRequired)) return finish(executor, activated!, PLAYER_BONUS_RESULT.played);
    await publish(executor, activated!);
    await wallet.publishAccount(executor, row.playerId, row.walletAccountId);
    return activated!;
  }

  return {
    ineligibility,
    publish,
    lockBonus,
    hasOpenRounds,
    finish,

    /**
     * Gives `request.template` to the player as an issued bonus (or refuses with the reason),
     * activating it when asked and possible. Call in the transaction that earned it.
     */
    async issue(executor: DbExecutor, request: IssueRequest): Promise<{ bonus: PlayerBonusRow } | { refused: IneligibleReason }> {
      // Free-spin winnings were earned under a free spin that passed these checks when issued (and
      // its template's per-player count is of free spins): they are owed, not offered.
      const refused = request.source === "freespins" ? null : await ineligibility(executor, request.playerId, request.template, request.currency);
      if (refused) return { refused };
      const account = await wallet.accountFor(executor, request.playerId, { currency: request.currency });
      if (!account) return { refused: "currency" };
      const terms = request.template.terms;
      const subunitToUnit = knownPrecision(request.currency);
      const multiplier = minAmount(terms.wageringMultiplier, await wageringCapFor(executor, request.playerId));
      const base = terms.wageringBase === "bonusAndDeposit" ? addDecimal(request.amount, request.depositAmount ?? "0") : request.amount;
      const at = now();
      const [row] = await executor
        .insert(playerBonuses)
        .values({
          playerId: request.playerId,
          walletAccountId: account.id,
          currency: request.currency,
          templateId: request.template.id,
          packageId: request.packageId ?? null,
          packageStep: request.packageStep ?? null,
          source: request.source,
          amount: request.amount,
          depositAmount: request.depositAmount ?? "0",
          invoiceId: request.invoiceId ?? null,
          freespinId: request.freespinId ?? null,
          terms,
          wageringMultiplier: multiplier,
          wageringRequired: isZero(multiplier) ? "0" : multiplyAmountByRate(base, multiplier, subunitToUnit, "ceil"),
          maxBet: terms.maxBet[request.currency] ?? null,
          maxConversion: terms.maxConversionMultiplier ? multiplyAmountByRate(request.amount, terms.maxConversionMultiplier, subunitToUnit, "floor") : null,
          issueSessionId: request.issueSessionId ?? null,
          issuedAt: at,
          expiresAt: new Date(at.getTime() + terms.activationDays * DAY_MS),
        })
        .returning();
      if (request.activate) {
        const [active] = await executor
          .select({ id: playerBonuses.id })
          .from(playerBonuses)
          .where(and(eq(playerBonuses.walletAccountId, account.id), eq(playerBonuses.status, PLAYER_BONUS_STATUS.active)));
        if (!active) return { bonus: await activateRow(executor, row!) };
      }
      await publish(executor, row!);
      return { bonus: row! };
    },

    /** PUT /api/game/player-bonuses/{id}/activate. */
    async activate(executor: DbExecutor, playerId: string, id: string): Promise<PlayerBonusRow> {
      const row = await lockBonus(executor, playerId, id);
      return activateRow(executor, row);
    },

    /** PUT /api/game/player-bonuses/{id}/cancel: refused while one of its rounds is open (spec bonus cancel lock). */
    async cancel(executor: DbExecutor, playerId: string, id: string): Promise<PlayerBonusRow> {
      const row = await lockBonus(executor, playerId, id);
      if (row.status === PLAYER_BONUS_STATUS.finished) throw new AppError("CONFLICT", "This bonus has already finished.", { reason: "bonusFinished" });
      if (row.status === PLAYER_BONUS_STATUS.active && (await hasOpenRounds(executor, row.id))) {
        throw new AppError("CONFLICT", "This bonus cannot be cancelled while one of its rounds is still open. Finish the round first.", { reason: "bonusHasOpenRounds" });
      }
      return finish(executor, row, PLAYER_BONUS_RESULT.canceled);
    },

    /** The player's bonuses in `statuses`, newest first. */
    async listRows(executor: DbExecutor, playerId: string, statuses: number[]): Promise<PlayerBonusRow[]> {
      return executor
        .select()
        .from(playerBonuses)
        .where(and(eq(playerBonuses.playerId, playerId), inArray(playerBonuses.status, statuses)))
        .orderBy(sql`${playerBonuses.issuedAt} desc`);
    },
  };
}

/** Whether the template's reward exists in `currency` (its per-currency maps name it). */
export function currencyOffered(template: Pick<BonusTemplateRow, "reward">, currency: string): boolean {
  const reward = template.reward;
  switch (reward.kind) {
    case "deposit":
      return reward.maxAmount[currency] !== undefined;
    case "noDeposit":
      return reward.amount[currency] !== undefined;
    case "freespins":
      return reward.spinValue[currency] !== undefined;
    case "cashback":
      return reward.maxAmount[currency] !== undefined;
  }
}

/** The highest wagering multiplier `playerId` may be given: the platform's cap, or their jurisdiction profile's when lower (ADR 034). */
export async function wageringCapFor(executor: DbExecutor, playerId: string): Promise<string> {
  const profileCap = await bonusWageringCapOf(executor, playerId);
  return profileCap === null ? DEFAULT_WAGERING_MULTIPLIER_CAP : minAmount(profileCap, DEFAULT_WAGERING_MULTIPLIER_CAP);
}

export function minAmount(left: string, right: string): string {
  return compareAmounts(left, right) <= 0 ? left : right;
}

/** Exact sum of two non-negative decimals of any precision. */
function addDecimal(left: string, right: string): string {
  const scale = Math.max(left.split(".")[1]?.length ?? 0, right.split(".")[1]?.length ?? 0);
  const scaled = (value: string) => BigInt(value.replace(".", "") + "0".repeat(scale - (value.split(".")[1]?.length ?? 0)));
  const sum = (scaled(left) + scaled(right)).toString().padStart(scale + 1, "0");
  return scale === 0 ? sum : `${sum.slice(0, -scale)}.${sum.slice(-scale)}`;
}

