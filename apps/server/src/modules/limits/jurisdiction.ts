import { eq, inArray, sql } from "drizzle-orm";
import {
  ageOn,
  stakeCapBandFor,
  UK_JURISDICTION_RULES,
  type GameJurisdiction,
  type JurisdictionProfile,
  type JurisdictionRules,
  type StakeCapBand,
} from "@playfair/contracts/game/jurisdiction";
import { compareAmounts, convertAmount } from "@playfair/contracts/money";
import { formatValidationMessage, VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { players } from "../player/player.schema.ts";
import { currencies } from "../settings/settings.schema.ts";
import { jurisdictionProfiles, jurisdictionSeededCountries } from "./jurisdiction.schema.ts";

// Jurisdiction profiles (P11, ADR 031): which country's rules apply to a player's game, and the two
// rules the server enforces in the stake's transaction: the stake cap per game cycle (by age band,
// converted from the profile's currency with the currencies' rates and rounded down) and the
// minimum time between the starts of two rounds. The presentation rules travel to the game page
// with the launch answer.

export const STAKE_CAP_REASON = "stakeCapExceeded";
export const CYCLE_TIME_REASON = "cycleTooShort";
export const STAKE_CAP_BELOW_MINIMUM_REASON = "stakeCapBelowMinimum";

/**
 * A real-money launch of a game whose smallest stake is over the player's cap: every stake would be
 * refused, so the game is not opened for real money (422 on `currency`, reason
 * stakeCapBelowMinimum); play money stays open.
 */
export function assertCapAllowsMinimum(stakeCap: GameJurisdiction["stakeCap"], minimum: string): void {
  if (!stakeCap || compareAmounts(stakeCap.amount, minimum) >= 0) return;
  throw new AppError("VALIDATION_FAILED", "The given data was invalid.", {
    fieldErrors: {
      currency: [formatValidationMessage(VALIDATION_MESSAGES_EN.stakeCapBelowMinimum, { amount: `${stakeCap.amount} ${stakeCap.currency}`, min: `${minimum} ${stakeCap.currency}` })],
    },
    reason: STAKE_CAP_BELOW_MINIMUM_REASON,
  });
}

/** Who plays: the player's profile country wins; a player without one (or a guest) is placed by the request's visitor country. */
export type JurisdictionSubject = { playerId: string | null; visitorCountry: string | null };

export type JurisdictionStake = JurisdictionSubject & {
  playerId: string;
  /** The game's catalogue categories. */
  categories: readonly string[];
  currency: string;
  amount: string;
  /** When the player's previous round of this game started (null: none). */
  previousRoundAt: Date | null;
};

export type JurisdictionService = {
  list(): Promise<JurisdictionProfile[]>;
  get(country: string): Promise<JurisdictionProfile>;
  put(country: string, rules: JurisdictionRules): Promise<JurisdictionProfile>;
  remove(country: string): Promise<void>;
  /** The rules of a game about to be launched, or null when no profile covers it. Play money is never capped. */
  gameRules(executor: DbExecutor, subject: JurisdictionSubject, game: { categories: readonly string[]; currency: string; demo: boolean }): Promise<GameJurisdiction | null>;
  /**
   * In the stake's transaction, after the limits' check locked the player row (so one player's
   * stakes are checked one after another): refuses a stake over the cap (422 on `amount`, reason
   * stakeCapExceeded) and a round started sooner than the profile's cycle time after the previous
   * one (429, reason cycleTooShort, Retry-After in whole seconds).
   */
  assertCanStake(executor: DbExecutor, stake: JurisdictionStake): Promise<void>;
};

type ProfileRow = typeof jurisdictionProfiles.$inferSelect;

function profileOf(row: ProfileRow): JurisdictionProfile {
  return {
    country: row.country,
    categories: row.categories as JurisdictionRules["categories"],
    stakeCaps: row.stakeCaps,
    minCycleMs: row.minCycleMs,
    autoplayAllowed: row.autoplayAllowed,
    turboAllowed: row.turboAllowed,
    slamStopAllowed: row.slamStopAllowed,
    celebrateOnlyAboveStake: row.celebrateOnlyAboveStake,
    showNetPosition: row.showNetPosition,
    showTimePlayed: row.showTimePlayed,
    bonusWageringCap: row.bonusWageringCap,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Adds the UK's profile for GB once; an operator's later change or removal is kept. */
export async function seedJurisdictionProfiles(db: AppDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    const marked = await tx.insert(jurisdictionSeededCountries).values({ country: "GB" }).onConflictDoNothing().returning();
    if (marked.length === 0) return;
    await tx
      .insert(jurisdictionProfiles)
      .values({ country: "GB", ...UK_JURISDICTION_RULES })
      .onConflictDoNothing();
  });
}

/**
 * The bonus wagering multiplier cap of the profile of the player's country (ADR 034), or null when
 * there is no profile or it sets none. Read where a bonus is issued, in its transaction.
 */
export async function bonusWageringCapOf(executor: DbExecutor, playerId: string): Promise<string | null> {
  const [row] = await executor
    .select({ cap: jurisdictionProfiles.bonusWageringCap })
    .from(players)
    .innerJoin(jurisdictionProfiles, eq(jurisdictionProfiles.country, sql`upper(${players.country})`))
    .where(eq(players.id, playerId));
  return row?.cap ?? null;
}

type Rated = { code: string; rate: string; subunitToUnit: string };

/**
 * The cap in the stake's currency, rounded down to its subunit so a stake at the cap never passes
 * the stated amount. Null when either currency has no rate (the caller fails closed).
 */
export function capInCurrency(band: StakeCapBand, stakeCurrency: Rated | undefined, capCurrency: Rated | undefined): string | null {
  if (!stakeCurrency || !capCurrency) return null;
  return convertAmount(band.amount, capCurrency, stakeCurrency, "floor");
}

export function createJurisdictionService(dependencies: { db: AppDatabase; now: () => Date }): JurisdictionService {
  const { db, now } = dependencies;

  async function profileFor(executor: DbExecutor, subject: JurisdictionSubject): Promise<{ profile: JurisdictionProfile; birthdate: string | null } | null> {
    let country = subject.visitorCountry;
    let birthdate: string | null = null;
    if (subject.playerId) {
      const [player] = await executor.select({ country: players.country, birthdate: players.birthdate }).from(players).where(eq(players.id, subject.playerId));
      if (player?.country) country = player.country;
      birthdate = player?.birthdate ?? null;
    }
    if (!country) return null;
    const [row] = await executor.select().from(jurisdictionProfiles).where(eq(jurisdictionProfiles.country, country.toUpperCase()));
    return row ? { profile: profileOf(row), birthdate } : null;
  }

  function covers(profile: JurisdictionProfile, categories: readonly string[]): boolean {
    return categories.some((category) => (profile.categories as readonly string[]).includes(category));
  }

  async function capFor(executor: DbExecutor, profile: JurisdictionProfile, birthdate: string | null, currency: string) {
    const band = stakeCapBandFor(profile.stakeCaps, ageOn(birthdate, now()));
    if (!band) return null;
    const rows = await executor
      .select({ code: currencies.code, rate: currencies.rate, subunitToUnit: currencies.subunitToUnit })
      .from(currencies)
      .where(inArray(currencies.code, [...new Set([currency, band.currency])]));
    const byCode = new Map(rows.map((row) => [row.code, row]));
    const amount = capInCurrency(band, byCode.get(currency), byCode.get(band.currency));
    // A cap that cannot be converted refuses every stake rather than none.
    return { band, amount: amount ?? "0" };
  }

  return {
    async list() {
      return (await db.select().from(jurisdictionProfiles).orderBy(jurisdictionProfiles.country)).map(profileOf);
    },

    async get(country) {
      const [row] = await db.select().from(jurisdictionProfiles).where(eq(jurisdictionProfiles.country, country));
      if (!row) throw notFound("This country has no jurisdiction profile.");
      return profileOf(row);
    },

    async put(country, rules) {
      // A PUT replaces the profile: a cap left out is removed.
      const values = { ...rules, bonusWageringCap: rules.bonusWageringCap ?? null, updatedAt: now() };
      const [row] = await db
        .insert(jurisdictionProfiles)
        .values({ country, ...values })
        .onConflictDoUpdate({ target: jurisdictionProfiles.country, set: values })
        .returning();
      return profileOf(row!);
    },

    async remove(country) {
      const removed = await db.delete(jurisdictionProfiles).where(eq(jurisdictionProfiles.country, country)).returning({ country: jurisdictionProfiles.country });
      if (removed.length === 0) throw notFound("This country has no jurisdiction profile.");
    },

    async gameRules(executor, subject, game) {
      const found = await profileFor(executor, subject);
      if (!found || !covers(found.profile, game.categories)) return null;
      const { profile, birthdate } = found;
      const cap = game.demo ? null : await capFor(executor, profile, birthdate, game.currency);
      return {
        country: profile.country,
        stakeCap: cap ? { amount: cap.amount, currency: game.currency, statedAmount: cap.band.amount, statedCurrency: cap.band.currency } : null,
        minCycleMs: profile.minCycleMs,
        autoplayAllowed: profile.autoplayAllowed,
        turboAllowed: profile.turboAllowed,
        slamStopAllowed: profile.slamStopAllowed,
        celebrateOnlyAboveStake: profile.celebrateOnlyAboveStake,
        showNetPosition: profile.showNetPosition,
        showTimePlayed: profile.showTimePlayed,
      };
    },

    async assertCanStake(executor, stake) {
      const found = await profileFor(executor, stake);
      if (!found || !covers(found.profile, stake.categories)) return;
      const { profile, birthdate } = found;
      const cap = await capFor(executor, profile, birthdate, stake.currency);
      if (cap && compareAmounts(stake.amount, cap.amount) > 0) {
        throw new AppError("VALIDATION_FAILED", "The given data was invalid.", {
          fieldErrors: { amount: [formatValidationMessage(VALIDATION_MESSAGES_EN.stakeCap, { amount: `${cap.amount} ${stake.currency}` })] },
          reason: STAKE_CAP_REASON,
        });
      }
      if (profile.minCycleMs > 0 && stake.previousRoundAt) {
        const waitMs = stake.previousRoundAt.getTime() + profile.minCycleMs - now().getTime();
        if (waitMs > 0) {
          throw new AppError("RATE_LIMITED", `Spins are at least ${formatSeconds(profile.minCycleMs)} s apart in your country.`, {
            reason: CYCLE_TIME_REASON,
            headers: { "retry-after": String(Math.ceil(waitMs / 1000)) },
          });
        }
      }
    },
  };
}

/** 2500 -> "2.5", 3000 -> "3". */
function formatSeconds(ms: number): string {
  return String(ms / 1000);
}
