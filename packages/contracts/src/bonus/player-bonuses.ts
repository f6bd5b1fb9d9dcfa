import { z } from "zod";
import { MoneyAmountSchema, NonNegativeMoneyAmountSchema, PositiveMoneyAmountSchema } from "../money.ts";
import { CurrencyCodeSchema } from "../settings.ts";
import { BONUS_CODE_TRIGGERS, BONUS_EVENTS, BONUS_SOURCES, BONUS_TEMPLATE_KINDS, GAME_BET_MAX_EXCEED_EVENT } from "./bonus-constants.ts";
import { BonusTermsSchema, TriggerConditionsSchema } from "./templates.ts";

// The player's side of bonuses (spec 3 Player bonus, Free spin, Deposit bonus, Bonus sum, Bonus
// code; spec 7 "Quests and bonuses"). Titles arrive already in the request's language.

const StatusListSchema = z
  .string()
  .regex(/^[1-3](,[1-3])*$/, { error: "Use statuses 1, 2 or 3, separated by commas." })
  .transform((value) => [...new Set(value.split(",").map(Number))]);

/** `?status=1,2` (spec 9: the lists ask for [1,2]); absent: 1 and 2. */
export const PlayerBonusListQuerySchema = z.object({ status: StatusListSchema.optional(), currency: CurrencyCodeSchema.optional() });
export type PlayerBonusListQuery = z.infer<typeof PlayerBonusListQuerySchema>;

export const PlayerBonusIdParamsSchema = z.object({ id: z.uuid({ error: "Unknown bonus." }) });

/** Wagering as the player sees it: how much has been bet against how much is required. */
export const WageringProgressSchema = z
  .object({
    required: NonNegativeMoneyAmountSchema,
    wagered: NonNegativeMoneyAmountSchema,
    /** The multiplier applied (the template's, capped by the jurisdiction). */
    multiplier: NonNegativeMoneyAmountSchema,
  })
  .meta({ id: "WageringProgress" });

/** Spec 3 Player bonus, plus what the bonus pages show. */
export const PlayerBonusSchema = z
  .object({
    id: z.uuid(),
    status: z.number().int(),
    result: z.number().int(),
    /** The bonus money granted. */
    amount: MoneyAmountSchema,
    currency: z.string(),
    packageId: z.uuid().nullable(),
    /** The welcome package step (1-4) this bonus is, or null. */
    packageStep: z.number().int().nullable(),
    issueSessionId: z.string().nullable(),
    wagerCasinoConditions: z.object({ gameIds: z.array(z.string()) }),
    triggerConditions: TriggerConditionsSchema.nullable(),
    kind: z.enum(BONUS_TEMPLATE_KINDS),
    source: z.enum(BONUS_SOURCES),
    title: z.string(),
    description: z.string(),
    pageIdentity: z.string().nullable(),
    terms: BonusTermsSchema,
    /** Bonus money left now (active only; 0 otherwise). */
    balance: NonNegativeMoneyAmountSchema,
    wagering: WageringProgressSchema,
    /** The most a stake may be while active in this currency; null: no cap. */
    maxBet: PositiveMoneyAmountSchema.nullable(),
    /** The most that becomes real money; null: no cap. */
    maxConversion: PositiveMoneyAmountSchema.nullable(),
    /** What became real money when it finished played. */
    convertedAmount: NonNegativeMoneyAmountSchema,
    /** True while a round staked with it is still open: it cannot be cancelled then (spec bonus cancel lock). */
    hasOpenRounds: z.boolean(),
    issuedAt: z.string(),
    activatedAt: z.string().nullable(),
    /** Activation deadline while issued; wagering deadline while active. */
    expiresAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "PlayerBonus" });
export type PlayerBonus = z.infer<typeof PlayerBonusSchema>;
export const PlayerBonusListSchema = z.object({ data: z.array(PlayerBonusSchema) }).meta({ id: "PlayerBonusList" });
export const PlayerBonusResponseSchema = z.object({ data: PlayerBonusSchema }).meta({ id: "PlayerBonusResponse" });

/** Spec 3 Free spin, plus what the pages show. */
export const PlayerFreespinSchema = z
  .object({
    id: z.uuid(),
    status: z.number().int(),
    result: z.number().int(),
    count: z.number().int(),
    /** Spins not yet played. */
    remaining: z.number().int(),
    currency: z.string(),
    /** Catalogue identity of the game the spins play on. */
    gameId: z.string(),
    gameName: z.string(),
    spinValue: PositiveMoneyAmountSchema,
    /** What the played spins have won so far (becomes a bonus with its own wagering). */
    winnings: NonNegativeMoneyAmountSchema,
    packageId: z.uuid().nullable(),
    issueSessionId: z.string().nullable(),
    title: z.string(),
    terms: BonusTermsSchema,
    issuedAt: z.string(),
    activatedAt: z.string().nullable(),
    expiresAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "PlayerFreespin" });
