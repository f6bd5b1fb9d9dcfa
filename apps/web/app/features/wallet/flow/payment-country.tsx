import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { PlainSelect } from "../wallet-pieces.tsx";
import { useCountryNames } from "#app/features/forms/country-select.tsx";
import { selectableCountries, useCountries } from "#app/features/forms/form-data.ts";

/** The country whose payment methods are offered: the player's choice, else where they are (the server decides). */
export function PaymentCountry({ country, onChange }: { country: string | null; onChange: (country: string | null) => void }) {
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
