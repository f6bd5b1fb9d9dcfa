import { z } from "zod";
import { LIMIT_DEFINITION, LIMIT_PERIOD, type CodeOf } from "../constants.ts";
import { PositiveMoneyAmountSchema } from "../money.ts";
import { CurrencyCodeSchema } from "../settings.ts";

// Responsible-gaming limits (spec 3 "Limit", spec 4 "Limit definitions", spec 7 GET/POST
// /api/player/limits and PUT/DELETE /api/player/limits/{id}; promises P1-P4 in docs/promises.md).

export type LimitDefinition = CodeOf<typeof LIMIT_DEFINITION>;
export type LimitPeriod = CodeOf<typeof LIMIT_PERIOD>;

/** Bet, loss and deposit limits: an amount per period in one currency. */
export const MONEY_LIMIT_DEFINITIONS: readonly LimitDefinition[] = [LIMIT_DEFINITION.bet, LIMIT_DEFINITION.loss, LIMIT_DEFINITION.deposit];
/** Self-exclusion and cooling-off: the account is closed to play and deposits until a date. */
export const EXCLUSION_DEFINITIONS: readonly LimitDefinition[] = [LIMIT_DEFINITION.selfExclusion, LIMIT_DEFINITION.coolingOff];

export function isMoneyLimitDefinition(definition: number): boolean {
  return (MONEY_LIMIT_DEFINITIONS as readonly number[]).includes(definition);
}

/** Spec 4: periods are grouped daily, weekly, monthly, in that order (their codes follow it). */
export const LIMIT_PERIODS: readonly LimitPeriod[] = [LIMIT_PERIOD.daily, LIMIT_PERIOD.weekly, LIMIT_PERIOD.monthly];

/** P1: an increase or a removal waits this long; a new limit or a decrease applies at once. */
export const LIMIT_LOOSENING_DELAY_MS = 24 * 60 * 60 * 1000;

/** P3: self-exclusion lasts at least 6 months; these are the lengths a player can choose. */
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
/** P4: a cooling-off lasts more than 24 hours and at most 30 days. */
export const COOLING_OFF_MIN_DAYS = 2;
export const COOLING_OFF_MAX_DAYS = 30;
/** The lengths the page offers; any whole number of days in the range is accepted. */
export const COOLING_OFF_DAY_CHOICES = [2, 7, 14, 30] as const;

const DefinitionSchema = z
  .number({ error: "Choose a kind of limit." })
  .int()
  .min(LIMIT_DEFINITION.bet, { error: "Choose a kind of limit." })
  .max(LIMIT_DEFINITION.coolingOff, { error: "Choose a kind of limit." });

const PeriodSchema = z
  .number({ error: "Choose a period." })
  .int()
  .min(LIMIT_PERIOD.daily, { error: "Choose a period: daily, weekly or monthly." })
  .max(LIMIT_PERIOD.monthly, { error: "Choose a period: daily, weekly or monthly." });

/** Long enough for any currency's amounts; more digits than this is a typo, not a limit. */
const MAX_LIMIT_AMOUNT_LENGTH = 40;
const LimitAmountSchema = PositiveMoneyAmountSchema.refine((value) => value.length <= MAX_LIMIT_AMOUNT_LENGTH, { error: "This amount is too large." });

/**
 * POST /api/player/limits. Bet, loss and deposit limits take period, amount and currency;
 * self-exclusion takes `months` (one of SELF_EXCLUSION_MONTHS); cooling-off takes `days`.
 */
