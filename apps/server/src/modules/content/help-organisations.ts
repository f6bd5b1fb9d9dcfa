import { INTERNATIONAL_HELP, type HelpOrganisation, type HelpOrganisationInput } from "@playfair/contracts/help-organisations";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/database.ts";
import { notFound } from "../../lib/app-error.ts";
import { helpOrganisationSeededCountries, helpOrganisations } from "./content.schema.ts";

// Help organisations and helplines of the responsible-gaming page: the player's country's first,
// then the international ones. Operators edit them (operator-help-organisations.routes.ts).

type Seed = Omit<HelpOrganisationInput, "sortOrder"> & { sortOrder: number };

/**
 * Well-known organisations of the countries we serve, and international ones for everyone else.
 * Each country's are inserted once: an operator who changes or empties a country's list keeps it so.
 */
export const HELP_ORGANISATION_SEEDS: readonly Seed[] = [
  { country: INTERNATIONAL_HELP, name: "Gambling Therapy", description: "Free online support from the Gordon Moody charity, in many languages.", phone: null, url: "https://www.gamblingtherapy.org", sortOrder: 10 },
  { country: INTERNATIONAL_HELP, name: "Gamblers Anonymous", description: "Meetings of people helping each other stop gambling, worldwide.", phone: null, url: "https://www.gamblersanonymous.org", sortOrder: 20 },
  { country: "GB", name: "National Gambling Helpline (GamCare)", description: "Free, confidential advice, 24 hours a day.", phone: "0808 8020 133", url: "https://www.gamcare.org.uk", sortOrder: 10 },
  { country: "GB", name: "GAMSTOP", description: "Exclude yourself from every licensed gambling site in Great Britain.", phone: null, url: "https://www.gamstop.co.uk", sortOrder: 20 },
  { country: "DE", name: "BZgA Beratungstelefon zur Glücksspielsucht", description: "Free, anonymous telephone counselling (Check dein Spiel).", phone: "0800 1 37 27 00", url: "https://www.check-dein-spiel.de", sortOrder: 10 },
  { country: "AT", name: "Spielsuchthilfe", description: "Counselling for people affected by gambling and their families.", phone: null, url: "https://www.spielsuchthilfe.at", sortOrder: 10 },
  { country: "CH", name: "SOS Spielsucht", description: "Free helpline for gambling problems.", phone: "0800 040 080", url: "https://www.sos-spielsucht.ch", sortOrder: 10 },
  { country: "ES", name: "FEJAR", description: "Spanish federation of rehabilitated gamblers: help for players and families.", phone: "900 200 225", url: "https://www.fejar.org", sortOrder: 10 },
  { country: "ES", name: "Jugar Bien", description: "The Spanish regulator's responsible-gaming service.", phone: null, url: "https://www.jugarbien.es", sortOrder: 20 },
  { country: "TR", name: "Yeşilay Danışmanlık Merkezi (YEDAM)", description: "Free counselling for addictions, including gambling.", phone: "115", url: "https://www.yedam.org.tr", sortOrder: 10 },
  { country: "BR", name: "Jogadores Anônimos", description: "Groups of people helping each other stop gambling.", phone: null, url: "https://jogadoresanonimos.com.br", sortOrder: 10 },
];

type HelpRow = typeof helpOrganisations.$inferSelect;

function viewOf(row: HelpRow): HelpOrganisation {
  return { id: row.id, country: row.country, name: row.name, description: row.description, phone: row.phone, url: row.url, sortOrder: row.sortOrder };
}

export async function seedHelpOrganisations(db: AppDatabase): Promise<void> {
  const countries = [...new Set(HELP_ORGANISATION_SEEDS.map((seed) => seed.country))];
  await db.transaction(async (tx) => {
    const marked = await tx
      .insert(helpOrganisationSeededCountries)
      .values(countries.map((country) => ({ country })))
      .onConflictDoNothing()
      .returning({ country: helpOrganisationSeededCountries.country });
    if (marked.length === 0) return;
    const newlyMarked = marked.map((row) => row.country);
    // A database seeded before the marks existed already holds these countries' rows.
    const present = await tx.selectDistinct({ country: helpOrganisations.country }).from(helpOrganisations).where(inArray(helpOrganisations.country, newlyMarked));
    const skip = new Set(present.map((row) => row.country));
    const missing = HELP_ORGANISATION_SEEDS.filter((seed) => newlyMarked.includes(seed.country) && !skip.has(seed.country));
    if (missing.length > 0) await tx.insert(helpOrganisations).values(missing.map((seed) => ({ ...seed, description: seed.description ?? null, phone: seed.phone ?? null, url: seed.url ?? null })));
  });
}

export type HelpOrganisationService = {
  /** The player's country's organisations first, then the international ones. */
  forCountry(country: string | null): Promise<{ country: string | null; data: HelpOrganisation[] }>;
  listAll(): Promise<HelpOrganisation[]>;
  create(input: HelpOrganisationInput): Promise<HelpOrganisation>;
  replace(id: string, input: HelpOrganisationInput): Promise<HelpOrganisation>;
  remove(id: string): Promise<void>;
};

export function createHelpOrganisationService(db: AppDatabase): HelpOrganisationService {
  function columns(input: HelpOrganisationInput) {
    return { country: input.country, name: input.name, description: input.description ?? null, phone: input.phone ?? null, url: input.url ?? null, sortOrder: input.sortOrder ?? 0 };
  }
  return {
    async forCountry(country) {
      const code = country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
      const countries = code ? [code, INTERNATIONAL_HELP] : [INTERNATIONAL_HELP];
      const rows = await db
        .select()
        .from(helpOrganisations)
        .where(inArray(helpOrganisations.country, countries))
        .orderBy(sql`${helpOrganisations.country} = ${INTERNATIONAL_HELP}`, asc(helpOrganisations.sortOrder), asc(helpOrganisations.name));
      return { country: code, data: rows.map(viewOf) };
    },
    async listAll() {
      const rows = await db.select().from(helpOrganisations).orderBy(asc(helpOrganisations.country), asc(helpOrganisations.sortOrder), asc(helpOrganisations.name));
      return rows.map(viewOf);
    },
    async create(input) {
      const [row] = await db.insert(helpOrganisations).values(columns(input)).returning();
      return viewOf(row!);
    },
    async replace(id, input) {
      const [row] = await db.update(helpOrganisations).set({ ...columns(input), updatedAt: new Date() }).where(eq(helpOrganisations.id, id)).returning();
      if (!row) throw notFound("This help organisation does not exist.");
      return viewOf(row);
    },
    async remove(id) {
      const removed = await db.delete(helpOrganisations).where(and(eq(helpOrganisations.id, id))).returning({ id: helpOrganisations.id });
      if (removed.length === 0) throw notFound("This help organisation does not exist.");
    },
  };
}
