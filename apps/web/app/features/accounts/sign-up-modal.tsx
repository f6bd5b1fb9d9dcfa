import type { RegisterResponse } from "@playfair/contracts/player/auth";
import type { OtpSendResponseSchema } from "@playfair/contracts/player/otp";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { AgreementsLabel, ModalIntro, SwitchModalLine } from "./account-pieces.tsx";
import { CaptchaField, captchaMissing, useCaptchaMode } from "./captcha.tsx";
import { PHONE_REGISTRATION_FLOW, readPendingPhoneRegistration } from "./phone-registration.ts";
import { finishRegistration, registrationBody, registrationFields, type RegistrationMethod, type RegistrationValues } from "./registration.ts";
import { SocialButtons } from "./social-buttons.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { asTranslate } from "#app/features/forms/validation-text.ts";
import { CheckboxField } from "#app/features/forms/checkbox-field.tsx";
import { CountrySelect } from "#app/features/forms/country-select.tsx";
import { CurrencySelect } from "#app/features/forms/currency-select.tsx";
import { DynamicField, emptyFieldValue } from "#app/features/forms/dynamic-field.tsx";
import { countryCurrency, selectableCountries, useCountries, useEnabledCurrencies, useServerFieldList, type ServerFieldList } from "#app/features/forms/form-data.ts";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { PasswordField } from "#app/features/forms/password-field.tsx";
import { PhoneField } from "#app/features/forms/phone-field.tsx";
import { EmailField, TextField } from "#app/features/forms/text-field.tsx";
import { setAuthorizationState } from "#app/features/modals/authorization-state.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useModal } from "#app/features/modals/use-modal.ts";
import { apiRequest } from "#app/lib/api-client.ts";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

type OtpSendResponse = z.infer<typeof OtpSendResponseSchema>;

/** A first guess at the player's country from the page's language; they can change it. */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = { de: "DE", es: "ES", "pt-br": "BR", ru: "RU", tr: "TR", hi: "IN", fa: "IR" };

/** Registration by e-mail or by phone (tabs), with the operator's field list. */
export default function SignUpModal({ close }: ModalContentProps) {
  const { t } = useTranslation("accounts");
  const pending = readPendingPhoneRegistration();
  const [method, setMethod] = useState<RegistrationMethod>(pending ? "phone" : "email");
  const fieldList = useServerFieldList("registration");

  return (
    <div data-account-form="sign-up">
      <ModalIntro className="mb-4">{t("signUp.intro")}</ModalIntro>
      <Tabs
        label={t("signUp.tabsLabel")}
        value={method}
        onChange={setMethod}
        className="[&>[role=tablist]]:flex [&>[role=tablist]]:w-full [&_[role=tab]]:flex-1"
        items={(["email", "phone"] as const).map((value) => ({
          value,
          label: (
            <>
              {value === "email" ? <MailIcon /> : <PhoneIcon />}
              {value === "email" ? t("signUp.byEmail") : t("signUp.byPhone")}
            </>
          ),
          panel: fieldList.isPending ? <FormSkeleton /> : <RegistrationForm key={value} method={value} list={fieldList.list} close={close} />,
        }))}
      />
      <SocialButtons className="mt-6" />
      <SwitchModalLine question={t("signUp.haveAccount")} action={t("signUp.signIn")} modal="sign-in" />
    </div>
  );
}

