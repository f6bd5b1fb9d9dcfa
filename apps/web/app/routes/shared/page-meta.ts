import { i18nFor, type Catalogues, type Language } from "#app/lib/i18n.ts";
import { metaLanguage } from "#app/routes/shared/page-language.ts";

type Pages = Catalogues["pages"];

/** Page keys of the `pages` namespace that carry `meta.title` and `meta.description`. */
export type PageKey = { [Key in keyof Pages]: Pages[Key] extends { meta: { title: string; description: string } } ? Key : never }[keyof Pages];

type MetaDescriptor = { title: string } | { name: string; content: string };

/** "<page title> | Playfair" and a description, both in the page's language. */
export function titledMeta(language: Language, title: string, description: string): MetaDescriptor[] {
  const { t } = i18nFor(language);
  return [{ title: t("meta.titleTemplate", { ns: "pages", title }) }, { name: "description", content: description }];
}

/** Translated title and description of a page, in the language of its address. */
export function pageMeta(params: { locale?: string }, page: PageKey): MetaDescriptor[] {
  const language = metaLanguage(params);
  const { t } = i18nFor(language);
  return titledMeta(language, t(`${page}.meta.title`, { ns: "pages" }), t(`${page}.meta.description`, { ns: "pages" }));
}
