import type { FeedMarket, SportMarketStatus } from "@playfair/contracts/sport/feed-messages";

/**
 * From fair probabilities to the prices we publish. The book's margin is proportional: each fair
 * probability is multiplied by 1 + PRICE_MARGIN, so the implied probabilities of a market sum to
 * 1.05 before the odds are rounded to two decimals. A market whose price would fall below 1.01 or
 * above MAX_ODDS is not offered at that moment: it is published suspended, its outcomes inactive.
 */
export const PRICE_MARGIN = 0.05;
export const MIN_ODDS_CENTS = 101;
export const MAX_ODDS_CENTS = 100_000;

export type FairOutcome = { id: string; probability: number };

/** Two-decimal text of a whole number of hundredths: 185 -> "1.85". */
export function oddsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function priceMarket(marketTypeId: number, specifiers: string, fair: FairOutcome[], status: SportMarketStatus = "active"): FeedMarket {
  const total = fair.reduce((sum, outcome) => sum + Math.max(0, outcome.probability), 0);
  let offerable = total > 0;
  const outcomes = fair.map((outcome) => {
    const margined = total > 0 ? (Math.max(0, outcome.probability) / total) * (1 + PRICE_MARGIN) : 0;
    const cents = margined > 0 ? Math.round(100 / margined) : Number.POSITIVE_INFINITY;
    if (!(cents >= MIN_ODDS_CENTS && cents <= MAX_ODDS_CENTS)) offerable = false;
    return { id: outcome.id, cents: Math.min(MAX_ODDS_CENTS, Math.max(MIN_ODDS_CENTS, Number.isFinite(cents) ? cents : MAX_ODDS_CENTS)) };
  });
  const finalStatus: SportMarketStatus = status === "active" && !offerable ? "suspended" : status;
  return {
    marketTypeId,
    specifiers,
    status: finalStatus,
    outcomes: outcomes.map((outcome) => ({ id: outcome.id, odds: oddsText(outcome.cents), active: finalStatus === "active" })),
  };
}

/** The margin the published prices carry: sum of 1/odds minus one. */
export function impliedOverround(market: FeedMarket): number {
  return market.outcomes.reduce((sum, outcome) => sum + 100 / Math.round(Number(outcome.odds) * 100), 0) - 1;
}

export function poissonPmf(mean: number, max: number): number[] {
  const pmf: number[] = [];
  let term = Math.exp(-mean);
  for (let count = 0; count <= max; count++) {
    pmf.push(term);
    term *= mean / (count + 1);
  }
  return pmf;
}

/** Standard normal cumulative distribution (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(value: number): number {
  const sign = value < 0 ? -1 : 1;
  const x = Math.abs(value) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 0.5 * (1 + sign * (1 - poly * Math.exp(-x * x)));
}

/** A number as a specifier value: 2.5 -> "2.5", -0.25 -> "-0.25", 1 -> "1", 0.5 -> "+0.5" for handicaps. */
export function lineText(value: number, signed = false): string {
  const text = String(Math.round(value * 100) / 100);
  return signed && value > 0 ? `+${text}` : text;
}
