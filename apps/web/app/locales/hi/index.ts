// Every catalogue of this language in one chunk: a page in this language fetches them in one
// request before it hydrates (loadLanguage in lib/i18n.ts).
export default import.meta.glob<Record<string, unknown>>("./*.json", { eager: true, import: "default" });
