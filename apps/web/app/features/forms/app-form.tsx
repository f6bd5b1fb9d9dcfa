// The form kit's core: react-hook-form validated by the contracts' rules (zodForFields, the same
// code the server runs), errors in the player's language, server answers mapped back onto the
// form (422 field errors under their fields, everything else in the form-level error area).
//
//   const form = useAppForm({ fields: ["email", "password"], required: ["email"], defaultValues });
//   <AppForm form={form} onSubmit={async (values) => { await apiRequest(...); }}>
//     <TextField name="email" type="email" label={t("fields.email")} />
//     <FormErrorArea />
//     <SubmitButton>{t("signIn.submit")}</SubmitButton>
//   </AppForm>
import { FIELD_RULES } from "@playfair/contracts/validation/fields";
import { zodForFields } from "@playfair/contracts/validation/form-schema";
import type { FieldRules } from "@playfair/contracts/validation/rules";
import { createContext, use, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormProvider, useForm, type DefaultValues, type FieldErrors, type Resolver, type UseFormReturn } from "react-hook-form";
import { asTranslate, messageNameFromKey, translateServerMessage, translateValidation, type IssueParams, type Translate } from "./validation-text.ts";
import { ApiRequestError } from "#app/lib/api-client.ts";

/** What every form holds: text (strings, including dates and masked values) and checkboxes. */
export type FormValueMap = Record<string, string | boolean | undefined>;

/** A problem with the form as a whole, shown above the submit button. */
export type FormError =
  | { kind: "message"; message: string }
  /** 429: too many attempts; retryAfterSeconds when the server said. */
  | { kind: "rateLimited"; retryAfterSeconds?: number }
  /** 403 on sign-in or registration: the account may not be used; links to support. */
  | { kind: "blocked"; reason?: string }
  | { kind: "network" };

export type AppFormOptions<Values extends FormValueMap> = {
  /** The fields the contracts' rules check (FORM_FIELD_NAMES names; others pass through unchecked). */
  fields: readonly string[];
  /** Fields the operator's list (or the form itself) makes required. */
  required?: Iterable<string>;
  defaultValues: Values;
  /** Rules that replace the spec's for this form, e.g. no minimum length on the sign-in password. */
  rules?: FieldRules;
  /** Extra checks the generic rules cannot express; return a translated message per field. */
  validate?: (values: Values) => Record<string, string> | undefined;
};

export type AppFormApi<Values extends FormValueMap> = UseFormReturn<Values> & {
  formError: FormError | null;
  setFormError: (error: FormError | null) => void;
  /**
   * Shows a failed call on the form: 422 field errors under their fields (translated), anything
   * else in the form-level area. Returns true when it was an API error it understood.
   */
  showRequestError: (error: unknown) => void;
};

type IssueLike = { path: PropertyKey[]; message: string; params?: Record<string, unknown> };

function issueParams(params: Record<string, unknown> | undefined): IssueParams {
  const raw = params?.params;
  if (typeof raw !== "object" || raw === null) return {};
  const result: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(raw)) if (typeof value === "string" || typeof value === "number") result[key] = value;
  return result;
}

function issueText(t: Translate, issue: IssueLike): string {
  const name = messageNameFromKey(issue.params?.key);
  return name ? translateValidation(t, name, issueParams(issue.params)) : issue.message;
}

/** Unset fields are left out, and strings of only spaces count as empty, as the rules expect. */
function submittedValues(values: FormValueMap): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

function rulesResolver<Values extends FormValueMap>(
  t: Translate,
  fields: readonly string[],
  required: readonly string[],
  validate: AppFormOptions<Values>["validate"],
  rules: FieldRules | undefined,
): Resolver<Values> {
  const schema = zodForFields(fields, required, rules ? { baseRules: { ...FIELD_RULES, ...rules } } : {});
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const result = schema.safeParse(submittedValues(values));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if (typeof field !== "string" || errors[field]) continue;
        const params = "params" in issue && typeof issue.params === "object" && issue.params !== null ? (issue.params as Record<string, unknown>) : undefined;
        const rule = typeof params?.rule === "string" ? params.rule : issue.code;
        errors[field] = { type: rule, message: issueText(t, { path: issue.path, message: issue.message, params }) };
      }
    }
    for (const [field, message] of Object.entries(validate?.(values) ?? {})) {
      errors[field] ??= { type: "custom", message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<Values> };
    return { values, errors: {} };
  };
}

