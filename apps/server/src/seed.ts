import { seedBonuses } from "./modules/bonus/bonus-seed.ts";
import { seedContent } from "./modules/content/content.service.ts";
import { seedHelpOrganisations } from "./modules/content/help-organisations.ts";
import { seedCatalogue } from "./modules/game/catalogue/catalogue-seed.ts";
import { seedJurisdictionProfiles } from "./modules/limits/jurisdiction.ts";
import { seedPlayerFieldSettings } from "./modules/player/player-fields.ts";
import { backfillNicknameKeys } from "./modules/player/player.repository.ts";
import { seedReferenceData } from "./modules/settings/settings.service.ts";
import type { AppDatabase } from "./db/database.ts";

/**
 * Demo and reference data every start inserts when missing. Each domain's seed only inserts what
 * is absent and never overwrites, so operators' edits survive restarts.
 */
export async function seedDatabase(db: AppDatabase): Promise<void> {
  await seedReferenceData(db);
  await seedContent(db);
  await seedHelpOrganisations(db);
  await seedPlayerFieldSettings(db);
  await seedCatalogue(db);
  await seedJurisdictionProfiles(db);
  await seedBonuses(db);
  // Rows written before a derived column existed get it here, once, like missing reference data.
  await backfillNicknameKeys(db);
}
