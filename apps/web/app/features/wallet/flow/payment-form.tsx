import type { Invoice } from "@playfair/contracts/payment/invoices";
import type { PaymentDirection, PaymentMethod } from "@playfair/contracts/payment/methods";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { catalogueText } from "../catalogue-text.ts";
import { rememberInvoice, trackInvoiceRequest } from "../invoice-store.ts";
import { PaymentField } from "../payment-fields.tsx";
import { refreshAccountsUnlessLive, useMoneyFormat, usePlayerId } from "../use-wallet.ts";
import { createInvoice, paymentQueryKeys } from "../wallet-api.ts";
import { amountInputText, checkAmount, entryUnitOf, formatAmountInput } from "../wallet-format.ts";
import { AmountField, amountProblemText } from "./amount-field.tsx";
import { DepositBonusChoice, meetsMinimum } from "../bonus/deposit-bonus-choice.tsx";
import { typedAmount, useDepositBonus } from "../bonus/use-deposit-bonus.ts";
import { isDepositLimitReached } from "./payment-methods.ts";
import { presetsWithinRoom } from "#app/features/limits/limit-logic.ts";
import { ArrowStartIcon } from "#app/components/page-icons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AppForm, useAppForm, type FormValueMap } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { TextField } from "#app/features/forms/text-field.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";
import { cx } from "#app/lib/cx.ts";

/** Short fields that sit side by side (a card's expiry date and security code). */
const HALF_WIDTH_FIELDS: ReadonlySet<string> = new Set(["cardExpiry", "cardCvc"]);

type PaymentValues = FormValueMap & { amount: string; bonusCode: string };

/** The chosen method's form: amount, presets, the method's own fields and a bonus code. */
export function PaymentForm({
  direction,
  account,
  method,
  onBack,
  onInvoice,
  onLimitReached,
  room = null,
}: {
  direction: PaymentDirection;
  account: WalletAccount;
  method: PaymentMethod;
  /** The room the deposit limits leave (deposits only); null when no limit applies. */
  room?: string | null;
  onBack: () => void;
  onInvoice: (invoice: Invoice) => void;
  onLimitReached: () => void;
}) {
  const { t, i18n } = useTranslation("wallet");
  const { money, currencies } = useMoneyFormat();
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
  const moneyOf = (amount: string) => money(amount, account.currency);
  const form = useAppForm<PaymentValues>({
    fields: [...fieldNames, ...(withBonusCode ? ["bonusCode"] : [])],
    rules,
    defaultValues,
    validate: (values) => {
      if (!currency) return { amount: t("amount.unavailable") };
      const check = checkAmount(values.amount, currency, language, range);
      if (!check.ok) return { amount: amountProblemText(t, check.problem, moneyOf) };
      // A chosen bonus the amount does not reach: said at the amount, the player deposits more or picks no bonus.
      if (bonus.chosen && !meetsMinimum(bonus.chosen, check.amount)) return { amount: t("bonus.deposit.amountUnderMinimum", { amount: moneyOf(bonus.chosen.minDeposit) }) };
      return undefined;
    },
  });
  const unit = currency ? entryUnitOf(currency) : { code: account.currency, decimals: 2 };
  const presets = direction === "deposit" ? presetsWithinRoom(method.presets, room, method.amount.min) : method.presets;
  const amountValue = form.watch("amount");
  const bonus = useDepositBonus(account.currency, typedAmount(amountValue, currency, language), direction === "deposit");
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
    const bonusId = direction === "deposit" && bonus.chosen ? bonus.chosen.id : undefined;
    const request = { amount: check.amount, currency: account.currency, methodCode: method.code, fields, ...(bonusCode ? { bonusCode } : {}), ...(bonusId ? { bonusId } : {}) };
    // Submitting the same request again (after a timeout, say) reuses its key: the server then
    // answers with the invoice it already made instead of making a second one.
    const signature = `${direction}:${JSON.stringify(request)}`;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: crypto.randomUUID() };
    let invoice: Invoice;
    try {
      invoice = await trackInvoiceRequest(createInvoice(direction, request, attempt.current.key));
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
      {presets.length > 0 && currency ? (
        <div className="-mt-1 flex flex-wrap gap-1.5" role="group" aria-label={t("amount.presets")}>
          {presets.map((preset) => {
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
                {money(preset, account.currency)}
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
        <DepositBonusChoice
          offers={bonus.offers}
          currency={account.currency}
          amount={typedAmount(amountValue, currency, language)}
          chosenId={bonus.chosenId}
          onChoose={bonus.choose}
          pendingCode={bonus.pendingCode}
        />
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
