import { DEFAULT_LANGUAGE, type Language } from "#app/lib/i18n.ts";

// Content authors link to other pages by their unprefixed path ("/static/terms"); on a page read
// in another language those links must keep the reader's locale prefix (spec 2.1), and they must
// work in the server HTML before any JavaScript runs.
const INTERNAL_HREF = /(<a\s[^>]*?href=")(\/(?!\/)[^"]*)"/g;

/** Adds the language's prefix to site-internal links of rendered content HTML. */
export function localizeContentLinks(html: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return html;
  const prefix = `/${language}`;
  return html.replace(INTERNAL_HREF, (match, start: string, path: string) => {
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`) || path.startsWith("/api/")) return match;
    const localized = path === "/" ? prefix : path.startsWith("/?") || path.startsWith("/#") ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
    return `${start}${localized}"`;
  });
}
