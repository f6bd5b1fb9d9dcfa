import type { TFunction } from "i18next";
import type { GameLimit } from "./game-limit.ts";

type Money = (amount: string, currency: string) => string;

/**
 * What the player is told about a refused stake, the same words wherever it shows: the game limit
 * reached modal, and the notice over a phone's game. A jurisdiction's cap names its amount (and
 * the game's smallest stake when that is over it) in the player's format when the refusal said it.
 */
export function gameLimitText(t: TFunction<"games">, money: Money, limit: GameLimit | null): string {
  if (limit?.reason === "stakeCapBelowMinimum" && limit.cap && limit.minimum) {
    return t("limitReached.stakeCapBelowMinimum", { cap: money(limit.cap.amount, limit.cap.currency), minimum: money(limit.minimum.amount, limit.minimum.currency) });
  }
  if (limit?.reason === "stakeCapExceeded" && limit.cap) return t("limitReached.stakeCapExceeded", { cap: money(limit.cap.amount, limit.cap.currency) });
  if (limit?.reason === "stakeCapBelowMinimum") return t("limitReached.stakeCapBelowMinimumPlain");
  if (limit?.reason === "stakeCapExceeded") return t("limitReached.stakeCapExceededPlain");
  return t(`limitReached.${limit?.reason ?? "unknown"}`);
}
