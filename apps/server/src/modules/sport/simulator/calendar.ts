import type { SportCatalogueRows, SportCompetitorRow } from "@playfair/contracts/sport/feed-catalogue";
import { ESPORTS_CATEGORIES, ESPORTS_SPORT_ID, EVENT_SPORTS, SOCCER_SPORT_ID, type Sport } from "@playfair/contracts/sport/sports";
import { crestOf, personName, placeName, shortNameOf, teamName, type NameFamily } from "./names.ts";
import { createRandom, seedOf, type Random } from "./random.ts";

/**
 * The simulated calendar: a catalogue that depends on the seed only (categories, championships,
 * competitors with ratings), and each UTC day's fixtures from the seed and the day number, so a
 * restarted simulator, or one started later, agrees on every event it shares with another.
 */

export const DAY_MS = 86_400_000;

export type SimChampionship = {
  id: number;
  categoryId: number;
  sport: Sport;
  name: string;
  competitorIds: number[];
  /** Its position among its sport's championships: staggers matchdays. */
  ordinal: number;
};

export type SimCatalogue = {
  rows: SportCatalogueRows;
  championships: SimChampionship[];
  /** Strength in [-1, 1] per competitor: the pricing models' input. */
  ratings: Map<number, number>;
  names: Map<number, string>;
};

export type SimFixture = {
  eventId: number;
  sport: Sport;
  categoryId: number;
  championship: SimChampionship;
  name: string;
  startsAt: number;
  liveCoverage: boolean;
  /** Head-to-head events; null for races and outrights. */
  homeId: number | null;
  awayId: number | null;
  /** Races and outrights: every runner, in the fixture's order. */
  participants: number[];
  /** A per-event seed: the event's own draws (script, result) come from it alone. */
  seed: number;
};

const COUNTRIES = ["England", "Spain", "Germany", "Italy", "France", "Netherlands", "Portugal", "Brazil", "Argentina", "Turkey", "Belgium", "Scotland", "Poland", "Japan", "USA", "Mexico"];
const TENNIS_TOURS = ["ATP", "WTA", "Challenger", "ITF Men", "ITF Women", "UTR", "Davis Cup", "Exhibition"];
const FIGHT_PROMOTIONS = ["World Title Fights", "International", "Regional Cards"];
const RACE_CIRCUITS = ["International", "United Kingdom", "Ireland", "France"];
const LEAGUE_NAMES = ["Premier Division", "First League", "Cup", "Super League", "Championship"];

const FAMILIES_BY_COUNTRY: Record<string, NameFamily> = { England: "anglo", Scotland: "anglo", USA: "anglo", Germany: "nordic", Netherlands: "nordic", Poland: "slavic", Japan: "eastern" };

const CATEGORY_ID_START = 2000;
const CHAMPIONSHIP_ID_START = 10_000;
const COMPETITOR_ID_START = 100_000;

type Shape = { categories: number; championships: number; competitors: number };

function shapeOf(sport: Sport): Shape {
  if (sport.id === SOCCER_SPORT_ID) return { categories: 12, championships: 2, competitors: 18 };
  if (sport.tier === 1) return { categories: 8, championships: 2, competitors: 16 };
  if (sport.tier === 2) return { categories: 3, championships: 2, competitors: 12 };
  return { categories: sport.id % 2 === 0 ? 2 : 1, championships: 1, competitors: 10 };
}

function categoryNames(sport: Sport, count: number): string[] {
  if (sport.kind === "sets" && sport.id === 68) return TENNIS_TOURS.slice(0, count);
  if (sport.kind === "fight") return FIGHT_PROMOTIONS.slice(0, count);
  if (sport.kind === "race" || sport.kind === "outright") return RACE_CIRCUITS.slice(0, count);
  return ["International", ...COUNTRIES].slice(sport.tier === 3 ? 0 : 1, (sport.tier === 3 ? 0 : 1) + count);
}

function familyFor(sport: Sport, categoryName: string, random: Random): NameFamily {
  if (sport.id === ESPORTS_SPORT_ID) return "gamer";
  return FAMILIES_BY_COUNTRY[categoryName] ?? random.pick<NameFamily>(["latin", "nordic", "slavic", "eastern", "anglo"]);
}

function isIndividual(sport: Sport): boolean {
  return sport.kind === "fight" || sport.kind === "race" || sport.kind === "outright" || (sport.kind === "sets" && ![69, 213, 308].includes(sport.id));
}