export const CreateLimitRequestSchema = z
  .object({
    definition: DefinitionSchema,
    period: PeriodSchema.optional(),
    amount: LimitAmountSchema.optional(),
    currency: CurrencyCodeSchema.optional(),
    months: z.number().int().optional(),
    days: z.number().int().optional(),
  })
  .superRefine((body, context) => {
    if (isMoneyLimitDefinition(body.definition)) {
      if (body.period === undefined) context.addIssue({ code: "custom", path: ["period"], message: "Choose a period." });
      if (body.amount === undefined) context.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount." });
      if (!body.currency) context.addIssue({ code: "custom", path: ["currency"], message: "Choose a currency." });
    } else if (body.definition === LIMIT_DEFINITION.selfExclusion) {
      if (body.months === undefined || !(SELF_EXCLUSION_MONTHS as readonly number[]).includes(body.months)) {
        context.addIssue({ code: "custom", path: ["months"], message: `Choose a length of ${SELF_EXCLUSION_MONTHS.join(", ")} months.` });
      }
    } else if (body.days === undefined || body.days < COOLING_OFF_MIN_DAYS || body.days > COOLING_OFF_MAX_DAYS) {
      context.addIssue({ code: "custom", path: ["days"], message: `Choose between ${COOLING_OFF_MIN_DAYS} and ${COOLING_OFF_MAX_DAYS} days.` });
    }
  })
  .meta({ id: "CreateLimitRequest" });

/** PUT /api/player/limits/{id}: a new amount, and optionally another period (spec 7: period, amount). */
export const UpdateLimitRequestSchema = z
  .object({
    amount: LimitAmountSchema,
    period: PeriodSchema.optional(),
  })
  .meta({ id: "UpdateLimitRequest" });

export const LimitIdParamsSchema = z.object({ id: z.uuid({ error: "Unknown limit." }) });

/** A change that waits for the 24-hour cooling period (P1). */
export const PendingLimitChangeSchema = z
  .object({
    /** "increase": `amount` takes over at `effectiveAt`; "remove": the limit ends then. */
    kind: z.enum(["increase", "remove"]),
    amount: z.string().nullable(),
    effectiveAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "PendingLimitChange" });

/** Spec 3 "Limit": id, definition, period, amount, currency; plus what the player needs to see. */
export const LimitSchema = z
  .object({
    id: z.string(),
    definition: z.number().int(),
    /** LIMIT_PERIOD for bet, loss and deposit limits; null for self-exclusion and cooling-off. */
    period: z.number().int().nullable(),
    /** The amount in force now; null for self-exclusion and cooling-off. */
    amount: z.string().nullable(),
    currency: z.string().nullable(),
    /** What counts against the limit in the current period (null for exclusions). */
    used: z.string().nullable(),
    /**
     * Deposit limits: the part of `used` that pending deposits reserve (not paid yet; released when
     * one is cancelled or expires). `used - reserved` is what completed deposits used. Null for
     * other limits.
     */
    reserved: z.string().nullable(),
    /** When the current period ends and the count starts again (null for exclusions). */
    periodEndsAt: z.iso.datetime({ offset: true }).nullable(),
    /** When a self-exclusion or cooling-off ends. */
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    pendingChange: PendingLimitChangeSchema.nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Limit" });

/** GET /api/player/limits: by definition, then period (daily, weekly, monthly), then currency. */
export const LimitListSchema = z.object({ data: z.array(LimitSchema) }).meta({ id: "LimitList" });
export const LimitResponseSchema = z.object({ data: LimitSchema }).meta({ id: "LimitResponse" });

export type CreateLimitRequest = z.infer<typeof CreateLimitRequestSchema>;
export type CreateLimitInput = z.input<typeof CreateLimitRequestSchema>;
export type UpdateLimitRequest = z.infer<typeof UpdateLimitRequestSchema>;
export type PendingLimitChange = z.infer<typeof PendingLimitChangeSchema>;
export type Limit = z.infer<typeof LimitSchema>;
export type LimitList = z.infer<typeof LimitListSchema>;

/** The order of the list and of the page's groups (spec 4). */
export function compareLimits(left: Limit, right: Limit): number {
  return (
    left.definition - right.definition ||
    (left.period ?? 0) - (right.period ?? 0) ||
    (left.currency ?? "").localeCompare(right.currency ?? "") ||
    left.createdAt.localeCompare(right.createdAt)
  );
}