function RegistrationForm({ method, list, close }: { method: RegistrationMethod; list: ServerFieldList; close: () => void }) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const { openModal } = useModal();
  const captchaMode = useCaptchaMode();
  const countries = useCountries();
  const currencies = useEnabledCurrencies();
  const layout = useMemo(() => registrationFields(list, method), [list, method]);
  const pending = method === "phone" ? readPendingPhoneRegistration() : null;
  const bonusId = useId();
  const [bonusOpen, setBonusOpen] = useState(Boolean(pending?.values.bonusCode));

  const defaultValues = useMemo(() => {
    const values: RegistrationValues = { captcha: "" };
    for (const name of layout.validated) values[name] = emptyFieldValue(name);
    const guess = LANGUAGE_COUNTRY[language];
    if (guess && selectableCountries(countries.data ?? []).some((country) => country.code === guess)) values.country = guess;
    const base = (currencies.data ?? []).find((currency) => currency.isBase) ?? currencies.data?.[0];
    if (base) values.currency = base.code;
    return { ...values, ...(pending?.values ?? {}), captcha: "" };
    // Computed once per form: later reference data must not reset what the player typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout]);

  const validate = useCallback(
    (values: RegistrationValues) => {
      const errors: Record<string, string> = {};
      if (captchaMissing(captchaMode, values.captcha)) errors.captcha = t("serverErrors.captchaUnsolved");
      return errors;
    },
    [captchaMode, t],
  );
  const form = useAppForm<RegistrationValues>({ fields: layout.validated, required: layout.required, defaultValues, validate });

  // Reference data that arrives after the form opened fills the still-empty choices.
  if (!form.getValues("currency") && currencies.data?.length) {
    const base = currencies.data.find((currency) => currency.isBase) ?? currencies.data[0];
    if (base) form.setValue("currency", base.code);
  }

  // The chosen country suggests its own currency (Brazil BRL) until the player picks a currency
  // themselves (the field is then dirty: suggestions never mark it) or came back to a filled form.
  const country = form.watch("country");
  const restored = pending !== null;
  useEffect(() => {
    const suggestion = countryCurrency(country, countries.data, currencies.data);
    if (!suggestion || restored || form.getFieldState("currency").isDirty) return;
    if (form.getValues("currency") !== suggestion) form.setValue("currency", suggestion);
  }, [country, countries.data, currencies.data, form, restored]);

  async function register(values: RegistrationValues) {
    const body = registrationBody(values, layout.validated, language);
    if (method === "email") {
      const response = await apiRequest<RegisterResponse>("/api/player/register", { method: "POST", body, auth: "none" });
      close();
      finishRegistration(asTranslate(t), response, "email", typeof values.email === "string" ? values.email.trim() : undefined);
      return;
    }
    const phone = typeof values.phone === "string" ? values.phone : "";
    const sent = await apiRequest<OtpSendResponse>("/api/player/otp/send", {
      method: "POST",
      body: { phone, purpose: "registration", ...(values.captcha ? { captcha: values.captcha } : {}) },
      auth: "none",
    });
    const { captcha: _used, ...rest } = body;
    setAuthorizationState({
      flow: PHONE_REGISTRATION_FLOW,
      phone,
      payload: JSON.stringify(rest),
      formValues: JSON.stringify({ ...values, captcha: "" }),
      resendAvailableAt: sent.resendAvailableAt,
      expiresAt: sent.expiresAt,
      codeLength: sent.codeLength,
    });
    openModal("code-verify");
  }

  const text = (name: string) => t(`fields.${name}` as never) as string;
  return (
    <AppForm form={form} onSubmit={register} className="flex flex-col gap-4">
      {method === "email" ? <EmailField name="email" label={text("email")} /> : <PhoneField name="phone" label={text("phone")} />}
      <PasswordField name="password" label={text("password")} autoComplete="new-password" />
      {layout.confirmation ? <PasswordField name="password_confirmation" label={text("password_confirmation")} autoComplete="new-password" /> : null}
      <div className="grid gap-4 xs:grid-cols-[3fr_2fr]">
        <CountrySelect name="country" label={text("country")} />
        <CurrencySelect name="currency" label={text("currency")} />
      </div>
      {layout.extra.map((name) => (
        <DynamicField key={name} name={name} />
      ))}
      <div>
        <button
          type="button"
          aria-expanded={bonusOpen}
          aria-controls={bonusId}
          onClick={() => setBonusOpen((open) => !open)}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-fg underline-offset-2 hover:underline"
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" className={cx("size-4 transition-transform", bonusOpen && "rotate-45")} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M8 3v10M3 8h10" />
          </svg>
          {t("signUp.bonusCodeToggle")}
        </button>
        <div id={bonusId} hidden={!bonusOpen} className="mt-3">
          {bonusOpen ? <TextField name="bonusCode" label={text("bonusCode")} hideLabel autoCapitalize="characters" spellCheck={false} placeholder={text("bonusCode")} /> : null}
        </div>
      </div>
      <div className="flex flex-col gap-3 rounded-lg bg-surface-muted/60 p-3.5">
        <CheckboxField name="agreements" label={<AgreementsLabel />} />
        {layout.optIns.map((name) => (
          <CheckboxField key={name} name={name} label={t(`signUp.${name}`)} />
        ))}
      </div>
      <CaptchaField />
      <FormErrorArea />
      <SubmitButton>{method === "email" ? t("signUp.submit") : t("signUp.sendCode")}</SubmitButton>
    </AppForm>
  );
}

function FormSkeleton() {
  const { t } = useTranslation("accounts");
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label={t("signUp.loading")}>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex flex-col gap-2">
          <div className="h-4 w-24 animate-pulse rounded bg-surface-muted motion-reduce:animate-none" />
          <div className="h-11 animate-pulse rounded-lg bg-surface-muted motion-reduce:animate-none" />
        </div>
      ))}
      <div className="h-12 animate-pulse rounded-full bg-surface-muted motion-reduce:animate-none" />
    </div>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
      <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
      <path d="M3 6l7 5 7-5" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5.5" y="2.5" width="9" height="15" rx="2" />
      <path d="M8.5 14.5h3" />
    </svg>
  );
}
