import type { DepositBonus } from "@playfair/contracts/bonus/player-bonuses";
import { useState } from "react";
import { checkAmount, type WalletCurrency } from "../wallet-format.ts";
import { defaultDepositBonus, DEPOSIT_BONUS_AMOUNT_DEBOUNCE_MS, useDebouncedValue } from "./deposit-bonus-choice.tsx";
import { useDepositBonuses, usePendingDepositCode } from "./wallet-bonus-api.ts";

/** The typed amount as a decimal string when it reads as a positive number, else null. */
export function typedAmount(typed: string, currency: WalletCurrency | undefined, language: string): string | null {
  if (!currency) return null;
  const check = checkAmount(typed, currency, language, {});
  return check.ok ? check.amount : null;
}

/**
 * The deposit form's bonus state: the offers for the typed amount (asked again once typing rests),
 * the pending deposit code, and the player's choice. Until the player picks, the choice is the
 * welcome package's step when one is offered; "no bonus" is a choice like any offer.
 */
export function useDepositBonus(accountCurrency: string, amount: string | null, enabled: boolean) {
  const settled = useDebouncedValue(amount, DEPOSIT_BONUS_AMOUNT_DEBOUNCE_MS);
  const offers = useDepositBonuses(accountCurrency, settled, enabled);
  const pendingCode = usePendingDepositCode(enabled);
  const [picked, setPicked] = useState<{ id: string | null } | null>(null);
  const list: DepositBonus[] = enabled ? (offers.data ?? []) : [];
  const fallback = defaultDepositBonus(list)?.id ?? null;
  // A picked offer the answer for a new amount no longer holds falls back to the default.
  const chosenId = picked === null ? fallback : picked.id === null || list.some((offer) => offer.id === picked.id) ? picked.id : fallback;
  return {
    offers: list,
    pendingCode: enabled ? pendingCode : null,
    chosen: list.find((offer) => offer.id === chosenId) ?? null,
    chosenId,
    choose: (id: string | null) => setPicked({ id }),
  };
}
