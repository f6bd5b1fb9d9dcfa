import { COMPLETE_LOCALES } from "@playfair/contracts/constants";
import { ContentIdentitySchema } from "@playfair/contracts/content";
import { describe, expect, it } from "vitest";
import { contentSeeds } from "./content-seeds.ts";
import { renderMarkdown } from "./markdown.ts";

const english = contentSeeds.filter((seed) => seed.locale === "en");
const key = (seed: { kind: string; identity: string }) => `${seed.kind}/${seed.identity}`;

describe("bundled content", () => {
  it("has the pages the site links to, in English", () => {
    const pages = new Set(english.map(key));
    for (const page of ["page/about-us", "static/terms", "static/privacy", "static/responsible-gaming", "static/cookie-policy", "bonus/welcome-bonus"]) {
      expect(pages, page).toContain(page);
    }
    const questions = english.filter((seed) => seed.kind === "question");
    expect(questions.length).toBeGreaterThanOrEqual(6);
    expect(questions.length).toBeLessThanOrEqual(10);
  });

  it("uses valid, unique identities and only translates pages that exist in English", () => {
    const englishPages = new Set(english.map(key));
    const seen = new Set<string>();
    for (const seed of contentSeeds) {
      expect(ContentIdentitySchema.safeParse(seed.identity).success, seed.identity).toBe(true);
      const id = `${key(seed)}/${seed.locale}`;
      expect(seen.has(id), id).toBe(false);
      seen.add(id);
      expect(englishPages, id).toContain(key(seed));
    }
  });

  it("translates every question and the responsible-gaming page into each complete locale, in the English order", () => {
    const englishOrder = english.filter((seed) => seed.kind === "question").map((seed) => [seed.identity, seed.sortOrder]);
    for (const locale of COMPLETE_LOCALES.filter((code) => code !== "en")) {
      const translated = contentSeeds.filter((seed) => seed.locale === locale);
      expect(translated.filter((seed) => seed.kind === "question").map((seed) => [seed.identity, seed.sortOrder]), locale).toEqual(englishOrder);
      expect(translated.some((seed) => key(seed) === "static/responsible-gaming"), locale).toBe(true);
    }
  });

  it("renders every body to HTML that starts below the page's h1 and carries no raw HTML", () => {
    for (const seed of contentSeeds) {
      const id = `${key(seed)}/${seed.locale}`;
      expect(seed.body, id).not.toMatch(/<[a-z]/i);
      expect(seed.title.length, id).toBeGreaterThan(0);
      expect(seed.title.length, id).toBeLessThanOrEqual(200);
      expect(seed.description.length, id).toBeLessThanOrEqual(500);
      const html = renderMarkdown(seed.body);
      expect(html, id).not.toContain("<h1");
      expect(html, id).toMatch(/^<(p|ul|ol|h2)>/);
    }
  });

  it("keeps translated tables the same shape as the English one", () => {
    const columns = (body: string) => body.split("\n").filter((line) => line.startsWith("|")).map((line) => line.split("|").length);
    const englishTable = columns(english.find((seed) => key(seed) === "static/responsible-gaming")?.body ?? "");
    for (const seed of contentSeeds.filter((candidate) => key(candidate) === "static/responsible-gaming")) {
      expect(columns(seed.body), seed.locale).toEqual(englishTable);
    }
  });
});
