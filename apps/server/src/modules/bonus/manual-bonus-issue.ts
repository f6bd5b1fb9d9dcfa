import { eq } from "drizzle-orm";
import type { ManualBonusIssueRequest } from "@playfair/contracts/bonus/operator-bonuses";
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { compareAmounts, roundAmount, subunitDecimals } from "@playfair/contracts/money";
import type { AppDatabase } from "../../db/database.ts";
import { notFound, validationFailed } from "../../lib/app-error.ts";
import { withLedgerRetry, type Ledger } from "../ledger/ledger.service.ts";
import { players } from "../player/player.schema.ts";
import type { BonusLifecycle } from "./bonus-lifecycle.ts";
import type { BonusPrecisions } from "./bonus-precisions.ts";
import { ineligibleError, type BonusTemplatesAdmin } from "./bonus-templates-admin.ts";
import { playerBonusView } from "./player-bonus-views.ts";

// POST /api/operator/player-bonuses: an operator gives one player a template by hand (source
// `manual`). The same eligibility as every other issue applies, and a refusal says why, so support
// can answer the player. The bonus waits issued: the player chooses when to activate it (ADR 034).

export function createManualBonusIssue(dependencies: { db: AppDatabase; ledger: Ledger; lifecycle: BonusLifecycle; precisions: BonusPrecisions; admin: Pick<BonusTemplatesAdmin, "templateRow"> }) {
  const { db, ledger, lifecycle, precisions, admin } = dependencies;

  return async function issueBonusManually(request: ManualBonusIssueRequest): Promise<PlayerBonus> {
    const template = await admin.templateRow(request.templateCode).catch(() => {
      throw validationFailed({ templateCode: [`No bonus template "${request.templateCode}".`] });
    });
    if (template.kind === "freespins") throw validationFailed({ templateCode: ["Free spins are given by their codes and deposits, not by hand."] });
    const reward = template.reward;
    const amount = request.amount ?? (reward.kind === "noDeposit" ? reward.amount[request.currency] : undefined);
    if (!amount) throw validationFailed({ amount: ["Value is required"] });
    await precisions.load();
    let subunitToUnit: string;
    try {
      subunitToUnit = precisions.knownPrecision(request.currency);
    } catch {
      throw validationFailed({ currency: ["This currency is not available."] });
    }
    if (compareAmounts(roundAmount(amount, subunitToUnit, "floor"), amount) !== 0) {
      throw validationFailed({ amount: [`Use at most ${subunitDecimals(subunitToUnit)} decimals in ${request.currency}.`] });
    }
    const row = await withLedgerRetry(() =>
      db.transaction(async (tx) => {
        // The player row is locked so a concurrent issue of the same template counts this one.
        const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.id, request.playerId)).for("update");
        if (!player) throw notFound("This player does not exist.");
        const outcome = await lifecycle.issue(tx, { playerId: request.playerId, template, currency: request.currency, source: "manual", amount });
        if ("refused" in outcome) throw ineligibleError(outcome.refused);
        return outcome.bonus;
      }),
    );
    return playerBonusView(db, row, { ledger, knownPrecision: precisions.knownPrecision });
  };
}
