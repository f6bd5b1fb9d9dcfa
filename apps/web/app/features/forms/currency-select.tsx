import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useController, useFormContext } from "react-hook-form";
import { Combobox } from "./combobox.tsx";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";
import { useEnabledCurrencies } from "./form-data.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

/** Searchable currency select of the enabled currencies, searchable by code (spec 3) and name. */
export function CurrencySelect({ name = "currency", label, hint, className }: Pick<FieldShellProps, "label" | "hint"> & { name?: string; className?: string }) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const currencies = useEnabledCurrencies();
  const options = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language, "en"], { type: "currency" });
    } catch {
      names = null;
    }
    return (currencies.data ?? []).map((currency) => {
      let name: string | undefined;
      try {
        // Codes outside ISO 4217's three letters (USDT) make DisplayNames throw.
        name = names?.of(currency.code);
      } catch {
        name = undefined;
      }
      const named = name && name !== currency.code;
      return {
        value: currency.code,
        label: named ? `${currency.code} · ${name}` : currency.code,
        selectedText: currency.code,
        keywords: currency.type,
        leading: (
          <span aria-hidden="true" dir="ltr" className="grid h-6 min-w-6 place-items-center rounded-full bg-surface-muted px-1 text-xs font-bold text-fg-muted">
            {currency.symbol.slice(0, 3)}
          </span>
        ),
        trailing: currency.type === "crypto" ? t("controls.crypto") : undefined,
      };
    });
  }, [currencies.data, language, t]);
  return (
    <FieldShell name={name} label={label} hint={hint} className={className}>
      {(attributes) => (
        <Combobox
          controlAttributes={attributes}
          inputRef={field.ref}
          options={options}
          loading={currencies.isPending}
          value={typeof field.value === "string" ? field.value : ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={t("controls.currencyPlaceholder")}
          emptyText={t("controls.noMatches")}
        />
      )}
    </FieldShell>
  );
}
