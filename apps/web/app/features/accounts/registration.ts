// What both sign-up tabs share: which fields a tab shows, the request body, and what happens
// once the account exists (spec 4: signed in unless told to skip; spec 9: success alert after 1 s).
import { REGISTRATION_SUCCESS_ALERT_DELAY_MS } from "@playfair/contracts/constants";
import type { AuthSession, RegisterResponse } from "@playfair/contracts/player/auth";
import { isFormFieldName, type FormFieldName } from "@playfair/contracts/validation/fields";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import type { ServerFieldList } from "#app/features/forms/form-data.ts";
import type { Translate } from "#app/features/forms/validation-text.ts";
import { completeSignIn } from "#app/features/session/session-store.ts";
import { focusOnClose, mainContent } from "#app/features/modals/focus.ts";
import { readAffiliateTag, readReferralId } from "#app/features/site-services/entry-parameters.ts";

export type RegistrationMethod = "email" | "phone";

/** Spec 9: the registration success alert shows one second after the account exists. */

/** Fields the sign-up form lays out itself, in this order, whatever the list says. */
const LAID_OUT: readonly FormFieldName[] = [
  "email",
  "phone",
  "password",
  "password_confirmation",
  "country",
  "currency",
  "bonusCode",
  "agreements",
  "receiveEmailPromo",
  "receiveSmsPromo",
  "receiveBonus",
  "captcha",
];

/** The fields of a tab: what the request needs plus whatever the operator's list adds. */
export function registrationFields(list: ServerFieldList, method: RegistrationMethod) {
  const identity: FormFieldName = method === "email" ? "email" : "phone";
  const listed = list.names.filter((name): name is FormFieldName => isFormFieldName(name));
  const extra = listed.filter((name) => !LAID_OUT.includes(name) && name !== "phone" && name !== "email");
  const confirmation = listed.includes("password_confirmation");
  const promo: FormFieldName = method === "email" ? "receiveEmailPromo" : "receiveSmsPromo";
  // Offers go by the channel this tab collects: e-mail offers need an address, SMS a number.
  const optIns = ([promo, "receiveBonus"] as const).filter((name) => name === promo || listed.includes(name));
  const validated: FormFieldName[] = [identity, "password", ...(confirmation ? (["password_confirmation"] as const) : []), "country", "currency", ...extra, "bonusCode", "agreements", ...optIns];
  const required = [identity, "password", "country", "currency", "agreements", ...list.required.filter((name) => validated.includes(name as FormFieldName))];
  return { identity, extra, confirmation, optIns, validated, required: [...new Set(required)] };
}

export type RegistrationValues = Record<string, string | boolean | undefined>;

/** The body of POST /api/player/register(/phone): the form's fields, language and attribution. */
export function registrationBody(values: RegistrationValues, fields: readonly string[], language: string): Record<string, unknown> {
  const body: Record<string, unknown> = { language };
  for (const name of [...fields, "captcha"]) {
    const value = values[name];
    if (value === undefined || value === "") continue;
    body[name] = typeof value === "string" && name !== "password" && name !== "password_confirmation" ? value.trim() : value;
  }
  if (body.agreements === undefined) body.agreements = false;
  const affiliateTag = readAffiliateTag();
  if (affiliateTag) body.affiliateTag = affiliateTag;
  const referralId = new URLSearchParams(window.location.search).get("ref_id") ?? readReferralId();
  if (referralId) body.ref_id = referralId.slice(0, 64);
  return body;
}

/** Signs the new player in and, a second later, welcomes them (and asks to confirm the e-mail). */
export function finishRegistration(t: Translate, response: RegisterResponse, method: RegistrationMethod, email: string | undefined): void {
  const session: AuthSession | null = response.session;
  if (session) {
    completeSignIn(session, { method: method === "email" ? "registration" : "phone", isRegistration: true });
    // The closing sign-up dialog hands focus to the page, not to the "Sign up" button that is gone.
    focusOnClose(mainContent);
  }
  const address = email ?? session?.profile.email ?? undefined;
  window.setTimeout(() => {
    showAlert({
      kind: "success",
      title: t("accounts:signUp.successTitle"),
      description: response.emailConfirmationSent && address ? t("accounts:signUp.confirmEmail", { email: address }) : t("accounts:signUp.successDescription"),
      dedupeKey: "registration-success",
    });
  }, REGISTRATION_SUCCESS_ALERT_DELAY_MS);
}

