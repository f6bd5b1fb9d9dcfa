import { and, asc, desc, eq, sql } from "drizzle-orm";
import { PLAYER_STATUS } from "@playfair/contracts/constants";
import { BONUS_CHANNELS, BONUS_EVENTS, DEFAULT_WAGERING_MULTIPLIER_CAP } from "@playfair/contracts/bonus/bonus-constants";
import type { Cashback } from "@playfair/contracts/bonus/player-bonuses";
import type { BonusReward } from "@playfair/contracts/bonus/templates";
import { compareAmounts, multiplyAmountByRate, roundAmount, subunitDecimals } from "@playfair/contracts/money";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { executeRows } from "../../db/sql-rows.ts";
import type { BonusTemplateRow } from "./bonus-lifecycle.ts";
import type { BonusPrecisions } from "./bonus-precisions.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import { bonusTemplates, cashbackPayouts, cashbackPeriods } from "./bonus.schema.ts";

// Cashback (spec 7 GET /api/game/bonuses/cashback): a share of a player's net loss of real money
// over a closed period, paid as a player bonus under the template's terms. Net loss is stakes minus
// wins and refunds on the player's `cash` balance only: bonus money staked earns no cashback.
// Periods are fixed windows counted from Monday 1970-01-05 00:00 UTC, so every run and every
// server agrees on them; `cashback_periods` marks a template's period paid (a restart reads that
// one row, not the period's postings), and `cashback_payouts` (unique per template, player,
// currency and period) makes a rerun pay nobody twice.

const DAY_MS = 86_400_000;
/** A Monday: weekly periods run Monday 00:00 UTC to the next Monday. */
const PERIOD_EPOCH_MS = Date.UTC(1970, 0, 5);
/** The loop looks this often whether a period has closed since it last paid. */
export const CASHBACK_CHECK_INTERVAL_MS = 60_000;
/** Ledger kinds of play whose `cash` legs count: stakes negative, wins and refunds positive. */
const PLAY_KINDS = ["game-stake", "game-win", "game-refund", "sport-stake", "sport-win", "sport-refund"];

const EXACT_SUBUNIT = "1000000000000000000";

export type CashbackPeriod = { start: Date; end: Date };

