import { DEFAULT_LOCALE, SUPPORTED_LOCALE_CODES, type SupportedLocaleCode } from "@playfair/contracts/constants";
import type { ContentKind, ContentPage, QuestionsPage } from "@playfair/contracts/content";
import { pageMeta } from "@playfair/contracts/pagination";
import type { AppDatabase } from "../../db/database.ts";
import { insertMissingContent, selectPage, selectQuestions, type ContentRow } from "./content.repository.ts";
import { contentSeeds } from "./content-seeds.ts";
import { renderMarkdown } from "./markdown.ts";

/** Rendered HTML of this many page versions is kept in memory (a version is an id plus its updatedAt). */
const RENDERED_HTML_CACHE_SIZE = 512;

/**
 * Where a locale looks for a page: its own version, then its language without the region
 * ("es-mx" -> "es") when we support that, then English. Content is CMS data, not UI strings, so
 * a page nobody translated is shown in English rather than not at all.
 */
function contentLocaleChain(locale: SupportedLocaleCode): SupportedLocaleCode[] {
  const chain: SupportedLocaleCode[] = [locale];
  const language = locale.split("-")[0] ?? locale;
  const languageCode = SUPPORTED_LOCALE_CODES.find((code) => code === language);
  if (languageCode && !chain.includes(languageCode)) chain.push(languageCode);
  if (!chain.includes(DEFAULT_LOCALE)) chain.push(DEFAULT_LOCALE);
  return chain;
}

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService(db: AppDatabase) {
  const renderedHtml = new Map<string, string>();

  function htmlOf(row: ContentRow): string {
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    let html = renderedHtml.get(key);
    if (html === undefined) {
      html = renderMarkdown(row.body);
      // Oldest first out: Map keeps insertion order.
      if (renderedHtml.size >= RENDERED_HTML_CACHE_SIZE) renderedHtml.delete(renderedHtml.keys().next().value ?? key);
      renderedHtml.set(key, html);
    }
    return html;
  }

  return {
    /** The published page in the visitor's locale or its fallback; null when there is none. */
    async getPage(kind: ContentKind, identity: string, locale: SupportedLocaleCode): Promise<ContentPage | null> {
      const row = await selectPage(db, kind, identity, contentLocaleChain(locale));
      if (!row) return null;
      return {
        kind: row.kind as ContentKind,
        identity: row.identity,
        locale: row.locale as SupportedLocaleCode,
        title: row.title,
        description: row.description,
        html: htmlOf(row),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    async listQuestions(locale: SupportedLocaleCode, page: number, perPage: number): Promise<QuestionsPage> {
      const { rows, totalRows } = await selectQuestions(db, contentLocaleChain(locale), { page, perPage });
      return { data: rows, meta: pageMeta({ page, perPage }, totalRows) };
    },
  };
}

/** Inserts the bundled pages that are missing; never overwrites an operator's edits. */
export async function seedContent(db: AppDatabase): Promise<void> {
  await insertMissingContent(db, contentSeeds);
}
