import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useController, useFormContext } from "react-hook-form";
import { Combobox, type ComboboxOption } from "./combobox.tsx";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";
import { selectableCountries, useCountries } from "./form-data.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

/** "DE" -> the German flag (regional indicator symbols); systems without flag glyphs show letters. */
export function flagEmoji(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return "";
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** Country names in the UI language (Intl.DisplayNames), falling back to the server's English name. */
export function useCountryNames(): (code: string, fallback?: string) => string {
  const language = useLanguage();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language, "en"], { type: "region" });
    } catch {
      names = null;
    }
    return (code: string, fallback?: string) => {
      let name: string | undefined;
      try {
        name = names?.of(code);
      } catch {
        name = undefined;
      }
      return name && name !== code ? name : (fallback ?? code);
    };
  }, [language]);
}

/** The selectable countries as combobox options, sorted by name in the UI language. */
function useCountryOptions(): { options: ComboboxOption[]; loading: boolean } {
  const language = useLanguage();
  const countryName = useCountryNames();
  const countries = useCountries();
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return selectableCountries(countries.data ?? [])
      .map((country) => ({
        value: country.code,
        label: countryName(country.code, country.name),
        keywords: `${country.name} ${country.phoneCode ?? ""}`,
        leading: <span aria-hidden="true" className="text-lg leading-none">{flagEmoji(country.code)}</span>,
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [countries.data, countryName, language]);
  return { options, loading: countries.isPending };
}

/** Searchable country select (excluded countries are not offered); the value is the ISO code. */
export function CountrySelect({ name = "country", label, hint, className }: Pick<FieldShellProps, "label" | "hint"> & { name?: string; className?: string }) {
  const { t } = useTranslation("accounts");
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const { options, loading } = useCountryOptions();
  return (
    <FieldShell name={name} label={label} hint={hint} className={className}>
      {(attributes) => (
        <Combobox
          controlAttributes={attributes}
          inputRef={field.ref}
          options={options}
          loading={loading}
          value={typeof field.value === "string" ? field.value : ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={t("controls.countryPlaceholder")}
          emptyText={t("controls.noMatches")}
        />
      )}
    </FieldShell>
  );
}
