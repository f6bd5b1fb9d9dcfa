// How the limits page writes amounts and times: amounts through the site's one money formatter,
// in the unit they are typed in (a crypto limit in BTC, not mBTC), dates and times in the page
// language and the browser's time zone (rendered after hydration, so server and browser agree).
import { LIMIT_DEFINITION, LIMIT_PERIOD } from "@playfair/contracts/constants";
import { subunitDecimals } from "@playfair/contracts/money";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useEnabledCurrencies } from "#app/features/forms/form-data.ts";
import { formatAmount, intlLocale } from "#app/lib/money-format.ts";

export function formatLimitDateTime(date: Date, language: string): string {
  try {
    return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short" }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace("T", " ");
  }
}

/** Formats amounts of any currency the settings know, in the page language. */
export function useLimitMoney() {
  const { i18n } = useTranslation();
  const currencies = useEnabledCurrencies();
  const byCode = new Map((currencies.data ?? []).map((currency) => [currency.code, currency]));
  return {
    format: (amount: string, code: string) => formatAmount(amount, code, byCode.get(code), i18n.language, { ownUnit: true }),
    /** Whether a currency's precision is known yet: until it is, an amount cannot be typed in it. */
    knowsPrecisionOf: (code: string) => byCode.has(code),
    decimalsOf: (code: string) => {
      const currency = byCode.get(code);
      return currency ? subunitDecimals(currency.subunitToUnit) : 8;
    },
  };
}

/**
 * A date and time for people, shown only once mounted: the server does not know the player's
 * time zone, and a mismatch would break hydration. Until then, a stable machine-readable time.
 */
export function LimitTime({ at, className }: { at: Date | string; className?: string }) {
  const { i18n } = useTranslation();
  const isHydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const date = typeof at === "string" ? new Date(at) : at;
  return (
    <time dateTime={date.toISOString()} className={className}>
      {isHydrated ? formatLimitDateTime(date, i18n.language) : date.toISOString().slice(0, 16).replace("T", " ")}
    </time>
  );
}

function subscribeToNothing(): () => void {
  return () => {};
}

/** Translation keys of the definitions and periods (catalogue `limits`). */
const DEFINITION_KEYS = {
  [LIMIT_DEFINITION.bet]: "bet",
  [LIMIT_DEFINITION.loss]: "loss",
  [LIMIT_DEFINITION.deposit]: "deposit",
  [LIMIT_DEFINITION.selfExclusion]: "selfExclusion",
  [LIMIT_DEFINITION.coolingOff]: "coolingOff",
} as const;

const PERIOD_KEYS = { [LIMIT_PERIOD.daily]: "daily", [LIMIT_PERIOD.weekly]: "weekly", [LIMIT_PERIOD.monthly]: "monthly" } as const;

export type DefinitionKey = (typeof DEFINITION_KEYS)[keyof typeof DEFINITION_KEYS];
export type PeriodKey = (typeof PERIOD_KEYS)[keyof typeof PERIOD_KEYS];

export function definitionKey(definition: number): DefinitionKey {
  return DEFINITION_KEYS[definition as keyof typeof DEFINITION_KEYS] ?? "deposit";
}

/** The key of a bet, loss or deposit limit (the groups of the page). */
export function moneyDefinitionKey(definition: number): "bet" | "loss" | "deposit" {
  const key = definitionKey(definition);
  return key === "bet" || key === "loss" ? key : "deposit";
}

export function periodKey(period: number | null): PeriodKey {
  return PERIOD_KEYS[(period ?? LIMIT_PERIOD.daily) as keyof typeof PERIOD_KEYS] ?? "daily";
}
