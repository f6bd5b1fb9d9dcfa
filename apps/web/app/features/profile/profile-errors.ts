import type { TFunction } from "i18next";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

export type AlertText = { title: string; description?: string };

/**
 * The error alert of a failed action (spec 8: a generic "something went wrong" unless there is
 * something more useful to say): no connection, too many attempts, or the generic text.
 */
export function errorAlertText(t: TFunction<"profile">, error: unknown): AlertText {
  if (isApiRequestError(error)) {
    if (error.status === 0) return { title: t("errors.network.title"), description: t("errors.network.description") };
    if (error.status === 429) return { title: t("errors.rateLimited.title"), description: t("errors.rateLimited.description") };
  }
  return { title: t("errors.generic.title"), description: t("errors.generic.description") };
}

/** A call whose 401/403 the session layer has already handled (signed out): nothing more to say. */
export function isHandledSessionError(error: unknown): boolean {
  return isApiRequestError(error) && error.sessionEnded;
}

/** Shows the error alert of a failed action, unless the session layer already dealt with it. */
export function showErrorAlert(t: TFunction<"profile">, error: unknown): void {
  if (isHandledSessionError(error)) return;
  showAlert({ kind: "error", ...errorAlertText(t, error) });
}
