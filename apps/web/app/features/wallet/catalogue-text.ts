import type { i18n as I18n } from "i18next";

/**
 * A catalogue key the server names (method and group labels, spec 3) in the wallet namespace, or
 * the given text (a brand name such as "PIX") when the catalogue has no translation for it.
 */
export function catalogueText(i18n: I18n, key: string, fallback: string): string {
  return String(i18n.t(key, { ns: "wallet", defaultValue: fallback }));
}
