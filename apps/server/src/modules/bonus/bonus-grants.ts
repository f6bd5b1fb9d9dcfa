import { asc, eq, sql } from "drizzle-orm";
import type { BonusSource } from "@playfair/contracts/bonus/bonus-constants";
import type { BonusReward, TriggerConditions } from "@playfair/contracts/bonus/templates";
import { compareAmounts, convertAmount, multiplyAmountByRate } from "@playfair/contracts/money";
import type { DbExecutor } from "../../db/database.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";
import { currencies } from "../settings/settings.schema.ts";
import type { BonusLifecycle, BonusTemplateRow, IneligibleReason } from "./bonus-lifecycle.ts";

// Giving a template to a player, whatever its kind: a deposit match computed from the deposit, a
// no-deposit amount, or free spins. Deposit offers, deposit credits and codes all come here, inside
// the transaction that earned the bonus, under the player's grant lock.

/** Why a grant gave nothing: the lifecycle's reasons, plus a deposit under the template's minimum or a kind a grant cannot give. */
export type GrantRefusal = IneligibleReason | "notQualifying" | "notGrantable";

export type GrantRequest = {
  playerId: string;
  template: BonusTemplateRow;
  currency: string;
  source: BonusSource;
  /** The deposit that earned it (deposit templates need it). */
  depositAmount?: string;
  invoiceId?: string;
  packageId?: string;
  packageStep?: number;
  issueSessionId?: string | null;
};

export type Granted = { playerBonusId: string | null; playerFreespinId: string | null };

/** Free spins are issued by the free-spin part (bonus.freespins), which publishes their views. */
export type FreespinIssuer = (
  executor: DbExecutor,
  request: { playerId: string; template: BonusTemplateRow; currency: string; source: BonusSource; packageId?: string; issueSessionId?: string | null; activate?: boolean },
) => Promise<{ id: string } | { refused: IneligibleReason }>;


/** A percent such as "50" or "12.5" as the rate it multiplies by ("0.50", "0.125"), exactly. */
export function percentRate(percent: string): string {
  const [whole = "0", fraction = ""] = percent.split(".");
  const digits = whole.padStart(3, "0") + fraction;
  const point = digits.length - fraction.length - 2;
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

export type RatedCurrencies = Map<string, { rate: string; subunitToUnit: string; isBase: boolean }>;

/** The currencies' rates and precisions, read with the caller's executor (inside a transaction too). */
export async function ratedCurrencies(executor: DbExecutor): Promise<RatedCurrencies> {
  const rows = await executor.select({ code: currencies.code, rate: currencies.rate, subunitToUnit: currencies.subunitToUnit, isBase: currencies.isBase }).from(currencies);
  return new Map(rows.map((row) => [row.code, { rate: row.rate, subunitToUnit: row.subunitToUnit, isBase: row.isBase }]));
}

/**
 * Spec 3 triggerConditions: the least deposit in `currency` that qualifies: the currency's own
 * item, else the base-currency minimum converted (rounded up, so a converted minimum never lets a
 * smaller deposit through), else 0.
 */
export function minimumDeposit(trigger: TriggerConditions, currency: string, rated: RatedCurrencies): string {
  const own = trigger.invoiceAmountItems.find((item) => item.currency === currency);
  if (own) return own.amountFrom;
  const target = rated.get(currency);
  const base = [...rated.entries()].find(([, entry]) => entry.isBase);
  if (trigger.baseCurrencyInvoiceAmountFrom === null || !target || !base) return "0";
  return convertAmount(trigger.baseCurrencyInvoiceAmountFrom, { rate: base[1].rate, subunitToUnit: base[1].subunitToUnit }, target, "ceil");
}

/** The bonus a deposit of `amount` earns: percent of it, capped by maxAmount, rounded down to the currency. */
export function depositBonusAmount(reward: Extract<BonusReward, { kind: "deposit" }>, currency: string, amount: string, subunitToUnit: string): string | null {
  const cap = reward.maxAmount[currency];
  if (cap === undefined) return null;
  const matched = multiplyAmountByRate(amount, percentRate(reward.percent), subunitToUnit, "floor");
  return compareAmounts(matched, cap) <= 0 ? matched : multiplyAmountByRate(cap, "1", subunitToUnit, "floor");
}

/** The player's selected wallet account's currency (where a code's bonus goes), else null. */
export async function selectedCurrency(executor: DbExecutor, playerId: string): Promise<string | null> {
  const [row] = await executor
    .select({ currency: walletAccounts.currency })
    .from(walletAccounts)
    .where(eq(walletAccounts.playerId, playerId))
    .orderBy(sql`${walletAccounts.isSelected} desc`, asc(walletAccounts.createdAt))
    .limit(1);
  return row?.currency ?? null;
}

/**
 * Serialises everything that gives one player a bonus (deposit credits, codes), so per-player
 * limits and "already used" checks read a settled state. Transaction-scoped.
 */
export async function lockPlayerGrants(executor: DbExecutor, playerId: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`bonus-grant:${playerId}`}))`);
}

export type BonusGrants = ReturnType<typeof createBonusGrants>;

export function createBonusGrants(dependencies: { lifecycle: BonusLifecycle; knownPrecision(currency: string): string; freespins: FreespinIssuer }) {
  const { lifecycle, knownPrecision } = dependencies;

  return {
    /** Issues the template (activating it at once when none is active: the player asked for it). Call under lockPlayerGrants. */
    async grant(executor: DbExecutor, request: GrantRequest, rated?: RatedCurrencies): Promise<Granted | { refused: GrantRefusal }> {
      const reward = request.template.reward;
      if (reward.kind === "freespins") {
        const issued = await dependencies.freespins(executor, { playerId: request.playerId, template: request.template, currency: request.currency, source: request.source, ...(request.packageId ? { packageId: request.packageId } : {}), issueSessionId: request.issueSessionId ?? null, activate: true });
        return "refused" in issued ? issued : { playerBonusId: null, playerFreespinId: issued.id };
      }
      let amount: string;
      if (reward.kind === "noDeposit") {
        const fixed = reward.amount[request.currency];
        if (fixed === undefined) return { refused: "currency" };
        amount = fixed;
      } else if (reward.kind === "deposit") {
        if (request.depositAmount === undefined) return { refused: "notQualifying" };
        const minimum = minimumDeposit(reward.trigger, request.currency, rated ?? (await ratedCurrencies(executor)));
        if (compareAmounts(request.depositAmount, minimum) < 0) return { refused: "notQualifying" };
        const computed = depositBonusAmount(reward, request.currency, request.depositAmount, knownPrecision(request.currency));
        if (computed === null) return { refused: "currency" };
        if (compareAmounts(computed, "0") <= 0) return { refused: "notQualifying" };
        amount = computed;
      } else {
        return { refused: "notGrantable" };
      }
      const issued = await lifecycle.issue(executor, {
        playerId: request.playerId,
        template: request.template,
        currency: request.currency,
        source: request.source,
        amount,
        ...(request.depositAmount !== undefined && reward.kind === "deposit" ? { depositAmount: request.depositAmount } : {}),
        ...(request.invoiceId ? { invoiceId: request.invoiceId } : {}),
        ...(request.packageId ? { packageId: request.packageId } : {}),
        ...(request.packageStep ? { packageStep: request.packageStep } : {}),
        issueSessionId: request.issueSessionId ?? null,
        activate: true,
      });
      return "refused" in issued ? issued : { playerBonusId: issued.bonus.id, playerFreespinId: null };
    },
  };
}