export type PlayerFreespin = z.infer<typeof PlayerFreespinSchema>;
export const PlayerFreespinListSchema = z.object({ data: z.array(PlayerFreespinSchema) }).meta({ id: "PlayerFreespinList" });
export const PlayerFreespinResponseSchema = z.object({ data: PlayerFreespinSchema }).meta({ id: "PlayerFreespinResponse" });

/** Spec 3 Bonus sum: GET /api/game/player-bonuses/sum. */
export const BonusSumSchema = z
  .object({
    baseCurrencyBonusTotal: NonNegativeMoneyAmountSchema,
    baseCurrencySymbol: z.string(),
    playerBonuses: z.array(PlayerBonusSchema),
  })
  .meta({ id: "BonusSum" });
export type BonusSum = z.infer<typeof BonusSumSchema>;

/** GET /api/game/bonuses?currency&amount: the deposit bonuses a deposit of that amount could take. */
export const DepositBonusQuerySchema = z.object({ currency: CurrencyCodeSchema, amount: PositiveMoneyAmountSchema.optional() });

/** Spec 3 Deposit bonus (id, package), plus the offer as the deposit form shows it. */
export const DepositBonusSchema = z
  .object({
    id: z.uuid(),
    package: z.object({ id: z.uuid(), step: z.number().int() }).nullable(),
    code: z.string(),
    title: z.string(),
    description: z.string(),
    percent: PositiveMoneyAmountSchema,
    maxAmount: PositiveMoneyAmountSchema,
    minDeposit: NonNegativeMoneyAmountSchema,
    /** The bonus this deposit would earn; null when no amount was asked or it does not qualify. */
    bonusAmount: NonNegativeMoneyAmountSchema.nullable(),
    /** False when the amount is under the minimum (the form shows why). */
    qualifies: z.boolean(),
    triggerConditions: TriggerConditionsSchema,
    terms: BonusTermsSchema,
    pageIdentity: z.string().nullable(),
  })
  .meta({ id: "DepositBonus" });
export type DepositBonus = z.infer<typeof DepositBonusSchema>;
export const DepositBonusListSchema = z.object({ data: z.array(DepositBonusSchema) }).meta({ id: "DepositBonusList" });

/** GET /api/game/bonuses/status?bonusIds=a,b&currency: whether each deposit bonus can still be taken. */
export const BonusStatusQuerySchema = z.object({
  bonusIds: z
    .string()
    .min(1)
    .transform((value) => value.split(",").filter(Boolean)),
  currency: CurrencyCodeSchema,
});
export const BONUS_UNAVAILABLE_REASONS = ["unknown", "alreadyReceived", "notEligible", "excludedCountry", "restricted", "optedOut", "currency", "ended"] as const;
export const BonusAvailabilitySchema = z
  .object({ id: z.string(), available: z.boolean(), reason: z.enum(BONUS_UNAVAILABLE_REASONS).nullable() })
  .meta({ id: "BonusAvailability" });
export const BonusStatusListSchema = z.object({ data: z.array(BonusAvailabilitySchema) }).meta({ id: "BonusStatusList" });

/** GET /api/game/bonuses/cashback?currency: the running period's cashback. */
export const CashbackQuerySchema = z.object({ currency: CurrencyCodeSchema });
export const CashbackSchema = z
  .object({
    currency: z.string(),
    /** False when no cashback offer runs in this currency. */
    available: z.boolean(),
    title: z.string().nullable(),
    percent: NonNegativeMoneyAmountSchema,
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    /** Stakes minus wins of real money in the period so far (negative: the player is ahead). */
    netLoss: MoneyAmountSchema,
    /** What the period would pay if it ended now. */
    estimatedAmount: NonNegativeMoneyAmountSchema,
    minLoss: NonNegativeMoneyAmountSchema,
    maxAmount: NonNegativeMoneyAmountSchema,
    lastPayout: z.object({ amount: NonNegativeMoneyAmountSchema, periodEnd: z.string(), paidAt: z.string() }).nullable(),
  })
  .meta({ id: "Cashback" });
export type Cashback = z.infer<typeof CashbackSchema>;
export const CashbackResponseSchema = z.object({ data: CashbackSchema }).meta({ id: "CashbackResponse" });

/** A code the player entered (spec Bonus code: status). */
export const PlayerBonusCodeSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    trigger: z.enum(BONUS_CODE_TRIGGERS),
    status: z.number().int(),
    /** What it gives, in the player's language. */
    title: z.string().nullable(),
    playerBonusId: z.uuid().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PlayerBonusCode" });
