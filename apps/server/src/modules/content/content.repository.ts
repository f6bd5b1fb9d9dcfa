import type { ContentKind } from "@playfair/contracts/content";
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "../../db/database.ts";
import { contentPages } from "./content.schema.ts";

export type ContentRow = typeof contentPages.$inferSelect;
export type ContentSeed = Pick<ContentRow, "kind" | "identity" | "locale" | "title" | "description" | "body" | "sortOrder">;

/** Position of a row's locale in the fallback chain: 0 for the requested locale, then onwards. */
function localeRank(localeChain: readonly string[]): SQL {
  const cases = localeChain.map((locale, rank) => sql`when ${locale} then ${rank}`);
  return sql`case ${contentPages.locale} ${sql.join(cases, sql` `)} end`;
}

/** The published version of a page in the first locale of the chain that has one. */
export async function selectPage(
  db: AppDatabase,
  kind: ContentKind,
  identity: string,
  localeChain: readonly string[],
): Promise<ContentRow | undefined> {
  const rows = await db
    .select()
    .from(contentPages)
    .where(
      and(
        eq(contentPages.kind, kind),
        eq(contentPages.identity, identity),
        eq(contentPages.isPublished, true),
        inArray(contentPages.locale, [...localeChain]),
      ),
    )
    .orderBy(localeRank(localeChain))
    .limit(1);
  return rows[0];
}

/** One page of published questions, each in the best locale of the chain, in the operator's order. */
export async function selectQuestions(
  db: AppDatabase,
  localeChain: readonly string[],
  page: { page: number; perPage: number },
): Promise<{ rows: Array<Pick<ContentRow, "identity" | "title" | "description">>; totalRows: number }> {
  const best = db
    .selectDistinctOn([contentPages.identity], {
      identity: contentPages.identity,
      title: contentPages.title,
      description: contentPages.description,
      sortOrder: contentPages.sortOrder,
    })
    .from(contentPages)
    .where(and(eq(contentPages.kind, "question"), eq(contentPages.isPublished, true), inArray(contentPages.locale, [...localeChain])))
    .orderBy(contentPages.identity, localeRank(localeChain))
    .as("best");
  const [rows, totals] = await Promise.all([
    db
      .select({ identity: best.identity, title: best.title, description: best.description })
      .from(best)
      .orderBy(asc(best.sortOrder), asc(best.identity))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ totalRows: count() }).from(best),
  ]);
  return { rows, totalRows: totals[0]?.totalRows ?? 0 };
}

/** Inserts the pages that are missing and leaves existing ones alone, so operators' edits survive. */
export async function insertMissingContent(db: AppDatabase, seeds: readonly ContentSeed[]): Promise<void> {
  if (seeds.length === 0) return;
  await db.insert(contentPages).values([...seeds]).onConflictDoNothing();
}
