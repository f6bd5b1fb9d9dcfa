import { DEPOSIT_LIMIT_REACHED_REASON } from "@playfair/contracts/api-error";
import type { PaymentMethodGroup } from "@playfair/contracts/payment/methods";
import { isApiRequestError } from "#app/lib/api-client.ts";

/** Spec 8: the methods call's 13100 (deposit limit reached). */
export function isDepositLimitReached(error: unknown): boolean {
  return isApiRequestError(error) && (error.code === "DEPOSIT_LIMIT_REACHED" || error.reason === DEPOSIT_LIMIT_REACHED_REASON);
}

/** Spec 9: manual-agent methods first (groups holding one, and within a group), otherwise the server's order. */
export function orderMethodGroups(groups: readonly PaymentMethodGroup[]): PaymentMethodGroup[] {
  const hasAgent = (group: PaymentMethodGroup) => group.paymentMethods.some((method) => method.isManualAgent);
  return [...groups]
    .map((group) => ({ ...group, paymentMethods: [...group.paymentMethods].sort((a, b) => Number(b.isManualAgent) - Number(a.isManualAgent)) }))
    .sort((a, b) => Number(hasAgent(b)) - Number(hasAgent(a)))
    .filter((group) => group.paymentMethods.length > 0);
}
