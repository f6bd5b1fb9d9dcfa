import { describe, expect, it } from "vitest";
import { ApiRequestError } from "#app/lib/api-client.ts";
import { roundErrorOf } from "./round-errors.ts";

const refusal = (init: ConstructorParameters<typeof ApiRequestError>[0]) => new ApiRequestError(init);

describe("a refused round, as the player is told", () => {
  it("offers the deposit for a balance that does not cover the stake", () => {
    const error = refusal({ status: 422, code: "VALIDATION_FAILED", message: "The balance is not sufficient.", fieldErrors: { amount: ["The balance is not sufficient."] }, reason: "insufficientBalance" });
    expect(roundErrorOf(error)).toEqual({ kind: "insufficientFunds" });
  });

  it("names the limit that refused the stake (bet, loss, restricted mode)", () => {
    expect(roundErrorOf(refusal({ status: 422, code: "VALIDATION_FAILED", message: "Bet limit reached.", reason: "lossLimitReached" }))).toEqual({ kind: "limit", limit: { reason: "lossLimitReached" } });
    expect(roundErrorOf(refusal({ status: 403, code: "RESTRICTED_MODE", message: "Self-excluded.", reason: "selfExcluded" }))).toEqual({ kind: "limit", limit: { reason: "selfExcluded" } });
  });

  it("opens the game limit modal with the country's cap for a stake over it, not the bare server message", () => {
    const capped = refusal({
      status: 422,
      code: "VALIDATION_FAILED",
      message: "The given data was invalid.",
      fieldErrors: { amount: ["The stake is over the 2.35 EUR limit per spin for your country"] },
      reason: "stakeCapExceeded",
    });
    expect(roundErrorOf(capped)).toEqual({ kind: "limit", limit: { reason: "stakeCapExceeded", cap: { amount: "2.35", currency: "EUR" } } });
  });

  it("shows the server's own words for a stake outside the bounds and for refused parameters", () => {
    const bounds = refusal({ status: 422, code: "VALIDATION_FAILED", message: "Validation failed.", fieldErrors: { amount: ["The stake must be from 0.10 to 1000.00 EUR."] } });
    expect(roundErrorOf(bounds)).toEqual({ kind: "stake", message: "The stake must be from 0.10 to 1000.00 EUR." });
    const params = refusal({ status: 422, code: "VALIDATION_FAILED", message: "Validation failed.", fieldErrors: { tile: ["This tile is already revealed."] } });
    expect(roundErrorOf(params)).toEqual({ kind: "refused", message: "This tile is already revealed." });
    expect(roundErrorOf(refusal({ status: 409, code: "CONFLICT", message: "A round of this game is still in play; finish it first." }))).toEqual({
      kind: "refused",
      message: "A round of this game is still in play; finish it first.",
    });
  });

  it("tells a lost connection, an ended session and anything else apart", () => {
    expect(roundErrorOf(refusal({ status: 0, code: "NETWORK_ERROR", message: "offline" }))).toEqual({ kind: "network" });
    expect(roundErrorOf(refusal({ status: 404, code: "NOT_FOUND", message: "This game session does not exist." }))).toEqual({ kind: "sessionEnded" });
    expect(roundErrorOf(refusal({ status: 500, code: "INTERNAL_ERROR", message: "Internal error." }))).toEqual({ kind: "unknown" });
    expect(roundErrorOf(new TypeError("boom"))).toEqual({ kind: "unknown" });
    const ended = refusal({ status: 401, code: "UNAUTHORIZED", message: "Sign in." });
    ended.sessionEnded = true;
    expect(roundErrorOf(ended)).toEqual({ kind: "handled" });
  });
});
