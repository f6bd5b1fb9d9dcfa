import { useCallback, useMemo, useState } from "react";
import { useCurrencies } from "#app/features/wallet/use-wallet.ts";
import { amountProblem, doubleAmount, halveAmount, maxAmount, minAmount, parseAmountInput, type AmountProblem } from "./bet-amount.ts";
import type { OriginalRounds } from "./use-original-rounds.ts";

/** Currencies the settings do not list (FUN, the demo's play money) count in hundredths. */
const DEFAULT_SUBUNIT = "100";

export type BetAmount = {
  /** What the field shows (what the player typed, or the last button's result). */
  text: string;
  setText(text: string): void;
  /** The amount to send: the field as a canonical decimal string, or null while it is not one. */
  amount: string | null;
  problem: AmountProblem | null;
  subunitToUnit: string;
  halve(): void;
  double(): void;
  toMin(): void;
  toMax(): void;
};

/** The bet amount of one launched original, starting at its minimum stake. */
export function useBetAmount(rounds: Pick<OriginalRounds, "currency" | "stakes" | "balance">): BetAmount {
  const currencies = useCurrencies();
  const subunitToUnit = currencies.data?.byCode.get(rounds.currency)?.subunitToUnit ?? DEFAULT_SUBUNIT;
  const { stakes, balance } = rounds;
  const [text, setText] = useState(() => (stakes ? stakes.min : "1.00"));
  const amount = useMemo(() => parseAmountInput(text, subunitToUnit), [text, subunitToUnit]);
  const problem = useMemo(() => amountProblem(text, stakes, balance, subunitToUnit), [text, stakes, balance, subunitToUnit]);
  const halve = useCallback(() => setText((current) => halveAmount(current, stakes, subunitToUnit)), [stakes, subunitToUnit]);
  const double = useCallback(() => setText((current) => doubleAmount(current, stakes, subunitToUnit)), [stakes, subunitToUnit]);
  const toMin = useCallback(() => stakes && setText(minAmount(stakes, subunitToUnit)), [stakes, subunitToUnit]);
  const toMax = useCallback(() => stakes && setText(maxAmount(stakes, balance, subunitToUnit)), [stakes, balance, subunitToUnit]);
  return { text, setText, amount, problem, subunitToUnit, halve, double, toMin, toMax };
}
