import { registerServerCatalogues } from "#app/lib/i18n.ts";
import { pageLanguageFormatter } from "#app/lib/i18n-numbers.ts";

// Every language is in the server bundle so any page renders translated on the first request.
registerServerCatalogues(import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" }), pageLanguageFormatter);