/** The period of `periodDays` days that contains `at`. */
export function periodContaining(at: Date, periodDays: number): CashbackPeriod {
  const length = periodDays * DAY_MS;
  const start = PERIOD_EPOCH_MS + Math.floor((at.getTime() - PERIOD_EPOCH_MS) / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/** The last period that has ended at `at`. */
export function lastClosedPeriod(at: Date, periodDays: number): CashbackPeriod {
  const running = periodContaining(at, periodDays);
  return { start: new Date(running.start.getTime() - periodDays * DAY_MS), end: running.start };
}

type CashbackReward = Extract<BonusReward, { kind: "cashback" }>;

/** One template's period in a run: paid now (`paid` players), or found paid before and skipped unread. */
export type TemplatePeriodOutcome = { template: string; periodStart: string; periodEnd: string; skipped: boolean; paid: number };
export type CashbackRun = { paid: number; periods: TemplatePeriodOutcome[] };

export type CashbackDependencies = {
  db: AppDatabase;
  realtime: Pick<RealtimePublisher, "publishMany">;
  precisions: BonusPrecisions;
  logger: FastifyBaseLogger;
  now: () => Date;
};

const dateOnly = (at: Date) => at.toISOString().slice(0, 10);

/** The cashback a net loss earns: percent of it, rounded down, capped; zero under the minimum. */
export function cashbackAmount(netLoss: string, reward: CashbackReward, currency: string, subunitToUnit: string): string {
  const minLoss = reward.minLoss[currency] ?? "0";
  const maxAmount = reward.maxAmount[currency];
  if (maxAmount === undefined || compareAmounts(netLoss, "0") <= 0 || compareAmounts(netLoss, minLoss) < 0) return roundAmount("0", subunitToUnit, "floor");
  // The percent product is kept exact (18 decimals) and rounded down once, as the payout SQL does.
  const share = multiplyAmountByRate(netLoss, reward.percent, EXACT_SUBUNIT, "floor");
  const amount = multiplyAmountByRate(share, "0.01", subunitToUnit, "floor");
  return compareAmounts(amount, maxAmount) > 0 ? maxAmount : amount;
}

export function createCashback(dependencies: CashbackDependencies) {
  const { db, realtime, precisions, logger, now } = dependencies;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let lastPaidEnd = 0;

  async function cashbackTemplates(): Promise<BonusTemplateRow[]> {
    const rows = await db.select().from(bonusTemplates).where(and(eq(bonusTemplates.kind, "cashback"), eq(bonusTemplates.isActive, true))).orderBy(asc(bonusTemplates.code));
    return rows.filter((row) => row.reward.kind === "cashback");
  }

  /** The player's net loss of real money in `currency` over [start, end). */
  async function netLossOf(executor: DbExecutor, playerId: string, currency: string, period: CashbackPeriod): Promise<string> {
    const [row] = await executeRows<{ loss: string }>(
      executor,
      sql`select coalesce(-sum(p.amount), 0)::text as loss
            from ledger_postings p
            join ledger_accounts a on a.id = p.account_id and a.balance_kind = 'cash'
            join wallet_accounts w on w.id = a.wallet_account_id
            join ledger_transactions t on t.id = p.transaction_id
           where w.player_id = ${playerId} and p.currency = ${currency}
             and t.kind in (${sql.join(PLAY_KINDS.map((kind) => sql`${kind}`), sql`, `)})
             and p.created_at >= ${period.start.toISOString()}::timestamptz and p.created_at < ${period.end.toISOString()}::timestamptz`,
    );
    return row?.loss ?? "0";
  }

  /** Whether the job has paid `template`'s period already: one read by the period table's key. */
  async function periodPaid(templateId: string, period: CashbackPeriod): Promise<boolean> {
    const [row] = await db
      .select({ paidPlayers: cashbackPeriods.paidPlayers })
      .from(cashbackPeriods)
      .where(and(eq(cashbackPeriods.templateId, templateId), eq(cashbackPeriods.periodStart, dateOnly(period.start))));
    return row !== undefined;
  }

  /**
   * Pays one template's period in every currency it offers, set-based: one statement computes every
   * player's loss (one scan of the period's postings, GROUP BY player and currency), records the
   * payouts, issues the bonuses and builds their events, which realtime's publishMany stores in the
   * same transaction. A period already paid is skipped before any posting is read.
   * Cashback bonuses are issued, not activated (no ledger movement): the player activates one
   * when no other bonus is active, as with every bonus the player did not choose (ADR 034).
   */
  async function payTemplatePeriod(template: BonusTemplateRow, reward: CashbackReward, period: CashbackPeriod, at: Date): Promise<TemplatePeriodOutcome> {
    const outcome = { template: template.code, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString() };
    if (await periodPaid(template.id, period)) return { ...outcome, skipped: true, paid: 0 };
    const terms = template.terms;
    const multiplier = compareAmounts(terms.wageringMultiplier, DEFAULT_WAGERING_MULTIPLIER_CAP) <= 0 ? terms.wageringMultiplier : DEFAULT_WAGERING_MULTIPLIER_CAP;
    const offers: Record<string, { minLoss: string; maxAmount: string; decimals: number; unit: string; maxBet: string | null }> = {};
    for (const [currency, maxAmount] of Object.entries(reward.maxAmount)) {
      const subunitToUnit = knownPrecisionOrNull(currency);
      if (subunitToUnit) offers[currency] = { minLoss: reward.minLoss[currency] ?? "0", maxAmount, decimals: subunitDecimals(subunitToUnit), unit: subunitToUnit, maxBet: terms.maxBet[currency] ?? null };
    }
    const kinds = sql.join(PLAY_KINDS.map((kind) => sql`${kind}`), sql`, `);
    const excluded = terms.excludedCountries.length > 0 ? sql`and (pl.country is null or pl.country not in (${sql.join(terms.excludedCountries.map((country) => sql`${country}`), sql`, `)}))` : sql``;
    const maxConversion = terms.maxConversionMultiplier ? sql`trunc(e.amount * ${terms.maxConversionMultiplier}::numeric, e.decimals)` : sql`null::numeric`;
    return db.transaction(async (tx) => {
      // The period is claimed first: a second server paying it at the same moment waits here for
      // this transaction and then finds it claimed.
      const claimed = await tx
        .insert(cashbackPeriods)
        .values({ templateId: template.id, periodStart: dateOnly(period.start), periodEnd: dateOnly(period.end), paidPlayers: 0, paidAt: at })
        .onConflictDoNothing()
        .returning({ templateId: cashbackPeriods.templateId });
      if (claimed.length === 0) return { ...outcome, skipped: true, paid: 0 };
      if (Object.keys(offers).length === 0) return { ...outcome, skipped: false, paid: 0 };
      // The events are built by the same statement (field by field as playerBonusView builds an
      // issued bonus's view): building 100,000 views in the application took longer than the payout.
      const publications = await executeRows<{ channel: string; data: unknown }>(
        tx,
        sql`with offer as (
              select key as currency, (value->>'minLoss')::numeric as min_loss, (value->>'maxAmount')::numeric as max_amount,
                     (value->>'decimals')::int as decimals, (value->>'unit')::numeric as unit, (value->>'maxBet')::numeric as max_bet
                from jsonb_each(${JSON.stringify(offers)}::jsonb)
            ),
            losses as (
              select w.player_id, w.id as wallet_account_id, p.currency, -sum(p.amount) as net_loss
                from ledger_postings p
                join ledger_accounts a on a.id = p.account_id and a.balance_kind = 'cash'
                join wallet_accounts w on w.id = a.wallet_account_id
                join ledger_transactions t on t.id = p.transaction_id
               where p.currency in (select currency from offer)
                 and t.kind in (${kinds})
                 and p.created_at >= ${period.start.toISOString()}::timestamptz and p.created_at < ${period.end.toISOString()}::timestamptz
               group by w.player_id, w.id, p.currency
              having -sum(p.amount) > 0
            ),
            earned as (
              select l.player_id, l.wallet_account_id, l.currency, l.net_loss, o.decimals, o.unit, o.max_bet, gen_random_uuid() as bonus_id,
                     least(trunc(l.net_loss * ${reward.percent}::numeric / 100, o.decimals), o.max_amount) as amount,
                     -- A jurisdiction profile may cap the multiplier lower than the platform does (ADR 034).
                     least(${multiplier}::numeric, coalesce(jp.bonus_wagering_cap, ${multiplier}::numeric)) as multiplier
                from losses l
                join offer o on o.currency = l.currency and l.net_loss >= o.min_loss
                join players pl on pl.id = l.player_id
                left join jurisdiction_profiles jp on jp.country = upper(pl.country)
               where pl.receive_bonus and pl.status = ${PLAYER_STATUS.active}
                 and (pl.self_excluded_until is null or pl.self_excluded_until <= ${at.toISOString()}::timestamptz)
                 and (pl.cooling_off_until is null or pl.cooling_off_until <= ${at.toISOString()}::timestamptz)
                 ${excluded}
            ),
            paid as (
              insert into cashback_payouts (template_id, player_id, currency, period_start, period_end, net_loss, amount, player_bonus_id, paid_at)
              select ${template.id}::uuid, player_id, currency, ${dateOnly(period.start)}::date, ${dateOnly(period.end)}::date, net_loss, amount, bonus_id, ${at.toISOString()}::timestamptz
                from earned where amount > 0
              on conflict do nothing
              returning player_bonus_id
            ),
            bonuses as (
              insert into player_bonuses (id, player_id, wallet_account_id, currency, template_id, source, amount, terms, wagering_multiplier, wagering_required, max_bet, max_conversion, issued_at, expires_at)
              select e.bonus_id, e.player_id, e.wallet_account_id, e.currency, ${template.id}::uuid, 'cashback', e.amount, ${JSON.stringify(terms)}::jsonb,
                     e.multiplier, round(ceil(e.amount * e.multiplier * e.unit) / e.unit, e.decimals), e.max_bet, ${maxConversion},
                     ${at.toISOString()}::timestamptz, ${new Date(at.getTime() + terms.activationDays * DAY_MS).toISOString()}::timestamptz
                from paid join earned e on e.bonus_id = paid.player_bonus_id
              returning id, player_id, currency, amount, wagering_multiplier, wagering_required, max_bet, max_conversion, issued_at, expires_at
            )
            select ${`${BONUS_CHANNELS.playerBonuses}#`} || b.player_id as channel, ${eventSql(template)} as data
              from bonuses b join offer o on o.currency = b.currency`,
      );
      await realtime.publishMany(tx, publications);
      await tx
        .update(cashbackPeriods)
        .set({ paidPlayers: publications.length })
        .where(and(eq(cashbackPeriods.templateId, template.id), eq(cashbackPeriods.periodStart, dateOnly(period.start))));
      return { ...outcome, skipped: false, paid: publications.length };
    });
  }

  function knownPrecisionOrNull(currency: string): string | null {
    try {
      return precisions.knownPrecision(currency);
    } catch {
      return null;
    }
  }

  /** Pays every cashback template's last period closed at `at`: how many players were paid, and each period's outcome. */
  async function payCashback(at: Date): Promise<CashbackRun> {
    await precisions.load();
    const periods: TemplatePeriodOutcome[] = [];
    for (const template of await cashbackTemplates()) {
      const reward = template.reward as CashbackReward;
      periods.push(await payTemplatePeriod(template, reward, lastClosedPeriod(at, reward.periodDays), at));
    }
    return { paid: periods.reduce((sum, period) => sum + period.paid, 0), periods };
  }

  /** GET /api/game/bonuses/cashback: the running period of the first cashback offer in `currency`. */
  async function cashbackOf(playerId: string, currency: string, locale: string): Promise<Cashback> {
    await precisions.load();
    const template = (await cashbackTemplates()).find((row) => (row.reward as CashbackReward).maxAmount[currency] !== undefined);
    if (!template) {
      return { currency, available: false, title: null, percent: "0", periodStart: null, periodEnd: null, netLoss: "0", estimatedAmount: "0", minLoss: "0", maxAmount: "0", lastPayout: null };
    }
    const reward = template.reward as CashbackReward;
    const subunitToUnit = precisions.knownPrecision(currency);
    const period = periodContaining(now(), reward.periodDays);
    const netLoss = roundAmount(await netLossOf(db, playerId, currency, period), subunitToUnit, "floor");
    const [last] = await db
      .select({ amount: cashbackPayouts.amount, periodEnd: cashbackPayouts.periodEnd, paidAt: cashbackPayouts.paidAt })
      .from(cashbackPayouts)
      .where(and(eq(cashbackPayouts.templateId, template.id), eq(cashbackPayouts.playerId, playerId), eq(cashbackPayouts.currency, currency)))
      .orderBy(desc(cashbackPayouts.periodStart))
      .limit(1);
    return {
      currency,
      available: true,
      title: template.title[locale] ?? template.title.en,
      percent: reward.percent,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      netLoss,
      estimatedAmount: cashbackAmount(netLoss, reward, currency, subunitToUnit),
      minLoss: reward.minLoss[currency] ?? "0",
      maxAmount: reward.maxAmount[currency]!,
      lastPayout: last ? { amount: roundAmount(last.amount, subunitToUnit, "floor"), periodEnd: last.periodEnd, paidAt: last.paidAt.toISOString() } : null,
    };
  }

  /** Pays the last closed period when it has not been paid by this process yet (a rerun is harmless). */
  function tick() {
    if (running) return;
    const at = now();
    running = (async () => {
      const templates = await cashbackTemplates();
      const ends = templates.map((template) => lastClosedPeriod(at, (template.reward as CashbackReward).periodDays).end.getTime());
      const latest = Math.max(0, ...ends);
      if (latest <= lastPaidEnd) return;
      const { paid } = await payCashback(at);
      lastPaidEnd = latest;
      if (paid > 0) logger.info({ paid }, "cashback paid");
    })()
      .catch((error: unknown) => logger.warn({ err: error }, "cashback not paid"))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    payCashback,
    cashbackOf,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, CASHBACK_CHECK_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/**
 * The `playerBonus` event of a just-issued cashback bonus (alias `b`, its currency's offer `o`),
 * built in SQL field by field as `playerBonusView` builds it for an issued bonus: amounts at the
 * currency's precision, times in ISO 8601 UTC, texts in English as every published view is.
 */
function eventSql(template: BonusTemplateRow) {
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const money = (column: string) => sql.raw(`round(${column}, o.decimals)::text`);
  return sql`jsonb_build_object('event', ${BONUS_EVENTS.playerBonus}::text, 'playerBonus', jsonb_build_object(
    'id', b.id, 'status', 1, 'result', 1, 'amount', ${money("b.amount")}, 'currency', b.currency,
    'packageId', null, 'packageStep', null, 'issueSessionId', null,
    'wagerCasinoConditions', jsonb_build_object('gameIds', ${JSON.stringify(template.terms.gameIds)}::jsonb), 'triggerConditions', null,
    'kind', 'cashback', 'source', 'cashback', 'title', ${template.title.en}::text, 'description', ${template.description.en}::text, 'pageIdentity', ${template.pageIdentity}::text,
    'terms', ${JSON.stringify(template.terms)}::jsonb, 'balance', ${money("0")},
    'wagering', jsonb_build_object('required', ${money("b.wagering_required")}, 'wagered', ${money("0")}, 'multiplier', b.wagering_multiplier::text),
    'maxBet', ${money("b.max_bet")}, 'maxConversion', ${money("b.max_conversion")}, 'convertedAmount', ${money("0")}, 'hasOpenRounds', false,
    'issuedAt', ${iso("b.issued_at")}, 'activatedAt', null, 'expiresAt', ${iso("b.expires_at")}, 'finishedAt', null))`;
}
