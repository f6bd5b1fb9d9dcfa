// The payment form's fields (spec 3's required field keys and the method-specific ones), each
// with the control, keyboard and autofill hints that suit it.
import type { PaymentFieldName } from "@playfair/contracts/payment/methods";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "#app/features/forms/country-select.tsx";
import { PhoneField } from "#app/features/forms/phone-field.tsx";
import { EmailField, TextField } from "#app/features/forms/text-field.tsx";

const AUTOCOMPLETE: Partial<Record<PaymentFieldName, string>> = {
  playerName: "name",
  firstName: "given-name",
  lastName: "family-name",
  city: "address-level2",
  postalCode: "postal-code",
  address: "address-line1",
  cardNumber: "cc-number",
  cardExpiry: "cc-exp",
  cardCvc: "cc-csc",
};

/** Digits only for card data: the rules want bare digits, and a mask keeps anything else out. */
const MASKS: Partial<Record<PaymentFieldName, string>> = {
  cardNumber: "#".repeat(19),
  cardExpiry: "##/##",
  cardCvc: "####",
  cpf_number: "###.###.###-##",
};

const NUMERIC: ReadonlySet<PaymentFieldName> = new Set(["cardNumber", "cardExpiry", "cardCvc", "cpf_number"]);
/** Values written in Latin script whatever the page's direction. */
const LTR: ReadonlySet<PaymentFieldName> = new Set(["cardNumber", "cardExpiry", "cardCvc", "cpf_number", "wallet_id", "iban", "postalCode", "identify_doc_number"]);

export function PaymentField({ name, className }: { name: PaymentFieldName; className?: string }) {
  const { t } = useTranslation("wallet");
  const label = t(`fields.${name}`);
  switch (name) {
    case "country":
      return <CountrySelect name={name} label={label} className={className} />;
    case "phone":
      return <PhoneField name={name} label={label} className={className} />;
    case "playerEmail":
      return <EmailField name={name} label={label} className={className} />;
    default: {
      const mask = MASKS[name];
      return (
        <TextField
          name={name}
          label={label}
          className={className}
          {...(mask ? { mask } : {})}
          inputMode={NUMERIC.has(name) ? "numeric" : undefined}
          autoComplete={AUTOCOMPLETE[name] ?? "off"}
          spellCheck={false}
          autoCapitalize={name === "iban" ? "characters" : undefined}
          placeholder={name === "cardExpiry" ? t("fields.cardExpiryPlaceholder") : undefined}
          dir={LTR.has(name) ? "ltr" : undefined}
          hint={name === "wallet_id" ? t("fields.walletIdHint") : undefined}
        />
      );
    }
  }
}
