import { useController, useFormContext } from "react-hook-form";
import type { useTranslation } from "react-i18next";
import type { AmountProblem } from "../wallet-format.ts";
import { Input } from "#app/components/ui/input.tsx";
import { FieldShell } from "#app/features/forms/field-shell.tsx";

/** What is wrong with a typed amount, in the player's words. */
export function amountProblemText(t: ReturnType<typeof useTranslation<"wallet">>["t"], problem: AmountProblem, money: (amount: string) => string): string {
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

/** The amount, written in the page's number format as it is typed, with its unit at the end. */
export function AmountField({ label, hint, unit, format }: { label: string; hint: string; unit: string; format: (typed: string) => string }) {
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
