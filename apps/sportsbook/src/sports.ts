import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import { sportSlug } from "@playfair/contracts/sport/sport-paths";
import { SPORTS, sportById } from "@playfair/contracts/sport/sports";
import { translator, isMessageKey, type Translate } from "./i18n.ts";

/** The sport the `esports` page opens. */
export { ESPORTS_SPORT_ID } from "@playfair/contracts/sport/sports";

/**
 * A sport's name in the widget's language: its translation where the catalogues have one, else the
 * sport catalogue's English proper name; an id the catalogue does not know is named by its id.
 */
export function sportName(t: Translate, sportId: number): string {
  const key = `sportName.${sportId}`;
  if (isMessageKey(key)) return t(key);
  return sportById(sportId)?.name ?? t("sport.unknown", { id: sportId });
}

/**
 * The sport an address's slug names: matched against the names in the page's language and in
 * English (an English slug is valid on every language's page).
 */
export function sportIdFromSlug(slug: string, locale: SportsbookLocale, knownIds: readonly number[] = []): number | null {
  const candidates = new Set<number>([...SPORTS.map((sport) => sport.id), ...knownIds]);
  const english = translator("en-GB");
  const local = translator(locale);
  for (const id of candidates) {
    if (sportSlug(sportName(local, id)) === slug || sportSlug(sportName(english, id)) === slug) return id;
  }
  // A sport without a name is written "Sport {id}" in some language: its id ends the slug.
  const trailingId = /-(\d{1,9})$/.exec(slug)?.[1];
  return trailingId === undefined ? null : Number(trailingId);
}
