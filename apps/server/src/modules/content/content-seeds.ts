import type { ContentSeed } from "./content.repository.ts";
import { germanContent } from "./seeds/de.ts";
import { englishContent } from "./seeds/en.ts";
import { spanishContent } from "./seeds/es.ts";
import { persianContent } from "./seeds/fa.ts";
import { hindiContent } from "./seeds/hi.ts";
import { brazilianPortugueseContent } from "./seeds/pt-br.ts";
import { russianContent } from "./seeds/ru.ts";
import { turkishContent } from "./seeds/tr.ts";

/**
 * Pages bundled with the product, inserted when missing. English is complete; the other complete
 * locales carry the FAQ and the responsible-gaming page, and any page a locale lacks is served in
 * English (see contentLocaleChain in content.service.ts).
 */
export const contentSeeds: readonly ContentSeed[] = [
  ...englishContent,
  ...germanContent,
  ...spanishContent,
  ...brazilianPortugueseContent,
  ...russianContent,
  ...turkishContent,
  ...hindiContent,
  ...persianContent,
];
