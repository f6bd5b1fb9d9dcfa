import { compareAmounts, fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { SPORT_STAKE_LIMITS, type SportStakeLimits } from "@playfair/contracts/sport/bet-limits";
import type { BetRejectReason, PlaceBetRequest } from "@playfair/contracts/sport/bets";
import { AppError, validationFailed } from "../../../lib/app-error.ts";

// What a slip must be before any market is read: its shape for its kind (a single has one
// selection, a multiple two or more, a system k/n at least 2/3 with 2 <= k < n), no two selections
// of one event in a multiple or system (related outcomes), and a stake inside the currency's bounds.

/** A slip refused, with the reason the widget shows; 422 like every other refused stake. */
export function slipRefused(reason: BetRejectReason, field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", "The given data was invalid.", { fieldErrors: { [field]: [message] }, reason });
}

export function stakeLimitsOf(currency: string): SportStakeLimits {
  const limits = SPORT_STAKE_LIMITS[currency];
  if (!limits) throw validationFailed({ currency: [`Sports bets are not taken in ${currency}.`] });
  return limits;
}

/** Checks the slip's shape and stake; answers the stake in minor units. */
export function checkSlip(request: PlaceBetRequest, subunitToUnit: string): bigint {
  const count = request.selections.length;
  if (request.kind === "single" && count !== 1) throw validationFailed({ selections: ["A single bet has exactly one selection."] });
  if (request.kind === "multiple" && count < 2) throw validationFailed({ selections: ["A multiple needs at least two selections."] });
  if (request.kind === "system") {
    const size = request.systemSize;
    if (size === undefined || count < 3 || size >= count) throw validationFailed({ systemSize: ["A system bet is k of n selections, with 2 <= k < n and at least 3 selections."] });
  } else if (request.systemSize !== undefined) {
    throw validationFailed({ systemSize: ["Only a system bet has a system size."] });
  }
  const outcomes = new Set(request.selections.map((selection) => `${selection.eventId}/${selection.marketKey}/${selection.outcomeId}`));
  if (outcomes.size !== count) throw slipRefused("relatedSelections", "selections", "The same selection is on the slip twice.");
  if (request.kind !== "single" && new Set(request.selections.map((selection) => selection.eventId)).size !== count) {
    throw slipRefused("relatedSelections", "selections", "Selections of one event cannot be combined.");
  }
  let stake: bigint;
  try {
    stake = toMinorUnits(request.stake, subunitToUnit);
  } catch {
    throw validationFailed({ stake: [`The stake has more decimals than ${request.currency} allows.`] });
  }
  const limits = stakeLimitsOf(request.currency);
  const amount = fromMinorUnits(stake, subunitToUnit);
  if (compareAmounts(amount, limits.min) < 0) throw slipRefused("stakeTooLow", "stake", `The least you can stake is ${limits.min} ${request.currency}.`);
  if (compareAmounts(amount, limits.max) > 0) throw slipRefused("stakeTooHigh", "stake", `The most you can stake on one bet is ${limits.max} ${request.currency}.`);
  return stake;
}
