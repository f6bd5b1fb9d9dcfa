import type { TFunction } from "i18next";
import { isApiRequestError } from "#app/lib/api-client.ts";

/** A failed limits call as one translated sentence for the modal's error line. */
export function limitErrorText(t: TFunction<"limits">, error: unknown, decimals: number): string {
  if (!isApiRequestError(error)) return t("errors.generic");
  if (error.code === "NETWORK_ERROR" || error.code === "TIMEOUT") return t("errors.network");
  if (error.status === 404) return t("errors.notFound");
  if (error.status === 409) return error.message.includes("already") ? t("errors.duplicate") : t("errors.locked");
  if (error.status === 422) {
    const fields = Object.keys(error.fieldErrors);
    if (fields.includes("amount")) return error.fieldErrors.amount?.some((message) => message.includes("decimals")) ? t("errors.amountDecimals", { decimals }) : t("errors.amount");
    if (fields.includes("currency")) return t("errors.currency");
    if (fields.includes("period")) return t("errors.period");
    if (fields.includes("months") || fields.includes("days")) return t("errors.length");
  }
  return t("errors.generic");
}
