import { AsYouType, getCountryCallingCode, isSupportedCountry, type CountryCode } from "libphonenumber-js/max";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useController, useFormContext, useWatch } from "react-hook-form";
import { Combobox, type ComboboxOption } from "./combobox.tsx";
import { flagEmoji, useCountryNames } from "./country-select.tsx";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";
import { selectableCountries, useCountries } from "./form-data.ts";
import { Input } from "#app/components/ui/input.tsx";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { toLatinDigits } from "@playfair/contracts/validation/masks";

/** The likeliest country of a visitor reading this language, for the first calling code shown. */
const LANGUAGE_COUNTRIES: Readonly<Record<string, CountryCode>> = { de: "DE", es: "ES", "pt-br": "BR", ru: "RU", tr: "TR", hi: "IN", fa: "IR", en: "IE" };

function callingCode(country: CountryCode): string {
  return getCountryCallingCode(country);
}

function asCountry(code: unknown): CountryCode | undefined {
  return typeof code === "string" && /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : undefined;
}

/** Splits a stored "+49 151 2345678" into its country and the national part as typed. */
function splitNumber(value: string, fallback: CountryCode): { country: CountryCode; national: string } {
  if (!value.startsWith("+")) return { country: fallback, national: value };
  const typer = new AsYouType();
  typer.input(value);
  const country = typer.getCountry() ?? fallback;
  const number = typer.getNumber();
  return { country, national: number ? new AsYouType(country).input(number.nationalNumber) : value };
}

/** What the form stores: "+<calling code> <national digits as formatted>", or "" when nothing is typed. */
function joinNumber(country: CountryCode, national: string): string {
  const digits = national.replace(/\D/g, "");
  return digits === "" ? "" : `+${callingCode(country)} ${national.trim()}`;
}

/**
 * A phone number input with a searchable calling-code picker; the number is formatted as typed
 * (libphonenumber). Pasting a number with "+" picks its country by itself.
 */
export function PhoneField({ name = "phone", label, hint, countryField = "country", className }: Pick<FieldShellProps, "label" | "hint"> & { name?: string; countryField?: string; className?: string }) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const formCountry = asCountry(useWatch({ control, name: countryField }));
  const fallback = formCountry ?? LANGUAGE_COUNTRIES[language] ?? "IE";
  const stored = typeof field.value === "string" ? field.value : "";
  const [{ country, national }, setParts] = useState(() => splitNumber(stored, fallback));
  const countryName = useCountryNames();
  const countries = useCountries();

  // Follow the form's country until the player has typed a number; a reset of the form (stored
  // value emptied) clears the input too. Adjusted while rendering, as React advises for derived state.
  const [seen, setSeen] = useState({ formCountry, stored });
  if (seen.formCountry !== formCountry || seen.stored !== stored) {
    setSeen({ formCountry, stored });
    if (stored === "" && national !== "") setParts({ country: formCountry ?? country, national: "" });
    else if (formCountry && formCountry !== seen.formCountry && national.trim() === "") setParts({ country: formCountry, national });
  }

  const options = useMemo<ComboboxOption[]>(() => {
    const collator = new Intl.Collator(language);
    const list = selectableCountries(countries.data ?? []).map((entry) => entry.code);
    const codes = list.includes(country) ? list : [...list, country];
    return codes
      .filter((code): code is CountryCode => asCountry(code) !== undefined)
      .map((code) => ({
        value: code,
        label: countryName(code),
        keywords: `+${callingCode(code)} ${callingCode(code)}`,
        leading: <span aria-hidden="true" className="text-lg leading-none">{flagEmoji(code)}</span>,
        trailing: `+${callingCode(code)}`,
        selectedText: `+${callingCode(code)}`,
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [countries.data, country, countryName, language]);

  function update(nextCountry: CountryCode, typed: string) {
    const latin = toLatinDigits(typed);
    let resolvedCountry = nextCountry;
    let formatted: string;
    if (latin.trim().startsWith("+")) {
      const typer = new AsYouType();
      const international = typer.input(latin.replace(/[^\d+]/g, ""));
      resolvedCountry = typer.getCountry() ?? nextCountry;
      const number = typer.getNumber();
      formatted = number && typer.getCountry() ? new AsYouType(resolvedCountry).input(number.nationalNumber) : international;
    } else {
      const digits = latin.replace(/\D/g, "");
      // Formatting while deleting would put back the separator being deleted; keep raw then.
      formatted = typed.length < national.length ? latin.replace(/[^\d\s()-]/g, "") : new AsYouType(nextCountry).input(digits);
    }
    setParts({ country: resolvedCountry, national: formatted });
    field.onChange(joinNumber(resolvedCountry, formatted.startsWith("+") ? formatted.replace(/^\+\d*\s?/, "") : formatted));
  }

  return (
    <FieldShell name={name} label={label} hint={hint} className={className}>
      {(attributes) => (
        <div className="flex gap-2" dir="ltr">
          <Combobox
            className="w-[7.75rem] shrink-0"
            listClassName="w-72 max-w-[calc(100vw-3rem)] end-auto"
            inputClassName="ps-10 tabular-nums"
            controlAttributes={{ id: `${attributes.id}-country`, "aria-label": t("controls.callingCode") }}
            options={options}
            loading={countries.isPending}
            value={country}
            onChange={(code) => {
              const next = asCountry(code);
              if (next) update(next, national.replace(/^\+\d*\s?/, ""));
            }}
            placeholder="+"
            emptyText={t("controls.noMatches")}
          />
          <Input
            {...attributes}
            ref={field.ref}
            name={field.name}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={national}
            onChange={(event) => update(country, event.target.value)}
            onBlur={field.onBlur}
            placeholder={t("controls.phonePlaceholder")}
            className="min-w-0 flex-1 tabular-nums"
          />
        </div>
      )}
    </FieldShell>
  );
}
