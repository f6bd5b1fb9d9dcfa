import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import { de } from "./locales/de.ts";
import { en, type Catalogue, type MessageKey } from "./locales/en.ts";
import { esES } from "./locales/es-ES.ts";
import { fa } from "./locales/fa.ts";
import { hi } from "./locales/hi.ts";
import { ptBR } from "./locales/pt-BR.ts";
import { ru } from "./locales/ru.ts";
import { tr } from "./locales/tr.ts";

/** The widget's own catalogues (small: they ship inside its one script). */
const CATALOGUES: Record<SportsbookLocale, Catalogue> = { "en-GB": en, de, "es-ES": esES, fa, hi, "pt-BR": ptBR, ru, tr };

const RIGHT_TO_LEFT: ReadonlySet<SportsbookLocale> = new Set(["fa"]);

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The text of a key with `{name}` placeholders filled in. */
export function translator(locale: SportsbookLocale): Translate {
  const catalogue = CATALOGUES[locale];
  return (key, values) => {
    const text = catalogue[key];
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  };
}

export function directionOf(locale: SportsbookLocale): "rtl" | "ltr" {
  return RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr";
}

/** The BCP 47 tag for the `lang` attribute and Intl. */
export function languageTag(locale: SportsbookLocale): string {
  return locale;
}

export function isMessageKey(key: string): key is MessageKey {
  return key in en;
}

export type { MessageKey };
