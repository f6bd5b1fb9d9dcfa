/**
 * A sport's display name by its spec id (66 Soccer, 67 Basketball ...). The names are data in
 * `packages/contracts/src/sport/sports.ts`; until a sport is listed there its id stands in.
 */
export function sportName(sportId: number): string {
  return String(sportId);
}
