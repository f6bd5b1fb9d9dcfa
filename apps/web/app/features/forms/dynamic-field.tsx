// One operator-listed field (spec 3's registration and profile fields) rendered with the right
// control, so forms built from GET /api/player/fields/validations need no per-field code.
import type { FormFieldName } from "@playfair/contracts/validation/fields";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "./checkbox-field.tsx";
import { CountrySelect } from "./country-select.tsx";
import { CurrencySelect } from "./currency-select.tsx";
import { PasswordField } from "./password-field.tsx";
import { PhoneField } from "./phone-field.tsx";
import { SelectField } from "./select-field.tsx";
import { DateField, EmailField, TextField } from "./text-field.tsx";
import { useEnabledLocales } from "#app/lib/locale-hooks.ts";

/** Input masks of spec 5 for the fields that have a fixed shape. */
const FIELD_MASKS: Partial<Record<FormFieldName, string>> = { cpf_number: "###.###.###-##" };

const AUTOCOMPLETE: Partial<Record<FormFieldName, string>> = {
  firstName: "given-name",
  lastName: "family-name",
  fullName: "name",
  nickname: "nickname",
  city: "address-level2",
  address: "address-line1",
  additionalAddress: "address-line2",
  postalCode: "postal-code",
  birthdate: "bday",
  profession: "organization-title",
};

/** The empty value a field starts with: false for checkboxes, "" for everything else. */
export function emptyFieldValue(name: string): string | boolean {
  return name === "agreements" || name.startsWith("receive") ? false : "";
}

/** A labelled control for one form field name; `label` overrides the catalogue's `accounts:fields.<name>`. */
export function DynamicField({ name, label, className }: { name: FormFieldName; label?: string; className?: string }) {
  const { t } = useTranslation("accounts");
  const locales = useEnabledLocales();
  const text = label ?? t(`fields.${name}`);
  switch (name) {
    case "email":
      return <EmailField name={name} label={text} className={className} />;
    case "password":
    case "newPassword":
      return <PasswordField name={name} label={text} autoComplete="new-password" className={className} />;
    case "password_confirmation":
    case "repeatNewPassword":
      return <PasswordField name={name} label={text} autoComplete="new-password" className={className} />;
    case "currentPassword":
      return <PasswordField name={name} label={text} autoComplete="current-password" className={className} />;
    case "country":
    case "nationality":
      return <CountrySelect name={name} label={text} className={className} />;
    case "currency":
      return <CurrencySelect name={name} label={text} className={className} />;
    case "phone":
      return <PhoneField name={name} label={text} className={className} />;
    case "birthdate":
      return <DateField name={name} label={text} autoComplete="bday" className={className} />;
    case "agreements":
    case "receiveEmailPromo":
    case "receiveSmsPromo":
    case "receiveBonus":
      return <CheckboxField name={name} label={text} className={className} />;
    case "gender":
      return (
        <SelectField
          name={name}
          label={text}
          className={className}
          placeholder={t("controls.choose")}
          options={[
            { value: "male", label: t("controls.genderMale") },
            { value: "female", label: t("controls.genderFemale") },
            { value: "other", label: t("controls.genderOther") },
          ]}
        />
      );
    case "language":
    case "locale":
      return <SelectField name={name} label={text} className={className} placeholder={t("controls.choose")} options={locales.map((locale) => ({ value: locale.code, label: locale.name }))} />;
    case "age":
      return <TextField name={name} label={text} type="text" inputMode="numeric" className={className} />;
    case "captcha":
      return null;
    default:
      return <TextField name={name} label={text} type="text" mask={FIELD_MASKS[name]} autoComplete={AUTOCOMPLETE[name]} inputMode={name === "cpf_number" ? "numeric" : undefined} className={className} />;
  }
}
