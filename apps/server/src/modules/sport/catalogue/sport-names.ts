import { sportById } from "@playfair/contracts/sport/sports";

/** A sport's display name by its spec id (66 Soccer, 67 Basketball ...), from the sport catalogue; an unknown id stands in for itself. */
export function sportName(sportId: number): string {
  return sportById(sportId)?.name ?? String(sportId);
}
