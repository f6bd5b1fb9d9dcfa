// How the limits page writes amounts and times: exact decimal strings formatted with the
// currency's symbol and precision (never a float), dates and times in the page language and the
// browser's time zone (rendered after hydration, so server and browser agree on the markup).
import { LIMIT_DEFINITION, LIMIT_PERIOD } from "@playfair/contracts/constants";
import { formatMoney, MoneyError, subunitDecimals } from "@playfair/contracts/money";
import type { Currency } from "@playfair/contracts/settings";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useEnabledCurrencies } from "#app/features/forms/form-data.ts";

/** Page languages are lower-case ("pt-br"); Intl wants BCP 47 ("pt-BR"). */
function intlLocale(language: string): string {
  const [lang, region] = language.split("-");
  return region ? `${lang}-${region.toUpperCase()}` : (lang ?? "en");
}

function formatLimitAmount(amount: string, code: string, currency: Pick<Currency, "code" | "symbol" | "subunitToUnit" | "type"> | undefined, language: string): string {
  if (!currency) return `${amount} ${code}`;
  try {
    return formatMoney(amount, currency, { locale: intlLocale(language), display: currency.type === "crypto" ? "code" : "symbol" });
  } catch (error) {
    if (error instanceof MoneyError) return `${amount} ${code}`;
    throw error;
  }
}

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
    format: (amount: string, code: string) => formatLimitAmount(amount, code, byCode.get(code), i18n.language),
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