/** Every sport's categories, championships and competitors: the seed decides them all. */
export function buildCatalogue(seed: number): SimCatalogue {
  const rows: SportCatalogueRows = { categories: [], championships: [], competitors: [] };
  const championships: SimChampionship[] = [];
  const ratings = new Map<number, number>();
  const names = new Map<number, string>();
  let nextCategoryId = CATEGORY_ID_START;
  let nextChampionshipId = CHAMPIONSHIP_ID_START;
  let nextCompetitorId = COMPETITOR_ID_START;

  for (const sport of EVENT_SPORTS) {
    const random = createRandom(seedOf(seed, "catalogue", sport.id));
    const shape = shapeOf(sport);
    const categories =
      sport.id === ESPORTS_SPORT_ID
        ? ESPORTS_CATEGORIES.map((category) => ({ id: category.id, name: category.name }))
        : categoryNames(sport, shape.categories).map((name) => ({ id: nextCategoryId++, name }));
    let ordinal = 0;
    categories.forEach((category, categoryPosition) => {
      rows.categories.push({ id: category.id, sportId: sport.id, name: category.name, position: categoryPosition });
      const family = familyFor(sport, category.name, random);
      const competitorIds: number[] = [];
      const taken = new Set<string>();
      while (competitorIds.length < shape.competitors) {
        const name = isIndividual(sport) ? personName(random, family) : teamName(random, family);
        if (taken.has(name)) continue;
        taken.add(name);
        const competitor: SportCompetitorRow = { id: nextCompetitorId++, sportId: sport.id, name, shortName: shortNameOf(name), crest: crestOf(random) };
        rows.competitors.push(competitor);
        ratings.set(competitor.id, Math.max(-1, Math.min(1, random.normal() * 0.4)));
        names.set(competitor.id, name);
        competitorIds.push(competitor.id);
      }
      for (let position = 0; position < shape.championships; position++) {
        const name = championshipName(sport, category.name, position, random);
        const championship: SimChampionship = { id: nextChampionshipId++, categoryId: category.id, sport, name, competitorIds, ordinal: ordinal++ };
        rows.championships.push({ id: championship.id, categoryId: category.id, name, position });
        championships.push(championship);
      }
    });
  }
  return { rows, championships, ratings, names };
}

function championshipName(sport: Sport, categoryName: string, position: number, random: Random): string {
  if (sport.kind === "race") return `${placeName(random, "anglo")} ${sport.name} Series`;
  if (sport.kind === "outright") return `${placeName(random, "latin")} ${sport.name} Classic`;
  if (sport.kind === "fight") return `${placeName(random, "latin")} Fight Night`;
  if (sport.id === 68) return `${placeName(random, "latin")} Open`;
  if (sport.id === ESPORTS_SPORT_ID) return `${categoryName} ${position === 0 ? "Pro League" : "Masters"}`;
  return `${categoryName} ${LEAGUE_NAMES[position % LEAGUE_NAMES.length]!}`;
}

/** Days between a championship's matchdays, and matches per matchday. */
function rhythmOf(sport: Sport): { everyDays: number; matches: number } {
  if (sport.id === SOCCER_SPORT_ID) return { everyDays: 3, matches: 7 };
  if (sport.tier === 1) return { everyDays: 3, matches: 4 };
  if (sport.tier === 2) return { everyDays: 3, matches: 3 };
  return { everyDays: 4, matches: 2 };
}

const ROUND_THE_CLOCK = new Set([68, 145, 203, 334, 335, 336, 337]);

function startOf(day: number, sport: Sport, random: Random): number {
  const [first, last] = ROUND_THE_CLOCK.has(sport.id) ? [0, 23] : [9, 22];
  return day * DAY_MS + random.int(first, last) * 3_600_000 + random.int(0, 3) * 900_000;
}

/** Events per championship per event: pairs of competitors for matches, a field for races. */
function fieldSize(sport: Sport): number {
  return sport.kind === "outright" ? 10 : 8;
}

/** The fixtures starting on UTC day `day` (days since the epoch). Ids are unique per day and index. */
export function fixturesOfDay(seed: number, catalogue: SimCatalogue, day: number): SimFixture[] {
  const fixtures: SimFixture[] = [];
  let index = 0;
  for (const championship of catalogue.championships) {
    const { sport } = championship;
    const rhythm = rhythmOf(sport);
    if ((day + championship.ordinal + championship.id) % rhythm.everyDays !== 0) continue;
    const random = createRandom(seedOf(seed, "day", day, championship.id));
    const liveCoverage = sport.kind !== "race" && sport.kind !== "outright" && (sport.tier < 3 || random.chance(0.5));
    const pool = [...championship.competitorIds];
    if (sport.kind === "race" || sport.kind === "outright") {
      const events = sport.kind === "outright" ? 1 : rhythm.matches;
      for (let race = 0; race < events; race++) {
        const participants = shuffle(pool, random).slice(0, fieldSize(sport));
        const eventId = day * 10_000 + index++;
        const name = sport.kind === "outright" ? `${championship.name} - Winner` : `${championship.name} - Race ${race + 1}`;
        fixtures.push({ eventId, sport, categoryId: championship.categoryId, championship, name, startsAt: startOf(day, sport, random), liveCoverage, homeId: null, awayId: null, participants, seed: seedOf(seed, "event", eventId) });
      }
      continue;
    }
    const order = shuffle(pool, random);
    for (let match = 0; match < rhythm.matches && match * 2 + 1 < order.length; match++) {
      const homeId = order[match * 2]!;
      const awayId = order[match * 2 + 1]!;
      const eventId = day * 10_000 + index++;
      const name = `${catalogue.names.get(homeId)!} - ${catalogue.names.get(awayId)!}`;
      fixtures.push({ eventId, sport, categoryId: championship.categoryId, championship, name, startsAt: startOf(day, sport, random), liveCoverage, homeId, awayId, participants: [], seed: seedOf(seed, "event", eventId) });
    }
  }
  return fixtures;
}

function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let position = copy.length - 1; position > 0; position--) {
    const other = random.int(0, position);
    [copy[position], copy[other]] = [copy[other]!, copy[position]!];
  }
  return copy;
}
