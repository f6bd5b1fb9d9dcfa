import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import { sportSlug } from "@playfair/contracts/sport/sport-paths";
import { translator, isMessageKey, type Translate } from "./i18n.ts";

/** The sport ids the spec names (spec 3 Sport catalogue) and the sport the `esports` page opens. */
export const ESPORTS_SPORT_ID = 145;
const NAMED_SPORTS = [66, 67, 68, 69, 70, 71, 84, 145, 165] as const;

/** A sport's name in the widget's language; a sport without a translation is named by its id. */
export function sportName(t: Translate, sportId: number): string {
  const key = `sportName.${sportId}`;
  return isMessageKey(key) ? t(key) : t("sport.unknown", { id: sportId });
}

/**
 * The sport an address's slug names: matched against the names in the page's language and in
 * English (an English slug is valid on every language's page).
 */
export function sportIdFromSlug(slug: string, locale: SportsbookLocale, knownIds: readonly number[] = []): number | null {
  const candidates = new Set<number>([...NAMED_SPORTS, ...knownIds]);
  const english = translator("en-GB");
  const local = translator(locale);
  for (const id of candidates) {
    if (sportSlug(sportName(local, id)) === slug || sportSlug(sportName(english, id)) === slug) return id;
  }
  // A sport without a translated name is written "Sport {id}" in some language: its id ends the slug.
  const trailingId = /-(\d{1,9})$/.exec(slug)?.[1];
  return trailingId === undefined ? null : Number(trailingId);
}
