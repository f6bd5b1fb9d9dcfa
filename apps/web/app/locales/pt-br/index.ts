// Every catalogue of this language in one chunk: a page in this language fetches them in one
// request before it hydrates (loadLanguage in lib/i18n.ts).
export default import.meta.glob<Record<string, unknown>>("./*.json", { eager: true, import: "default" });

// How this language writes the numbers in its sentences (its own digits).
export { pageLanguageFormatter as formatter } from "#app/lib/i18n-numbers.ts";