export type PlayerBonusCode = z.infer<typeof PlayerBonusCodeSchema>;
export const PlayerBonusCodeListSchema = z.object({ data: z.array(PlayerBonusCodeSchema) }).meta({ id: "PlayerBonusCodeList" });
export const PlayerBonusCodeResponseSchema = z.object({ data: PlayerBonusCodeSchema }).meta({ id: "PlayerBonusCodeResponse" });
export const BonusCodeListQuerySchema = z.object({ trigger: z.enum(BONUS_CODE_TRIGGERS, { error: "Choose registration, deposit or manual." }).optional() });
export const BonusCodeRequestSchema = z
  .object({
    bonusCode: z.string().trim().min(1, { error: "Value is required" }).max(32),
    trigger: z.enum(BONUS_CODE_TRIGGERS, { error: "Choose registration, deposit or manual." }),
  })
  .meta({ id: "BonusCodeRequest" });
export type BonusCodeRequest = z.infer<typeof BonusCodeRequestSchema>;
export const DeleteBonusCodeRequestSchema = z.object({ playerBonusCodeId: z.uuid({ error: "Unknown code." }) }).meta({ id: "DeleteBonusCodeRequest" });

// Realtime payloads (spec 7 events).
export const PlayerBonusEventSchema = z.object({ event: z.literal(BONUS_EVENTS.playerBonus), playerBonus: PlayerBonusSchema }).meta({ id: "PlayerBonusEvent" });
export const PlayerFreespinEventSchema = z.object({ event: z.literal(BONUS_EVENTS.playerFreespin), playerFreespin: PlayerFreespinSchema }).meta({ id: "PlayerFreespinEvent" });
export const PlayerBonusCodeEventSchema = z.object({ event: z.literal(BONUS_EVENTS.playerBonusCode), playerBonusCode: PlayerBonusCodeSchema }).meta({ id: "PlayerBonusCodeEvent" });
/** Spec: `game.bet.max.exceed` with the playerBonus's currency and maxBetAmount. */
export const GameBetMaxExceedEventSchema = z
  .object({
    event: z.literal(GAME_BET_MAX_EXCEED_EVENT),
    playerBonus: z.object({ id: z.uuid(), currency: z.string(), maxBetAmount: PositiveMoneyAmountSchema }),
    gameCode: z.string(),
    amount: PositiveMoneyAmountSchema,
  })
  .meta({ id: "GameBetMaxExceedEvent" });
export type PlayerBonusEvent = z.infer<typeof PlayerBonusEventSchema>;
export type PlayerFreespinEvent = z.infer<typeof PlayerFreespinEventSchema>;
export type PlayerBonusCodeEvent = z.infer<typeof PlayerBonusCodeEventSchema>;
export type GameBetMaxExceedEvent = z.infer<typeof GameBetMaxExceedEventSchema>;

/**
 * A refused bonus code (POST /api/game/bonuses/bonuscodes, a deposit's `bonusCode`) answers 422
 * VALIDATION_FAILED with the message on `bonusCode` and the spec's code status as `reason`
 * ("3" incorrect: unknown or for another trigger; "4" not available: expired, used up, already
 * used, or the player cannot receive it), so the client shows spec 8's alert without parsing text.
 */
export const BONUS_CODE_ERROR_REASON = { incorrect: "3", notAvailable: "4" } as const;

/** The progress of one welcome package step: done (a deposit took it or went past it), next (the next deposit can take it), locked (a later deposit). */
export const WELCOME_PACKAGE_STEP_STATES = ["done", "next", "locked"] as const;

/** GET /api/game/bonuses/package?currency: the welcome package's steps with each step's terms and the player's progress (guests: all locked). */
export const WelcomePackageQuerySchema = z.object({ currency: CurrencyCodeSchema.optional() });
export const WelcomePackageSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    title: z.string(),
    /** The player's successful deposits so far (0 for guests). */
    depositCount: z.number().int(),
    steps: z.array(
      z.object({
        step: z.number().int().min(1).max(4),
        /** The step's deposit offer in the asked currency (bonusAmount null: no amount asked). */
        template: DepositBonusSchema,
        state: z.enum(WELCOME_PACKAGE_STEP_STATES),
        /** The bonus this step gave the player, when it gave one. */
        playerBonusId: z.uuid().nullable(),
      }),
    ),
  })
  .meta({ id: "WelcomePackage" });
export type WelcomePackage = z.infer<typeof WelcomePackageSchema>;
/** `data` is null when no welcome package runs. */
export const WelcomePackageResponseSchema = z.object({ data: WelcomePackageSchema.nullable() }).meta({ id: "WelcomePackageResponse" });
