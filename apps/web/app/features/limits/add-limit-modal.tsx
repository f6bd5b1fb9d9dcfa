import { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import {
  COOLING_OFF_DAY_CHOICES,
  isMoneyLimitDefinition,
  LIMIT_PERIODS,
  MONEY_LIMIT_DEFINITIONS,
  SELF_EXCLUSION_MONTHS,
} from "@playfair/contracts/player/limits";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { forgetLimitDraft, readLimitDraft } from "./limit-draft.ts";
import { limitErrorText } from "./limit-errors.ts";
import { definitionKey, formatLimitDateTime, LimitTime, useLimitMoney } from "./limit-format.tsx";
import { formatLimitAmountInput, parseLimitAmount, type AmountProblem } from "./limit-logic.ts";
import { LimitNote, LimitPeriodField, LimitProblem, LimitSelect } from "./limit-parts.tsx";
import { useLimitLabel } from "./limit-row.tsx";
import { createLimit, LIMITS_QUERY_KEY, useAccountCurrencies, useWithdrawableCash } from "./limits-api.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/input.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useModal } from "#app/features/modals/use-modal.ts";
import { signOut } from "#app/features/session/session-store.ts";
import { cx } from "#app/lib/cx.ts";

/**
 * Spec 2.4 add-limit: a new bet, loss or deposit limit (it applies at once, P1), or the start of
 * a cooling-off or self-exclusion, which suggests withdrawing the balance first, says what it
 * blocks, what still works and when it ends, asks the player to acknowledge that it cannot be
 * undone and signs them out everywhere (P3, P4). The address value names an exclusion
 * ("self-exclusion", "cooling-off"); for money limits the page leaves the kind in limit-draft.ts.
 */
export default function AddLimitModal(props: ModalContentProps) {
  const [definition] = useState(() => definitionOf(props.value) ?? readLimitDraft().definition ?? LIMIT_DEFINITION.deposit);
  return isMoneyLimitDefinition(definition) ? <MoneyLimitForm {...props} initialDefinition={definition} /> : <ExclusionForm {...props} definition={definition} />;
}

/** The address value names an exclusion (use-limit-modal.ts); "true" leaves the choice to the draft. */
function definitionOf(value: string): number | undefined {
  if (value === "self-exclusion") return LIMIT_DEFINITION.selfExclusion;
  if (value === "cooling-off") return LIMIT_DEFINITION.coolingOff;
  return undefined;
}

function amountProblemText(t: ReturnType<typeof useTranslation<"limits">>["t"], problem: AmountProblem, decimals: number): string {
  if (problem === "decimals") return t("errors.amountDecimals", { decimals });
  if (problem === "format") return t("errors.amountFormat");
  return t("errors.amount");
}

function MoneyLimitForm({ close, initialDefinition }: ModalContentProps & { initialDefinition: number }) {
  const { t, i18n } = useTranslation("limits");
  const queryClient = useQueryClient();
  const money = useLimitMoney();
  const labelOf = useLimitLabel();
  const currencies = useAccountCurrencies();
  const [definition, setDefinition] = useState(initialDefinition);
  const [period, setPeriod] = useState<number>(LIMIT_PERIODS[0]!);
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const currency = chosenCurrency ?? currencies.data?.[0] ?? "";
  const decimals = money.decimalsOf(currency);
  const precisionKnown = money.knowsPrecisionOf(currency);

  const create = useMutation({
    mutationFn: createLimit,
    onSuccess: async (limit) => {
      forgetLimitDraft();
      showAlert({ kind: "success", title: t("created", { label: labelOf(limit) }) });
      await queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY });
      close();
    },
    onError: (error) => setProblem(limitErrorText(t, error, decimals)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = parseLimitAmount(amount, decimals, i18n.language);
    if (!parsed.ok) {
      setAmountError(amountProblemText(t, parsed.problem, decimals));
      return;
    }
    setAmountError(null);
    create.mutate({ definition, period, currency, amount: parsed.amount });
  }

  if (currencies.isSuccess && currencies.data.length === 0) {
    return (
      <div className="flex flex-col gap-5">
        <p className="text-[0.9375rem] text-fg-muted">{t("form.noAccounts")}</p>
        <Button variant="secondary" onClick={close} className="w-full xs:w-auto xs:self-end">
          {t("form.cancel")}
        </Button>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-add-limit-form="">
      <Field label={t("form.kind")}>
        {(attributes) => (
          <LimitSelect {...attributes} value={definition} onChange={(event) => setDefinition(Number(event.target.value))} name="definition">
            {MONEY_LIMIT_DEFINITIONS.map((value) => (
              <option key={value} value={value}>
                {t(`definitions.${definitionKey(value)}.name`)}
              </option>
            ))}
          </LimitSelect>
        )}
      </Field>
      <div className="grid gap-4 xs:grid-cols-2">
        <LimitPeriodField value={period} onChange={setPeriod} />
        <Field label={t("form.currency")}>
          {(attributes) => (
            <LimitSelect {...attributes} value={currency} onChange={(event) => setCurrency(event.target.value)} name="currency" disabled={!currencies.data}>
              {(currencies.data ?? []).map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </LimitSelect>
          )}
        </Field>
      </div>
      <Field label={t("form.amount")} hint={precisionKnown ? t("form.amountHint", { currency, decimals }) : undefined} error={amountError ?? undefined}>
        {(attributes) => (
          <Input
            {...attributes}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={amount}
            // Typed before the currency's precision arrives, an amount could keep decimals it cannot have.
            disabled={!precisionKnown}
            onChange={(event) => setAmount(formatLimitAmountInput(event.target.value, decimals, i18n.language))}
          />
        )}
      </Field>
      <LimitNote>{t("form.appliesNow")}</LimitNote>
      <LimitProblem problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close} disabled={create.isPending}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending || !currency} data-add-limit-submit="">
          {t("form.submit")}
        </Button>
      </div>
    </form>
  );
}

function ExclusionForm({ close, definition }: ModalContentProps & { definition: number }) {
  const { t, i18n } = useTranslation("limits");
  const { openModal } = useModal();
  const money = useLimitMoney();
  const cash = useWithdrawableCash();
  const isSelfExclusion = definition === LIMIT_DEFINITION.selfExclusion;
  const choices: readonly number[] = isSelfExclusion ? SELF_EXCLUSION_MONTHS : COOLING_OFF_DAY_CHOICES;
  const [length, setLength] = useState<number>(choices[0]!);
  const [isAcknowledged, setAcknowledged] = useState(false);
  const [acknowledgeError, setAcknowledgeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const acknowledgeId = useId();
  const endsAt = useMemo(() => endOf(definition, length), [definition, length]);

  const start = useMutation({
    mutationFn: () => createLimit(isSelfExclusion ? { definition, months: length } : { definition, days: length }),
    onSuccess: async (limit) => {
      forgetLimitDraft();
      showAlert({
        kind: "attention",
        title: t("exclusion.started", { time: limit.endsAt ? formatLimitDateTime(new Date(limit.endsAt), i18n.language) : "" }),
        description: t("exclusion.startedDescription"),
      });
      // The server has already ended every session; this clears this browser's too.
      await signOut();
    },
    onError: (error) => setProblem(limitErrorText(t, error, 2)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isAcknowledged) {
      setAcknowledgeError(t("exclusion.acknowledgeRequired"));
      return;
    }
    setProblem(null);
    start.mutate();
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-exclusion-form={definitionKey(definition)}>
      <p className="text-[0.9375rem] text-pretty text-fg-muted">{isSelfExclusion ? t("exclusion.selfExclusionIntro") : t("exclusion.coolingOffIntro")}</p>
      {cash.data && cash.data.length > 0 ? (
        <div className="flex flex-col gap-2.5 rounded-lg border border-border bg-surface-muted px-4 py-3" data-exclusion-withdraw="">
          <p className="text-sm text-fg">
            {t("exclusion.withdrawFirst", { balance: cash.data.map((entry) => money.format(entry.amount, entry.currency)).join(", ") })}
          </p>
          <Button variant="secondary" className="self-start" onClick={() => openModal("wallet", "withdraw")} data-exclusion-withdraw-button="">
            {t("exclusion.withdrawButton")}
          </Button>
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-semibold text-fg">
          {t("exclusion.length")}
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {choices.map((choice) => (
            <label
              key={choice}
              className={cx(
                "flex cursor-pointer items-center gap-2.5 rounded-lg border px-3.5 py-3 text-sm font-semibold transition-colors",
                choice === length ? "border-brand bg-brand-soft/50 text-fg" : "border-border text-fg-muted hover:border-border-strong",
              )}
            >
              <input type="radio" name="length" value={choice} checked={choice === length} onChange={() => setLength(choice)} className="size-4 accent-[var(--color-brand)]" />
              {isSelfExclusion ? t("exclusion.months", { count: choice }) : t("exclusion.days", { count: choice })}
            </label>
          ))}
        </div>
      </fieldset>
      <LimitNote tone="attention">
        <p className="font-semibold">
          <Trans t={t} i18nKey="exclusion.until" components={{ time: <LimitTime at={endsAt} className="font-semibold" /> }} />
        </p>
        <ul className="mt-2 flex list-disc flex-col gap-1 ps-5" data-exclusion-consequences="">
          <li>{t("exclusion.signedOut")}</li>
          <li>{t("exclusion.blocked")}</li>
          <li>{t("exclusion.stillWorks")}</li>
          <li>{t("exclusion.ends")}</li>
          <li className="font-semibold">{t("exclusion.irreversible")}</li>
        </ul>
      </LimitNote>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={acknowledgeId} className="flex items-start gap-2.5 text-sm text-fg">
          <input
            id={acknowledgeId}
            type="checkbox"
            checked={isAcknowledged}
            onChange={(event) => {
              setAcknowledged(event.target.checked);
              if (event.target.checked) setAcknowledgeError(null);
            }}
            aria-invalid={acknowledgeError ? true : undefined}
            aria-describedby={acknowledgeError ? `${acknowledgeId}-error` : undefined}
            className="mt-0.5 size-4 shrink-0 accent-[var(--color-brand)]"
            data-exclusion-acknowledge=""
          />
          {t("exclusion.acknowledge")}
        </label>
        {acknowledgeError ? (
          <p id={`${acknowledgeId}-error`} className="text-sm font-medium text-error">
            {acknowledgeError}
          </p>
        ) : null}
      </div>
      <LimitProblem problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close} disabled={start.isPending}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={start.isPending} data-exclusion-submit="">
          {isSelfExclusion ? t("exclusion.confirmSelfExclusion") : t("exclusion.confirmCoolingOff")}
        </Button>
      </div>
    </form>
  );
}

/** When the exclusion would end if started now (the server's own clock decides the exact instant). */
function endOf(definition: number, length: number): Date {
  const now = new Date();
  if (definition === LIMIT_DEFINITION.coolingOff) return new Date(now.getTime() + length * 24 * 60 * 60 * 1000);
  const end = new Date(now.getTime());
  end.setMonth(end.getMonth() + length);
  return end;
}