function retryAfterOf(error: ApiRequestError): number | undefined {
  const value: unknown = (error as unknown as Record<string, unknown>).retryAfterSeconds ?? (error as unknown as Record<string, unknown>).retryAfter;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/** The request error as form feedback; pure, so the mapping is easy to test. */
function requestErrorFeedback(
  t: Translate,
  error: unknown,
  knownFields: ReadonlySet<string>,
): { fieldErrors: Record<string, string>; formError: FormError | null } {
  if (!(error instanceof ApiRequestError)) {
    const offline = error instanceof TypeError || (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError"));
    return { fieldErrors: {}, formError: offline ? { kind: "network" } : { kind: "message", message: t("accounts:formErrors.generic") } };
  }
  const fieldErrors: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const first = messages[0];
    if (!first) continue;
    const text = translateServerMessage(t, first);
    if (knownFields.has(field)) fieldErrors[field] = text;
    else unplaced.push(text);
  }
  if (error.status === 429) return { fieldErrors, formError: { kind: "rateLimited", retryAfterSeconds: retryAfterOf(error) } };
  if (error.status === 403 && error.reason) return { fieldErrors, formError: { kind: "blocked", reason: error.reason } };
  if (error.status === 401) return { fieldErrors, formError: { kind: "message", message: translateServerMessage(t, error.message) } };
  if (error.status === 0) return { fieldErrors, formError: { kind: "network" } };
  if (unplaced.length > 0) return { fieldErrors, formError: { kind: "message", message: unplaced.join(" ") } };
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
  if (error.status >= 500) return { fieldErrors, formError: { kind: "message", message: t("accounts:formErrors.server") } };
  return { fieldErrors, formError: { kind: "message", message: translateServerMessage(t, error.message) } };
}

export function useAppForm<Values extends FormValueMap>(options: AppFormOptions<Values>): AppFormApi<Values> {
  const { t: typedT } = useTranslation();
  const t = asTranslate(typedT);
  const requiredKey = [...(options.required ?? [])].join(",");
  const fieldsKey = options.fields.join(",");
  const resolver = useMemo(
    () => rulesResolver<Values>(t, options.fields, requiredKey === "" ? [] : requiredKey.split(","), options.validate, options.rules),
    // The field lists are compared by content: callers pass new arrays on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, fieldsKey, requiredKey, options.validate, options.rules],
  );
  const methods = useForm<Values>({
    resolver,
    defaultValues: options.defaultValues as DefaultValues<Values>,
    mode: "onTouched",
    reValidateMode: "onChange",
  });
  const [formError, setFormError] = useState<FormError | null>(null);

  const knownFields = useMemo(() => new Set([...options.fields, ...Object.keys(options.defaultValues)]), [options.fields, options.defaultValues]);

  return {
    ...methods,
    formError,
    setFormError,
    showRequestError: (error: unknown) => {
      const feedback = requestErrorFeedback(t, error, knownFields);
      let focused = false;
      for (const [field, message] of Object.entries(feedback.fieldErrors)) {
        methods.setError(field as never, { type: "server", message }, { shouldFocus: !focused });
        focused = true;
      }
      setFormError(feedback.formError);
    },
  };
}

type AppFormContextValue = { formError: FormError | null; submitting: boolean };
const AppFormContext = createContext<AppFormContextValue>({ formError: null, submitting: false });

export function useAppFormState(): AppFormContextValue {
  return use(AppFormContext);
}

/**
 * The <form>: validates, then runs onSubmit with the values; a thrown error is shown on the form
 * (see showRequestError). Native validation is off: the rules speak the player's language.
 */
export function AppForm<Values extends FormValueMap>({
  form,
  onSubmit,
  children,
  className,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
}: {
  form: AppFormApi<Values>;
  onSubmit: (values: Values) => Promise<void> | void;
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    form.setFormError(null);
    void form.handleSubmit(async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        if (!(error instanceof ApiRequestError)) console.error("Form submission failed", error);
        form.showRequestError(error);
      }
    })(event);
  };
  const contextValue = useMemo(() => ({ formError: form.formError, submitting: form.formState.isSubmitting }), [form.formError, form.formState.isSubmitting]);
  return (
    <FormProvider {...form}>
      <AppFormContext value={contextValue}>
        <form noValidate onSubmit={submit} className={className} aria-label={ariaLabel} aria-labelledby={ariaLabelledBy}>
          {children}
        </form>
      </AppFormContext>
    </FormProvider>
  );
}
