import { z } from "zod";
import { NonNegativeMoneyAmountSchema, PositiveMoneyAmountSchema } from "../money.ts";
import { BONUS_PRODUCTS, BONUS_TEMPLATE_KINDS, BONUS_CODE_TRIGGERS, WAGERING_BASES, DEFAULT_MIN_MULTIPLIER } from "./bonus-constants.ts";

// Bonus templates: what an operator defines (operator API and `npm run ops -- bonuses`) and what a
// player reads before accepting. Amounts that depend on the currency are maps by currency code;
// a currency missing from a map means the offer does not exist in that currency.

const CurrencyMapSchema = <T extends z.ZodType>(value: T) => z.record(z.string().regex(/^[A-Z0-9]{2,12}$/), value);

/** Text per locale; `en` is required and is the fallback. */
export const LocalizedTextSchema = z.object({ en: z.string().min(1).max(400) }).catchall(z.string().max(400));
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** Spec 3 triggerConditions: the deposit that qualifies, per currency and in the base currency. */
export const TriggerConditionsSchema = z
  .object({
    invoiceAmountItems: z.array(z.object({ currency: z.string(), amountFrom: NonNegativeMoneyAmountSchema })),
    baseCurrencyInvoiceAmountFrom: NonNegativeMoneyAmountSchema.nullable(),
  })
  .meta({ id: "BonusTriggerConditions" });
export type TriggerConditions = z.infer<typeof TriggerConditionsSchema>;

/** What a template gives, by kind. */
export const BonusRewardSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("deposit"),
    /** Percent of the deposit, e.g. "100" doubles it. */
    percent: PositiveMoneyAmountSchema,
    /** The most bonus one deposit earns, per currency. */
    maxAmount: CurrencyMapSchema(PositiveMoneyAmountSchema),
    trigger: TriggerConditionsSchema,
  }),
  z.object({ kind: z.literal("noDeposit"), amount: CurrencyMapSchema(PositiveMoneyAmountSchema) }),
  z.object({
    kind: z.literal("freespins"),
    count: z.number().int().min(1).max(1000),
    /** The stake of each spin, per currency. */
    spinValue: CurrencyMapSchema(PositiveMoneyAmountSchema),
    /** Catalogue identities of the games the spins play on (our slot, or a studio game with free rounds). */
    gameIds: z.array(z.string().min(1).max(80)).min(1),
  }),
  z.object({
    kind: z.literal("cashback"),
    /** Percent of net losses (stakes minus wins, real money) over the period. */
    percent: PositiveMoneyAmountSchema,
    periodDays: z.number().int().min(1).max(31),
    /** The least net loss that earns cashback, per currency. */
    minLoss: CurrencyMapSchema(NonNegativeMoneyAmountSchema),
    /** The most one period pays, per currency. */
    maxAmount: CurrencyMapSchema(PositiveMoneyAmountSchema),
  }),
]);
export type BonusReward = z.infer<typeof BonusRewardSchema>;

/** The terms a player accepts; a player bonus keeps a copy of the terms it was issued under. */
export const BonusTermsSchema = z
  .object({
    product: z.enum(BONUS_PRODUCTS),
    /** Wagering requirement = multiplier × base. "0" means no wagering: the money is real at once. */
    wageringMultiplier: NonNegativeMoneyAmountSchema,
    wageringBase: z.enum(WAGERING_BASES),
    /** Percent of a stake that counts, by catalogue category code; `default` for every other category. */
    contributions: z.record(z.string(), NonNegativeMoneyAmountSchema).default({ default: "100" }),
    /** Spec wagerCasinoConditions.gameIds: only these games count and may be played with bonus money; empty means all. */
    gameIds: z.array(z.string()).default([]),
    /** The most one stake may be while the bonus is active, per currency. */
    maxBet: CurrencyMapSchema(PositiveMoneyAmountSchema).default({}),
    /** Spec Bonus-wager state: the least multiplier (potential return over stake) a stake needs to count. */
    minMultiplier: PositiveMoneyAmountSchema.default(DEFAULT_MIN_MULTIPLIER),
    /** Days to activate an issued bonus, then days to complete its wagering once active. */
    activationDays: z.number().int().min(1).max(365),
    wageringDays: z.number().int().min(1).max(365),
    /** The most that converts to real money, as a multiple of the bonus amount; null: no cap. */
    maxConversionMultiplier: PositiveMoneyAmountSchema.nullable().default(null),
    /** Countries (ISO alpha-2) whose players never receive it. */
    excludedCountries: z.array(z.string().length(2)).default([]),
  })
  .meta({ id: "BonusTerms" });
export type BonusTerms = z.infer<typeof BonusTermsSchema>;

export const BonusTemplateSchema = z
  .object({
    id: z.uuid(),
    /** A readable unique code, e.g. `welcome-1`. */
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/),
    kind: z.enum(BONUS_TEMPLATE_KINDS),
    title: LocalizedTextSchema,
    description: LocalizedTextSchema,
    /** Spec /bonus/:pageIdentity: the content page that explains it. */
    pageIdentity: z.string().nullable(),
    reward: BonusRewardSchema,
    terms: BonusTermsSchema,
    /** How many times one player may receive it (1 unless the template says otherwise). */
    perPlayerLimit: z.number().int().min(1).max(1000),
    isActive: z.boolean(),
    availableFrom: z.string().nullable(),
    availableTo: z.string().nullable(),
  })
  .meta({ id: "BonusTemplate" });
export type BonusTemplate = z.infer<typeof BonusTemplateSchema>;

/**
 * Operator PUT /api/operator/bonus-templates/{code}: everything but the id. Its OpenAPI id is not
 * `BonusTemplateInput`: the type provider names the request variant of `BonusTemplate` so.
 */
export const BonusTemplateInputSchema = BonusTemplateSchema.omit({ id: true, code: true }).meta({ id: "BonusTemplateFields" });
export type BonusTemplateInput = z.infer<typeof BonusTemplateInputSchema>;

/** The welcome package: deposit templates for the 1st to the 4th deposit, one package id. */
export const BonusPackageSchema = z
  .object({
    id: z.uuid(),
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/),
    title: LocalizedTextSchema,
    /** Template codes in deposit order (index 0 = first deposit). */
    steps: z.array(z.string()).min(1).max(4),
    isActive: z.boolean(),
  })
  .meta({ id: "BonusPackage" });
export type BonusPackage = z.infer<typeof BonusPackageSchema>;

/** An operator's bonus code: entered by players, gives a template (or the welcome package's next step) on its trigger. */
export const BonusCodeDefinitionSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9][A-Z0-9_-]{1,31}$/),
    trigger: z.enum(BONUS_CODE_TRIGGERS),
    templateCode: z.string(),
    /** Total uses across players; null: unlimited. */
    maxUses: z.number().int().min(1).nullable(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: "BonusCodeDefinition" });
export type BonusCodeDefinition = z.infer<typeof BonusCodeDefinitionSchema>;

