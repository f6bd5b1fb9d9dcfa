import { LISTED_PLAYER_BONUS_STATUSES, PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import type { BonusSum, PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { addAmounts, convertAmount, roundAmount } from "@playfair/contracts/money";
import type { AppDatabase } from "../../db/database.ts";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import { AppError } from "../../lib/app-error.ts";
import { withLedgerRetry, type Ledger } from "../ledger/ledger.service.ts";
import type { LimitsService } from "../limits/limits.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { BonusLifecycle, PlayerBonusRow } from "./bonus-lifecycle.ts";
import type { BonusPrecisions } from "./bonus-precisions.ts";
import { playerBonusView } from "./player-bonus-views.ts";

// The player's side of spec 7 "Quests and bonuses" for player bonuses: the list, the sum in the
// base currency, activate and cancel. The lifecycle owns the rules and the money; this file reads
// the reference data first (never inside a transaction) and shapes the answers.

export type PlayerBonusApiDependencies = {
  db: AppDatabase;
  ledger: Ledger;
  limits: Pick<LimitsService, "assertMoneyInAllowed">;
  settings: Pick<SettingsService, "listCurrencies">;
  precisions: BonusPrecisions;
  lifecycle: BonusLifecycle;
};

export type PlayerBonusApi = ReturnType<typeof createPlayerBonusApi>;

export function createPlayerBonusApi(dependencies: PlayerBonusApiDependencies) {
  const { db, ledger, limits, settings, precisions, lifecycle } = dependencies;

  function view(row: PlayerBonusRow, locale: string): Promise<PlayerBonus> {
    return playerBonusView(db, row, { ledger, knownPrecision: precisions.knownPrecision, locale });
  }

  async function listBonuses(playerId: string, query: { status?: number[] | undefined; currency?: string | undefined }, locale: string): Promise<PlayerBonus[]> {
    await precisions.load();
    const rows = await lifecycle.listRows(db, playerId, query.status ?? [...LISTED_PLAYER_BONUS_STATUSES]);
    const listed = query.currency ? rows.filter((row) => row.currency === query.currency) : rows;
    return Promise.all(listed.map((row) => view(row, locale)));
  }

  /** One lifecycle step in its own transaction; a second active bonus raced in by another request is the same 409. */
  async function change(playerId: string, step: (playerId: string, id: string) => Promise<PlayerBonusRow>, id: string, locale: string): Promise<PlayerBonus> {
    await precisions.load();
    // Restricted mode refuses bonus actions in the service too (ADR 016), whatever the route says.
    await limits.assertMoneyInAllowed(db, playerId);
    try {
      return await view(await step(playerId, id), locale);
    } catch (error) {
      if (violatedUniqueIndex(error) === "player_bonuses_one_active") {
        throw new AppError("CONFLICT", "Another bonus is active in this currency. Finish or cancel it first.", { reason: "bonusAlreadyActive", cause: error });
      }
      throw error;
    }
  }

  return {
    /** GET /api/game/player-bonuses: statuses 1 and 2 unless asked otherwise, newest first. */
    listBonuses,

    /** GET /api/game/player-bonuses/sum: the listed bonuses' money (active: what is left; issued: the amount) in the base currency. */
    async sumBonuses(playerId: string, statuses: number[] | undefined, locale: string): Promise<BonusSum> {
      const bonuses = await listBonuses(playerId, { status: statuses }, locale);
      const currencies = await settings.listCurrencies({});
      const base = currencies.find((currency) => currency.isBase);
      if (!base) throw new Error("no base currency is configured");
      const rated = new Map(currencies.map((currency) => [currency.code, { rate: currency.rate.value, subunitToUnit: currency.subunitToUnit }]));
      const to = { rate: base.rate.value, subunitToUnit: base.subunitToUnit };
      let total = "0";
      for (const bonus of bonuses) {
        const from = rated.get(bonus.currency);
        if (!from || bonus.status === PLAYER_BONUS_STATUS.finished) continue;
        const money = bonus.status === PLAYER_BONUS_STATUS.active ? bonus.balance : bonus.amount;
        total = addAmounts(total, convertAmount(money, from, to, "floor"), base.subunitToUnit);
      }
      return { baseCurrencyBonusTotal: roundAmount(total, base.subunitToUnit, "floor"), baseCurrencySymbol: base.symbol, playerBonuses: bonuses };
    },

    /** PUT /api/game/player-bonuses/{id}/activate. */
    activateBonus(playerId: string, id: string, locale: string): Promise<PlayerBonus> {
      return change(playerId, (player, bonusId) => withLedgerRetry(() => db.transaction((tx) => lifecycle.activate(tx, player, bonusId))), id, locale);
    },

    /** PUT /api/game/player-bonuses/{id}/cancel: the bonus money and its winnings return to the budget. */
    cancelBonus(playerId: string, id: string, locale: string): Promise<PlayerBonus> {
      return change(playerId, (player, bonusId) => withLedgerRetry(() => db.transaction((tx) => lifecycle.cancel(tx, player, bonusId))), id, locale);
    },
  };
}
