import type { ContentKind } from "@playfair/contracts/content";
import type { SupportedLocaleCode } from "@playfair/contracts/constants";
import type { ContentSeed } from "../content.repository.ts";

/** One bundled page before its locale and order are attached. */
export type PageText = { identity: string; title: string; description: string; body: string };

/** Attaches kind, locale and list order (the array's order) to bundled pages. */
export function seedsOf(kind: ContentKind, locale: SupportedLocaleCode, pages: readonly PageText[]): ContentSeed[] {
  return pages.map((page, index) => ({ kind, locale, sortOrder: index, ...page }));
}

/** Trims the common indentation of a template literal, so markdown can be written indented. */
export function md(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = String.raw({ raw: strings }, ...values).replace(/^\n/, "");
  const indents = text.split("\n").filter((line) => line.trim() !== "").map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const common = Math.min(...indents);
  return text.split("\n").map((line) => line.slice(common)).join("\n").trimEnd() + "\n";
}
