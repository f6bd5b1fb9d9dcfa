// The wallet modal's flow (spec 2.4 wallet, 4 "Wallet modal", 7, 8): pick the account, a payment
// method from the grouped list, fill in the amount and the method's required fields, then follow
// the invoice: a final answer opens deposit-success or deposit-error, a pending one shows what the
// player must do next (a QR code and address, the provider's page, a cash agent's reference, or a
// held withdrawal) and waits for the realtime update.
import { DEPOSIT_LIMIT_REACHED_REASON } from "@playfair/contracts/api-error";
import type { Invoice } from "@playfair/contracts/payment/invoices";
import type { PaymentDirection, PaymentMethod, PaymentMethodGroup } from "@playfair/contracts/payment/methods";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { catalogueText } from "./catalogue-text.ts";
import { rememberInvoice, useRememberedInvoice } from "./invoice-store.ts";
import { PaymentField } from "./payment-fields.tsx";
import { QrCode } from "./qr-code.tsx";
import { createInvoice, fetchPaymentMethods, paymentQueryKeys } from "./wallet-api.ts";
import { shownAccounts } from "./wallet-accounts.ts";
import { amountInputText, checkAmount, entryUnitOf, formatAmountInput, toEntryAmount, type AmountProblem } from "./wallet-format.ts";
import { ClockIcon, CopyIcon, CurrencyBadge, ExternalIcon, PlainSelect, StarIcon } from "./wallet-pieces.tsx";
import { refreshAccountsUnlessLive, useMoneyFormat, usePlayerId, useWalletAccounts } from "./use-wallet.ts";
import { CheckIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { AppForm, useAppForm, type FormValueMap } from "#app/features/forms/app-form.tsx";
import { useCountryNames } from "#app/features/forms/country-select.tsx";
import { FieldShell } from "#app/features/forms/field-shell.tsx";
import { selectableCountries, useCountries } from "#app/features/forms/form-data.ts";
import { FormErrorArea, Spinner, SubmitButton } from "#app/features/forms/form-status.tsx";
import { TextField } from "#app/features/forms/text-field.tsx";
import { LIMITS_QUERY_KEY } from "#app/features/limits/limits-api.ts";
import { useModal } from "#app/features/modals/use-modal.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { cx } from "#app/lib/cx.ts";
import { ArrowStartIcon } from "#app/components/page-icons.tsx";

/** Spec 7: the payment country is the player's local choice, else the visitor-country header. */
const PAYMENT_COUNTRY_KEY = "playfair:payment-country";

function storedPaymentCountry(): string | null {
  try {
    const value = typeof window === "undefined" ? null : window.localStorage.getItem(PAYMENT_COUNTRY_KEY);
    return value && /^[A-Z]{2}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

function storePaymentCountry(country: string | null): void {
  try {
    if (country) window.localStorage.setItem(PAYMENT_COUNTRY_KEY, country);
    else window.localStorage.removeItem(PAYMENT_COUNTRY_KEY);
  } catch {
    // Without storage the choice lasts while the window is open.
  }
}

/** The country whose payment methods are offered: the player's choice, else where they are (the server decides). */
function PaymentCountry({ country, onChange }: { country: string | null; onChange: (country: string | null) => void }) {
  const { t, i18n } = useTranslation("wallet");
  const countries = useCountries();
  const countryName = useCountryNames();
  const id = useId();
  const options = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return selectableCountries(countries.data ?? [])
      .map((entry) => ({ code: entry.code, name: countryName(entry.code, entry.name) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries.data, countryName, i18n.language]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-fg-muted">
        {t("flow.country")}
      </label>
      <PlainSelect id={id} value={country ?? ""} onChange={(event) => onChange(event.target.value || null)} className="h-9 w-auto min-w-44 text-sm" data-payment-country="">
        <option value="">{t("flow.countryAuto")}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </PlainSelect>
    </div>
  );
}

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

export function WalletFlow({ direction, close }: { direction: PaymentDirection; close: () => void }) {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [methodCode, setMethodCode] = useState<string | null>(null);
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [country, setCountry] = useState(storedPaymentCountry);
  const invoice = useRememberedInvoice(invoiceId);

  if (accounts.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only">{t("common.loading")}</p>
        <Skeleton className="h-11" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (accounts.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p role="alert" className="text-fg-muted">
          {t("overview.loadFailed")}
        </p>
        <Button variant="secondary" onClick={() => void accounts.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  const list = shownAccounts(accounts.data);
  const account = list.find((entry) => entry.id === accountId) ?? list.find((entry) => entry.isSelected) ?? list[0];
  if (!account) return <p className="py-6 text-center text-fg-muted">{t("flow.noAccount")}</p>;

  if (invoice) {
    return (
      <InvoiceScreen
        invoice={invoice}
        close={close}
        onAnother={() => {
          setInvoiceId(null);
          setMethodCode(null);
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5" data-wallet-flow={direction}>
      <AccountChooser
        accounts={list}
        account={account}
        direction={direction}
        onChange={(id) => {
          setAccountId(id);
          setMethodCode(null);
        }}
      />
      {methodCode === null ? (
        <PaymentCountry
          country={country}
          onChange={(next) => {
            setCountry(next);
            storePaymentCountry(next);
          }}
        />
      ) : null}
      <MethodsArea
        key={`${direction}:${account.currency}:${country ?? ""}`}
        direction={direction}
        account={account}
        country={country}
        methodCode={methodCode}
        onMethod={setMethodCode}
        onInvoice={(created) => setInvoiceId(created.id)}
      />
    </div>
  );
}

function AccountChooser({
  accounts,
  account,
  direction,
  onChange,
}: {
  accounts: readonly WalletAccount[];
  account: WalletAccount;
  direction: PaymentDirection;
  onChange: (accountId: string) => void;
}) {
  const { t } = useTranslation("wallet");
  const { money, inText, currencies } = useMoneyFormat();
  const id = useId();
  const currency = currencies?.get(account.currency);
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-surface-muted/60 p-3">
      <CurrencyBadge code={account.currency} symbol={currency?.symbol} crypto={currency?.type === "crypto"} />
      <div className="min-w-0 flex-1">
        {accounts.length > 1 ? (
          <>
            <label htmlFor={id} className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
              {t("flow.account")}
            </label>
            <PlainSelect id={id} value={account.id} onChange={(event) => onChange(event.target.value)} className="mt-1 h-10" data-flow-account="">
              {accounts.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {`${entry.currency} · ${money(entry.balance, entry.currency)}`}
                </option>
              ))}
            </PlainSelect>
          </>
        ) : (
          <>
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("flow.account")}</p>
            <p className="font-semibold">
              <span dir="ltr">{`${account.currency} · ${money(account.balance, account.currency)}`}</span>
            </p>
          </>
        )}
        {direction === "withdrawal" ? (
          <p className="mt-1.5 text-sm text-fg-muted" data-available="">
            {t("flow.available", { amount: inText(money(account.cash, account.currency)) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function MethodsArea({
  direction,
  account,
  country,
  methodCode,
  onMethod,
  onInvoice,
}: {
  direction: PaymentDirection;
  account: WalletAccount;
  country: string | null;
  methodCode: string | null;
  onMethod: (code: string | null) => void;
  onInvoice: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const queryClient = useQueryClient();
  const [limitReached, setLimitReached] = useState(false);
  const methods = useQuery({
    queryKey: paymentQueryKeys.methods(playerId, direction, account.currency, country),
    queryFn: ({ signal }) => fetchPaymentMethods(direction, account.currency, country, signal),
    retry: false,
    staleTime: 60_000,
  });
  const limitError = direction === "deposit" && methods.isError && isDepositLimitReached(methods.error);

  // Spec 8, 13100: the methods are emptied (the list is not shown), the flag is set and the limits
  // are loaded again, so the limits page and this screen agree on what is in force.
  useEffect(() => {
    if (limitError) void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
  }, [limitError, queryClient]);

  if (limitReached || limitError) return <LimitReachedNotice />;
  if (methods.isPending) {
    return (
      <div className="grid grid-cols-2 gap-2" aria-busy="true">
        <p className="sr-only">{t("flow.methodsLoading")}</p>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }
  if (methods.isError) {
    // Spec 8: any other failure empties the list.
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border-strong px-4 py-6 text-center" data-methods-error="">
        <p role="alert" className="text-sm text-fg-muted">
          {t("flow.methodsFailed")}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void methods.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  const groups = orderMethodGroups(methods.data);
  const method = groups.flatMap((group) => group.paymentMethods).find((entry) => entry.code === methodCode);
  if (method) {
    return (
      <PaymentForm
        direction={direction}
        account={account}
        method={method}
        onBack={() => onMethod(null)}
        onInvoice={onInvoice}
        onLimitReached={() => {
          setLimitReached(true);
          void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
        }}
      />
    );
  }
  if (groups.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border-strong px-4 py-6 text-center text-sm text-fg-muted" data-methods-empty="">
        {t("flow.noMethods", { currency: account.currency })}
      </p>
    );
  }
  return <MethodList groups={groups} onMethod={onMethod} />;
}

function LimitReachedNotice() {
  const { t } = useTranslation("wallet");
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-attention/30 bg-attention-soft px-4 py-6 text-center" data-deposit-limit-reached="">
      <p className="font-display text-lg font-bold text-fg">{t("flow.limitReached.title")}</p>
      <p className="text-sm text-pretty text-fg-muted">{t("flow.limitReached.description")}</p>
      <LocalizedLink to="/profile/limits" className={buttonClassName({ variant: "secondary", size: "sm" })}>
        {t("flow.limitReached.link")}
      </LocalizedLink>
    </div>
  );
}

function MethodList({ groups, onMethod }: { groups: readonly PaymentMethodGroup[]; onMethod: (code: string) => void }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  return (
    <div className="flex flex-col gap-4" data-method-list="">
      {groups.map((group) => {
        const headingId = `method-group-${group.code}`;
        return (
          <section key={group.code} aria-labelledby={headingId}>
            <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-[0.08em] text-fg-subtle uppercase">
              {catalogueText(i18n, group.labelKey, group.code)}
            </h3>
            <ul className="grid grid-cols-2 gap-2">
              {group.paymentMethods.map((method) => (
                <li key={method.code}>
                  <button
                    type="button"
                    onClick={() => onMethod(method.code)}
                    data-method={method.code}
                    className="flex h-full w-full flex-col items-start gap-1 rounded-xl border border-border bg-surface px-3 py-2.5 text-start transition-colors hover:border-brand/50 hover:bg-brand-soft/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                  >
                    <span className="flex w-full items-start justify-between gap-1.5">
                      <span className="min-w-0 text-sm leading-snug font-semibold break-words">{catalogueText(i18n, method.labelKey, method.label)}</span>
                      {method.isPopular ? (
                        <span className="mt-px text-gold-600 dark:text-gold-300" title={t("flow.popular")} data-popular="">
                          <StarIcon />
                          <span className="sr-only">{t("flow.popular")}</span>
                        </span>
                      ) : null}
                    </span>
                    <span className="text-xs text-fg-subtle" dir="ltr">
                      {`${money(method.amount.min, method.currency)} – ${money(method.amount.max, method.currency)}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Short fields that sit side by side (a card's expiry date and security code). */
const HALF_WIDTH_FIELDS: ReadonlySet<string> = new Set(["cardExpiry", "cardCvc"]);

type PaymentValues = FormValueMap & { amount: string; bonusCode: string };

function amountProblemText(t: ReturnType<typeof useTranslation<"wallet">>["t"], problem: AmountProblem, money: (amount: string) => string): string {
  switch (problem.kind) {
    case "required":
      return t("amount.required");
    case "format":
      return t("amount.format");
    case "positive":
      return t("amount.positive");
    case "min":
      return t("amount.min", { min: money(problem.min) });
    case "max":
      return t("amount.max", { max: money(problem.max) });
    case "balance":
      return t("amount.balance", { available: money(problem.available) });
  }
}

function PaymentForm({
  direction,
  account,
  method,
  onBack,
  onInvoice,
  onLimitReached,
}: {
  direction: PaymentDirection;
  account: WalletAccount;
  method: PaymentMethod;
  onBack: () => void;
  onInvoice: (invoice: Invoice) => void;
  onLimitReached: () => void;
}) {
  const { t, i18n } = useTranslation("wallet");
  const { money, inText, currencies } = useMoneyFormat();
  const queryClient = useQueryClient();
  const playerId = usePlayerId() ?? "";
  const { openModal } = useModal();
  const [withBonusCode, setWithBonusCode] = useState(false);
  const currency = currencies?.get(account.currency);
  const language = i18n.language;
  const fieldNames = method.fields.map((field) => field.name);
  const rules = useMemo(() => Object.fromEntries(method.fields.map((field) => [field.name, field.rules])), [method.fields]);
  const defaultValues = useMemo(
    () => ({ amount: "", bonusCode: "", ...Object.fromEntries(method.fields.map((field) => [field.name, ""])) }) as PaymentValues,
    [method.fields],
  );
  const range = { min: method.amount.min, max: method.amount.max, available: direction === "withdrawal" ? account.cash : null };
  const moneyOf = (amount: string) => inText(money(amount, account.currency));
  const form = useAppForm<PaymentValues>({
    fields: [...fieldNames, ...(withBonusCode ? ["bonusCode"] : [])],
    rules,
    defaultValues,
    validate: (values) => {
      if (!currency) return { amount: t("amount.unavailable") };
      const check = checkAmount(values.amount, currency, language, range);
      return check.ok ? undefined : { amount: amountProblemText(t, check.problem, moneyOf) };
    },
  });
  const unit = currency ? entryUnitOf(currency) : { code: account.currency, decimals: 2 };
  const amountValue = form.watch("amount");
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  async function submit(values: PaymentValues) {
    if (!currency) return;
    const check = checkAmount(values.amount, currency, language, range);
    if (!check.ok) return;
    const fields: Record<string, string> = {};
    for (const name of fieldNames) {
      const value = values[name];
      if (typeof value === "string" && value.trim() !== "") fields[name] = value.trim();
    }
    const bonusCode = withBonusCode && values.bonusCode.trim() !== "" ? values.bonusCode.trim() : undefined;
    const request = { amount: check.amount, currency: account.currency, methodCode: method.code, fields, ...(bonusCode ? { bonusCode } : {}) };
    // Submitting the same request again (after a timeout, say) reuses its key: the server then
    // answers with the invoice it already made instead of making a second one.
    const signature = `${direction}:${JSON.stringify(request)}`;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: crypto.randomUUID() };
    let invoice: Invoice;
    try {
      invoice = await createInvoice(direction, request, attempt.current.key);
      attempt.current = null;
    } catch (error) {
      if (direction === "deposit" && isDepositLimitReached(error)) {
        onLimitReached();
        return;
      }
      throw error;
    }
    rememberInvoice(invoice, { asLatest: true });
    void queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoices(playerId) });
    refreshAccountsUnlessLive(queryClient, playerId);
    if (direction === "deposit" && invoice.status === 2) openModal("deposit-success");
    else if (direction === "deposit" && invoice.status === 3) openModal("deposit-error");
    else onInvoice(invoice);
  }

  return (
    <AppForm form={form} onSubmit={submit} className="flex flex-col gap-4" aria-label={t("flow.formLabel", { method: catalogueText(i18n, method.labelKey, method.label) })}>
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ms-2 px-2" data-method-back="">
          <ArrowStartIcon className="size-4" />
          {t("flow.allMethods")}
        </Button>
      </div>
      <p className="-mt-2 font-display text-lg font-bold" data-chosen-method={method.code}>
        {catalogueText(i18n, method.labelKey, method.label)}
      </p>
      <AmountField
        label={t("amount.label", { unit: unit.code })}
        hint={t("amount.range", { min: moneyOf(method.amount.min), max: moneyOf(method.amount.max) })}
        unit={unit.code}
        format={(typed) => (currency ? formatAmountInput(typed, currency, language) : typed)}
      />
      {method.presets.length > 0 && currency ? (
        <div className="-mt-1 flex flex-wrap gap-1.5" role="group" aria-label={t("amount.presets")}>
          {method.presets.map((preset) => {
            const text = amountInputText(preset, currency, language);
            const active = amountValue === text;
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={active}
                onClick={() => form.setValue("amount", text, { shouldValidate: true })}
                className={cx(
                  "h-9 rounded-full border px-3.5 text-sm font-semibold transition-colors",
                  active ? "border-brand bg-brand-soft text-brand-fg" : "border-border-strong bg-surface hover:bg-surface-muted",
                )}
                dir="ltr"
                data-preset={preset}
              >
                {`${toEntryAmount(preset, currency)} ${unit.code}`}
              </button>
            );
          })}
        </div>
      ) : null}
      {method.fields.length > 0 ? (
        <div className="grid grid-cols-2 gap-4">
          {method.fields.map((field) => (
            <PaymentField key={field.name} name={field.name} className={HALF_WIDTH_FIELDS.has(field.name) ? "col-span-1" : "col-span-2"} />
          ))}
        </div>
      ) : null}
      {direction === "deposit" ? (
        withBonusCode ? (
          <TextField name="bonusCode" label={t("fields.bonusCode")} autoComplete="off" spellCheck={false} autoCapitalize="characters" />
        ) : (
          <button type="button" onClick={() => setWithBonusCode(true)} className="self-start text-sm font-semibold text-brand-fg underline-offset-4 hover:underline">
            {t("flow.haveBonusCode")}
          </button>
        )
      ) : null}
      <FormErrorArea />
      <SubmitButton variant={direction === "deposit" ? "accent" : "primary"} data-flow-submit="">
        {direction === "deposit" ? t("flow.submitDeposit") : t("flow.submitWithdrawal")}
      </SubmitButton>
      {direction === "withdrawal" ? <p className="text-center text-xs text-fg-subtle">{t("flow.withdrawalNote")}</p> : null}
    </AppForm>
  );
}

/** The amount, written in the page's number format as it is typed, with its unit at the end. */
function AmountField({ label, hint, unit, format }: { label: string; hint: string; unit: string; format: (typed: string) => string }) {
  const { control } = useFormContext();
  const { field } = useController({ name: "amount", control });
  return (
    <FieldShell name="amount" label={label} hint={hint}>
      {(attributes) => (
        <div className="relative" dir="ltr">
          <Input
            {...attributes}
            ref={field.ref}
            name={field.name}
            value={typeof field.value === "string" ? field.value : ""}
            onChange={(event) => field.onChange(format(event.target.value))}
            onBlur={field.onBlur}
            inputMode="decimal"
            autoComplete="off"
            className="pe-20 text-lg font-semibold"
            data-amount-input=""
          />
          <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-3.5 text-sm font-semibold text-fg-subtle">{unit}</span>
        </div>
      )}
    </FieldShell>
  );
}

/** Follows a pending invoice; a deposit's final state opens its result modal. */
function InvoiceScreen({ invoice, close, onAnother }: { invoice: Invoice; close: () => void; onAnother: () => void }) {
  const { openModal } = useModal();
  useEffect(() => {
    if (invoice.type !== 1) return;
    if (invoice.status === 2) openModal("deposit-success");
    else if (invoice.status === 3) openModal("deposit-error");
  }, [invoice.status, invoice.type, openModal]);
  if (invoice.type === 2) return <WithdrawalScreen invoice={invoice} close={close} onAnother={onAnother} />;
  return <PendingDepositScreen invoice={invoice} close={close} />;
}

function PendingDepositScreen({ invoice, close }: { invoice: Invoice; close: () => void }) {
  const { t } = useTranslation("wallet");
  const { money, inText, currencies } = useMoneyFormat();
  const { openModal } = useModal();
  const currency = currencies?.get(invoice.currency);
  const sum = money(invoice.amount, invoice.currency);
  const sumInText = inText(sum);
  const data = invoice.publicData;
  const providerPage = data.confirmUrl ?? data.redirectUrl;
  return (
    <div className="flex flex-col gap-4" data-pending-invoice={invoice.id}>
      {data.qr || data.address ? (
        <>
          <p className="text-pretty text-fg-muted">{t("pending.crypto.intro", { sum: sumInText })}</p>
          {data.qr ? (
            <div className="mx-auto w-full max-w-56 rounded-xl border border-border bg-white p-2 shadow-card">
              <QrCode value={data.qr} label={t("pending.crypto.qrLabel", { currency: invoice.currency })} className="block h-auto w-full" />
            </div>
          ) : null}
          <dl className="flex flex-col gap-3 rounded-xl bg-surface-muted p-4 text-sm">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("pending.crypto.amount")}</dt>
              <dd className="mt-0.5 font-semibold" data-crypto-amount="">
                <span dir="ltr">{currency ? `${invoice.amount} ${invoice.currency}` : sum}</span>
              </dd>
            </div>
            {data.address ? (
              <div>
                <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                  {data.network ? t("pending.crypto.addressOn", { network: data.network }) : t("pending.crypto.address")}
                </dt>
                <dd className="mt-1 flex items-start gap-2">
                  <code className="min-w-0 flex-1 font-mono text-[0.8125rem] break-all" dir="ltr" data-crypto-address="">
                    {data.address}
                  </code>
                  <CopyButton text={data.address} label={t("pending.crypto.copyAddress")} />
                </dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : providerPage ? (
        <>
          <p className="text-pretty text-fg-muted">{data.confirmUrl ? t("pending.confirm.intro", { sum: sumInText }) : t("pending.redirect.intro", { sum: sumInText })}</p>
          <a href={providerPage} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "accent", size: "lg" })} data-provider-page="">
            {data.confirmUrl ? t("pending.confirm.action") : t("pending.redirect.action")}
            <ExternalIcon className="size-[1.125rem]" />
          </a>
        </>
      ) : (
        <>
          <p className="text-pretty text-fg-muted">{t("pending.manual.intro", { sum: sumInText })}</p>
          {data.reference ? (
            <div className="flex items-center justify-between gap-3 rounded-xl bg-surface-muted p-4">
              <div>
                <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("pending.manual.reference")}</p>
                <p className="mt-0.5 font-mono font-semibold" dir="ltr">
                  {data.reference}
                </p>
              </div>
              <CopyButton text={data.reference} label={t("pending.manual.copyReference")} />
            </div>
          ) : null}
        </>
      )}
      <p role="status" className="flex items-center justify-center gap-2 text-sm font-medium text-fg-muted" data-invoice-status="1">
        <Spinner className="size-4 text-brand" />
        {data.qr || data.address ? t("pending.crypto.waiting") : t("pending.waiting")}
      </p>
      <p className="text-center text-xs text-fg-subtle">{t("pending.number", { number: invoice.number })}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="flex-1" onClick={() => openModal("deposit-status")}>
          <ClockIcon className="size-[1.125rem]" />
          {t("pending.checkStatus")}
        </Button>
        <Button variant="ghost" className="flex-1" onClick={close}>
          {t("common.close")}
        </Button>
      </div>
    </div>
  );
}

function WithdrawalScreen({ invoice, close, onAnother }: { invoice: Invoice; close: () => void; onAnother: () => void }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const sum = money(invoice.amount, invoice.currency);
  const titleKey = invoice.status === 1 ? "pending.withdrawal.requested" : invoice.status === 2 ? "pending.withdrawal.paid" : "pending.withdrawal.cancelled";
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-withdrawal-invoice={invoice.id} data-invoice-status={invoice.status}>
      <span
        aria-hidden="true"
        className={cx(
          "grid size-14 place-items-center rounded-full",
          invoice.status === 3 ? "bg-error-soft text-error" : invoice.status === 2 ? "bg-success-soft text-success" : "bg-attention-soft text-attention",
        )}
      >
        {invoice.status === 1 ? <ClockIcon className="size-7" /> : <CheckIcon className="size-7" />}
      </span>
      <p className="font-display text-xl font-bold" role="status">
        {t(titleKey)}
      </p>
      <p className="font-display text-2xl font-extrabold">
        <span dir="ltr">{sum}</span>
      </p>
      <p className="text-sm text-pretty text-fg-muted">
        {invoice.status === 1 ? t("pending.withdrawal.heldDescription") : invoice.status === 2 ? t("pending.withdrawal.paidDescription") : t("pending.withdrawal.cancelledDescription")}
      </p>
      <p className="text-xs text-fg-subtle">{t("pending.number", { number: invoice.number })}</p>
      <div className="flex w-full flex-wrap gap-2">
        <LocalizedLink to="/wallet/history?tab=invoices" className={buttonClassName({ variant: "secondary", className: "flex-1" })}>
          {t("pending.withdrawal.history")}
        </LocalizedLink>
        <Button variant="ghost" className="flex-1" onClick={invoice.status === 1 ? close : onAnother}>
          {invoice.status === 1 ? t("common.done") : t("pending.another")}
        </Button>
      </div>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("wallet");
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      showAlert({ kind: "success", title: t("common.copied"), dedupeKey: `copied:${text}` });
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      showAlert({ kind: "error", title: t("common.copyFailed"), description: text });
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={label} title={label} className="shrink-0 px-3" data-copy="">
      {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span className="sr-only xs:not-sr-only">{copied ? t("common.copied") : t("common.copy")}</span>
    </Button>
  );
}
