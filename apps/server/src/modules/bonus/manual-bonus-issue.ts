import { eq } from "drizzle-orm";
import type { ManualBonusIssueRequest } from "@playfair/contracts/bonus/operator-bonuses";
import type { PlayerBonus, PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import { compareAmounts, roundAmount, subunitDecimals } from "@playfair/contracts/money";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { notFound, validationFailed } from "../../lib/app-error.ts";
import { withLedgerRetry, type Ledger } from "../ledger/ledger.service.ts";
import { players } from "../player/player.schema.ts";
import type { BonusLifecycle, BonusTemplateRow } from "./bonus-lifecycle.ts";
import type { BonusPrecisions } from "./bonus-precisions.ts";
import { ineligibleError, type BonusTemplatesAdmin } from "./bonus-templates-admin.ts";
import type { Freespins } from "./freespins.ts";
import { playerBonusView } from "./player-bonus-views.ts";

// POST /api/operator/player-bonuses: an operator gives one player a template by hand (source
// `manual`). The same eligibility as every other issue applies, and a refusal says why, so support
// can answer the player. What it gives waits issued: the player chooses when to activate it (ADR
// 034). A free-spins template gives free spins through the free-spin part the codes use, with the
// template's count and spin value.

export type ManualBonusIssueDependencies = {
  db: AppDatabase;
  ledger: Ledger;
  lifecycle: BonusLifecycle;
  freespins: Pick<Freespins, "issue" | "view">;
  precisions: BonusPrecisions;
  admin: Pick<BonusTemplatesAdmin, "templateRow">;
};

export function createManualBonusIssue(dependencies: ManualBonusIssueDependencies) {
  const { db, ledger, lifecycle, freespins, precisions, admin } = dependencies;

  /** The currency's subunitToUnit, or 422 on `currency`. */
  async function precisionOf(currency: string): Promise<string> {
    await precisions.load();
    try {
      return precisions.knownPrecision(currency);
    } catch {
      throw validationFailed({ currency: ["This currency is not available."] });
    }
  }

  /** Runs `give` in a transaction that holds the player's row, so a concurrent issue of the same template counts this one. */
  function underPlayerLock<T>(playerId: string, give: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for("update");
        if (!player) throw notFound("This player does not exist.");
        return give(tx);
      }),
    );
  }

  async function issueFreespins(request: ManualBonusIssueRequest, template: BonusTemplateRow): Promise<PlayerFreespin> {
    if (request.amount) throw validationFailed({ amount: ["Free spins come with the template's count and spin value: leave the amount out."] });
    await precisionOf(request.currency);
    const row = await underPlayerLock(request.playerId, async (tx) => {
      const outcome = await freespins.issue(tx, { playerId: request.playerId, template, currency: request.currency, source: "manual" });
      if ("refused" in outcome) throw ineligibleError(outcome.refused);
      return outcome.freespin;
    });
    return freespins.view(db, row);
  }

  return async function issueBonusManually(request: ManualBonusIssueRequest): Promise<PlayerBonus | PlayerFreespin> {
    const template = await admin.templateRow(request.templateCode).catch(() => {
      throw validationFailed({ templateCode: [`No bonus template "${request.templateCode}".`] });
    });
    if (template.reward.kind === "freespins") return issueFreespins(request, template);
    const reward = template.reward;
    const amount = request.amount ?? (reward.kind === "noDeposit" ? reward.amount[request.currency] : undefined);
    if (!amount) throw validationFailed({ amount: ["Value is required"] });
    const subunitToUnit = await precisionOf(request.currency);
    if (compareAmounts(roundAmount(amount, subunitToUnit, "floor"), amount) !== 0) {
      throw validationFailed({ amount: [`Use at most ${subunitDecimals(subunitToUnit)} decimals in ${request.currency}.`] });
    }
    const row = await underPlayerLock(request.playerId, async (tx) => {
      const outcome = await lifecycle.issue(tx, { playerId: request.playerId, template, currency: request.currency, source: "manual", amount });
      if ("refused" in outcome) throw ineligibleError(outcome.refused);
      return outcome.bonus;
    });
    return playerBonusView(db, row, { ledger, knownPrecision: precisions.knownPrecision });
  };
}
