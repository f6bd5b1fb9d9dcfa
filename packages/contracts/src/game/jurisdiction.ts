import { z } from "zod";
import { DEFAULT_WAGERING_MULTIPLIER_CAP } from "../bonus/bonus-constants.ts";
import { compareAmounts, isDecimalAmount } from "../money.ts";
import { GameCategorySchema } from "./catalogue.ts";

// Jurisdiction profiles (promise P11): the rules a country sets for online games, applied by the
// player's country. The operator keeps one profile per country (the UK's is seeded as the
// reference); a country without one plays without these rules. ADR 031.

/** One age band's stake cap per game cycle: players aged `minAge` or more, up to the next band's minimum. */
export const StakeCapBandSchema = z
  .object({
    minAge: z.number().int().min(0).max(150),
    amount: z.string().refine((value) => isDecimalAmount(value) && compareAmounts(value, "0") > 0, "The amount must be a positive decimal number."),
    currency: z.string().regex(/^[A-Z]{3,5}$/, "A currency code such as GBP."),
  })
  .meta({ id: "StakeCapBand" });
export type StakeCapBand = z.infer<typeof StakeCapBandSchema>;

/** What an operator sets for a country (PUT /api/operator/jurisdictions/{country}). */
export const JurisdictionRulesSchema = z
  .object({
    /** The game categories the rules cover (the catalogue's categories: "slots" for the UK). */
    categories: z.array(GameCategorySchema).min(1),
    /** Stake caps by age band, all in one currency; none means no cap. */
    stakeCaps: z
      .array(StakeCapBandSchema)
      .max(10)
      .refine((bands) => new Set(bands.map((band) => band.currency)).size <= 1, "Every band is in the same currency.")
      .refine((bands) => new Set(bands.map((band) => band.minAge)).size === bands.length, "Each band has its own minimum age."),
    /** The shortest time between the starts of two rounds of one game, in milliseconds. */
    minCycleMs: z.number().int().min(0).max(600_000),
    autoplayAllowed: z.boolean(),
    turboAllowed: z.boolean(),
    slamStopAllowed: z.boolean(),
    /** No win celebration (animation, sound, banner) when the return is not more than the stake. */
    celebrateOnlyAboveStake: z.boolean(),
    /** Net position (wins minus stakes) and time played stay visible during play. */
    showNetPosition: z.boolean(),
    showTimePlayed: z.boolean(),
    /**
     * The highest wagering multiplier a bonus issued to the country's players may carry (ADR 034);
     * absent or null: the platform's cap (DEFAULT_WAGERING_MULTIPLIER_CAP), never more than it.
     */
    bonusWageringCap: z
      .string()
      .refine(
        (value) => isDecimalAmount(value) && compareAmounts(value, "0") >= 0 && compareAmounts(value, DEFAULT_WAGERING_MULTIPLIER_CAP) <= 0,
        `A multiplier from 0 to ${DEFAULT_WAGERING_MULTIPLIER_CAP}.`,
      )
      .nullable()
      .optional(),
  })
  .meta({ id: "JurisdictionRules" });
export type JurisdictionRules = z.infer<typeof JurisdictionRulesSchema>;

export const CountryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "A two-letter country code such as GB.")
  .transform((value) => value.toUpperCase());

export const JurisdictionProfileSchema = JurisdictionRulesSchema.extend({
  bonusWageringCap: z.string().nullable(),
  country: z.string(),
  updatedAt: z.string(),
}).meta({ id: "JurisdictionProfile" });
export type JurisdictionProfile = z.infer<typeof JurisdictionProfileSchema>;

export const JurisdictionProfileResponseSchema = z.object({ data: JurisdictionProfileSchema });
export const JurisdictionProfileListSchema = z.object({ data: z.array(JurisdictionProfileSchema) });
export const JurisdictionCountryParamsSchema = z.object({ country: CountryCodeSchema });

/** The UK's profile (the reference one, seeded for GB). */
export const UK_JURISDICTION_RULES: JurisdictionRules = {
  categories: ["slots"],
  stakeCaps: [
    { minAge: 18, amount: "2.00", currency: "GBP" },
    { minAge: 25, amount: "5.00", currency: "GBP" },
  ],
  minCycleMs: 2500,
  autoplayAllowed: false,
  turboAllowed: false,
  slamStopAllowed: false,
  celebrateOnlyAboveStake: true,
  showNetPosition: true,
  showTimePlayed: true,
  // The Gambling Commission's cap on wagering requirements from January 2026.
  bonusWageringCap: "10",
};

/**
 * The rules of a launched game (the launch answer's `jurisdiction`), when the player's country has a
 * profile covering the game's category. `stakeCap` is the cap in the session's currency (rounded
 * down) and as the profile states it; null for play money or a profile without caps.
 */
export const GameJurisdictionSchema = z
  .object({
    country: z.string(),
    stakeCap: z.object({ amount: z.string(), currency: z.string(), statedAmount: z.string(), statedCurrency: z.string() }).nullable(),
    minCycleMs: z.number().int(),
    autoplayAllowed: z.boolean(),
    turboAllowed: z.boolean(),
    slamStopAllowed: z.boolean(),
    celebrateOnlyAboveStake: z.boolean(),
    showNetPosition: z.boolean(),
    showTimePlayed: z.boolean(),
  })
  .meta({ id: "GameJurisdiction" });
export type GameJurisdiction = z.infer<typeof GameJurisdictionSchema>;

/** Whole years from a `YYYY-MM-DD` birthdate to `at` (UTC calendar); null when unknown or unreadable. */
export function ageOn(birthdate: string | null | undefined, at: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate ?? "");
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = at.getUTCFullYear() - year;
  const beforeBirthday = at.getUTCMonth() + 1 < month || (at.getUTCMonth() + 1 === month && at.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/**
 * The band that caps a player of `age`: the one with the highest minimum age the player has reached.
 * An unknown age, or one below every band, gets the strictest band (the lowest cap): a cap the
 * player may not need is safer than a missing one.
 */
export function stakeCapBandFor(bands: readonly StakeCapBand[], age: number | null): StakeCapBand | null {
  if (bands.length === 0) return null;
  const strictest = bands.reduce((lowest, band) => (compareAmounts(band.amount, lowest.amount) < 0 ? band : lowest));
  if (age === null) return strictest;
  const reached = bands.filter((band) => age >= band.minAge).sort((a, b) => b.minAge - a.minAge);
  return reached[0] ?? strictest;
}

/** Whether a round's result may be celebrated: always without a profile, else only a return above the stake. */
export function mayCelebrate(rules: Pick<GameJurisdiction, "celebrateOnlyAboveStake"> | null | undefined, stake: string, payout: string): boolean {
  if (!rules?.celebrateOnlyAboveStake) return compareAmounts(payout, "0") > 0;
  return compareAmounts(payout, stake) > 0;
}
