import { inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "../../../db/database.ts";
import { sportCategories, sportChampionships, sportCompetitors } from "../sport.schema.ts";

/**
 * The rows a feed's fixtures refer to: categories (countries, tournament families, e-sports
 * titles), their championships and the competitors. A producer sends them before the fixtures
 * that name them (the simulator from its calendar; a real feed's adapter from its fixture API).
 */
export type SportCatalogueRows = {
  categories?: { id: number; sportId: number; name: string; position?: number }[];
  championships?: { id: number; categoryId: number; name: string; position?: number }[];
  competitors?: { id: number; sportId: number; name: string; shortName: string; crest: { shape: number; primary: string; secondary: string } }[];
};

/** Rows per insert statement: well under PostgreSQL's parameter limit. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) parts.push(rows.slice(start, start + CHUNK));
  return parts;
}

/**
 * Inserts the rows, or updates them where the feed renamed or reordered them; rows already as
 * given are left alone, so calling it again with the same rows changes nothing. Answers the
 * sports whose categories or championships changed (their sport info is then out of date).
 */
export async function upsertSportCatalogue(executor: DbExecutor, rows: SportCatalogueRows): Promise<Set<number>> {
  const changedSports = new Set<number>();
  const changedCategoryIds = new Set<number>();
  for (const part of chunks(rows.categories ?? [])) {
    const changed = await executor
      .insert(sportCategories)
      .values(part.map((row) => ({ id: row.id, sportId: row.sportId, name: row.name, position: row.position ?? 0 })))
      .onConflictDoUpdate({
        target: sportCategories.id,
        set: { sportId: sql`excluded.sport_id`, name: sql`excluded.name`, position: sql`excluded.position` },
        setWhere: sql`(${sportCategories.sportId}, ${sportCategories.name}, ${sportCategories.position}) is distinct from (excluded.sport_id, excluded.name, excluded.position)`,
      })
      .returning({ sportId: sportCategories.sportId });
    for (const row of changed) changedSports.add(row.sportId);
  }
  for (const part of chunks(rows.championships ?? [])) {
    const changed = await executor
      .insert(sportChampionships)
      .values(part.map((row) => ({ id: row.id, categoryId: row.categoryId, name: row.name, position: row.position ?? 0 })))
      .onConflictDoUpdate({
        target: sportChampionships.id,
        set: { categoryId: sql`excluded.category_id`, name: sql`excluded.name`, position: sql`excluded.position` },
        setWhere: sql`(${sportChampionships.categoryId}, ${sportChampionships.name}, ${sportChampionships.position}) is distinct from (excluded.category_id, excluded.name, excluded.position)`,
      })
      .returning({ categoryId: sportChampionships.categoryId });
    for (const row of changed) changedCategoryIds.add(row.categoryId);
  }
  if (changedCategoryIds.size > 0) {
    const categories = await executor.select({ sportId: sportCategories.sportId }).from(sportCategories).where(inArray(sportCategories.id, [...changedCategoryIds]));
    for (const row of categories) changedSports.add(row.sportId);
  }
  for (const part of chunks(rows.competitors ?? [])) {
    await executor
      .insert(sportCompetitors)
      .values(part)
      .onConflictDoUpdate({
        target: sportCompetitors.id,
        set: { sportId: sql`excluded.sport_id`, name: sql`excluded.name`, shortName: sql`excluded.short_name`, crest: sql`excluded.crest` },
        setWhere: sql`(${sportCompetitors.sportId}, ${sportCompetitors.name}, ${sportCompetitors.shortName}, ${sportCompetitors.crest}) is distinct from (excluded.sport_id, excluded.name, excluded.short_name, excluded.crest)`,
      });
  }
  return changedSports;
}
