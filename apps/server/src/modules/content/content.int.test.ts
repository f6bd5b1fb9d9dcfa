import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { ContentPageResponseSchema, QuestionsPageSchema } from "@playfair/contracts/content";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { contentPages } from "./content.schema.ts";
import { seedContent } from "./content.service.ts";
import { contentSeeds } from "./content-seeds.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const englishQuestions = contentSeeds.filter((seed) => seed.kind === "question" && seed.locale === "en");

describe(`content endpoints (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("serves a seeded page rendered to HTML, cacheable for five minutes", async () => {
    const response = await server.request("/api/content/pages/static/responsible-gaming?locale=en");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const { data } = ContentPageResponseSchema.parse(await readJson(response));
    expect(data).toMatchObject({ kind: "static", identity: "responsible-gaming", locale: "en", title: "Responsible gaming" });
    expect(data.html).toContain("<h2>Keep it fun</h2>");
    expect(data.html).toContain('<div class="table-scroll"><table>');
    expect(data.html).toContain('<a href="/profile/limits">limits</a>');
    expect(Date.parse(data.updatedAt)).not.toBeNaN();
  });

  it("defaults to English when no locale is given", async () => {
    const { data } = ContentPageResponseSchema.parse(await readJson(await server.request("/api/content/pages/page/about-us")));
    expect(data).toMatchObject({ identity: "about-us", locale: "en", title: "About Playfair" });
  });

  it("falls back to English for a locale without its own version, and says so", async () => {
    await server.database.db
      .delete(contentPages)
      .where(and(eq(contentPages.kind, "static"), eq(contentPages.identity, "cookie-policy"), eq(contentPages.locale, "it")));
    const response = await server.request("/api/content/pages/static/cookie-policy?locale=it");
    expect(response.status).toBe(200);
    const { data } = ContentPageResponseSchema.parse(await readJson(response));
    expect(data.locale).toBe("en");
    expect(data.title).toBe("Cookie policy");
  });

  it("serves a locale's own version when it has one, and the regional locale uses it too", async () => {
    await server.database.db.insert(contentPages).values({
      kind: "bonus",
      identity: "welcome-bonus",
      locale: "es",
      title: "Cómo funcionan nuestros bonos",
      description: "",
      body: "## Tipos de bonos\n\nTexto.",
    }).onConflictDoNothing();
    for (const locale of ["es", "es-mx"]) {
      const { data } = ContentPageResponseSchema.parse(await readJson(await server.request(`/api/content/pages/bonus/welcome-bonus?locale=${locale}`)));
      expect(data.locale, locale).toBe("es");
      expect(data.html).toContain("<h2>Tipos de bonos</h2>");
    }
  });

  it("serves the bundled translations of the FAQ and the responsible-gaming page", async () => {
    const page = ContentPageResponseSchema.parse(await readJson(await server.request("/api/content/pages/static/responsible-gaming?locale=de"))).data;
    expect(page).toMatchObject({ locale: "de", title: "Verantwortungsvolles Spielen" });
    const questions = QuestionsPageSchema.parse(await readJson(await server.request("/api/content/questions?locale=fa&perPage=100")));
    expect(questions.data.map((question) => question.identity)).toEqual(englishQuestions.map((seed) => seed.identity));
    expect(questions.data[0]?.title).toBe("چگونه حساب بسازم؟");
  });

  it("answers 404 with the error body for a page that does not exist or is not published", async () => {
    const missing = await server.request("/api/content/pages/page/no-such-page?locale=de");
    expect(missing.status).toBe(404);
    expect(ApiErrorSchema.parse(await readJson(missing)).code).toBe("NOT_FOUND");

    await server.database.db
      .update(contentPages)
      .set({ isPublished: false })
      .where(and(eq(contentPages.kind, "static"), eq(contentPages.identity, "terms")));
    expect((await server.request("/api/content/pages/static/terms")).status).toBe(404);
    // The same identity under another kind is another page.
    expect((await server.request("/api/content/pages/bonus/about-us")).status).toBe(404);
  });

  it("rejects an unknown kind or locale with a validation error naming the field", async () => {
    const kind = await server.request("/api/content/pages/blog/about-us");
    expect(kind.status).toBe(422);
    expect(Object.keys((await readJson(kind)).errors)).toContain("kind");
    const locale = await server.request("/api/content/pages/page/about-us?locale=xx");
    expect(locale.status).toBe(422);
    expect(Object.keys((await readJson(locale)).errors)).toContain("locale");
  });

  it("escapes raw HTML written into the markdown", async () => {
    await server.database.db.insert(contentPages).values({
      kind: "page",
      identity: "html-test",
      locale: "en",
      title: "HTML test",
      description: "",
      body: 'Before <script>alert("owned")</script> after.\n\n<iframe src="https://example.org"></iframe>\n\n[bad](javascript:alert(1))',
    });
    const { data } = ContentPageResponseSchema.parse(await readJson(await server.request("/api/content/pages/page/html-test")));
    expect(data.html).not.toContain("<script");
    expect(data.html).not.toContain("<iframe");
    expect(data.html).not.toContain('href="javascript:');
    expect(data.html).toContain("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;");
  });

  it("lists the questions in order with page meta, and pages through them", async () => {
    const response = await server.request("/api/content/questions?locale=en&page=1&perPage=3");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const first = QuestionsPageSchema.parse(await readJson(response));
    expect(first.meta).toEqual({ page: 1, perPage: 3, totalRows: englishQuestions.length, totalPages: Math.ceil(englishQuestions.length / 3) });
    expect(first.data.map((question) => question.identity)).toEqual(englishQuestions.slice(0, 3).map((seed) => seed.identity));
    expect(first.data[0]).toEqual({ identity: "registration", title: "How do I create an account?", description: expect.any(String) });

    const second = QuestionsPageSchema.parse(await readJson(await server.request("/api/content/questions?locale=en&page=2&perPage=3")));
    expect(second.data.map((question) => question.identity)).toEqual(englishQuestions.slice(3, 6).map((seed) => seed.identity));

    const beyond = QuestionsPageSchema.parse(await readJson(await server.request("/api/content/questions?page=99&perPage=3")));
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.totalRows).toBe(englishQuestions.length);
  });

  it("lists each question once, in the visitor's locale where translated and in English otherwise", async () => {
    await server.database.db.insert(contentPages).values({
      kind: "question",
      identity: "deposits",
      locale: "kk",
      title: "Депозитті қалай салуға болады?",
      description: "",
      body: "Мәтін.",
      sortOrder: 2,
    });
    const { data, meta } = QuestionsPageSchema.parse(await readJson(await server.request("/api/content/questions?locale=kk&perPage=100")));
    expect(meta.totalRows).toBe(englishQuestions.length);
    expect(data.map((question) => question.identity)).toEqual(englishQuestions.map((seed) => seed.identity));
    expect(data.find((question) => question.identity === "deposits")?.title).toBe("Депозитті қалай салуға болады?");
    expect(data.find((question) => question.identity === "registration")?.title).toBe("How do I create an account?");
  });

  it("rejects a page size above the maximum", async () => {
    const response = await server.request("/api/content/questions?perPage=1000");
    expect(response.status).toBe(422);
    expect(Object.keys((await readJson(response)).errors)).toContain("perPage");
  });

  it("seeds idempotently and keeps an operator's edits", async () => {
    const aboutUs = and(eq(contentPages.kind, "page"), eq(contentPages.identity, "about-us"), eq(contentPages.locale, "en"));
    await server.database.db.update(contentPages).set({ title: "About us, edited" }).where(aboutUs);
    await seedContent(server.database.db);
    await seedContent(server.database.db);
    const [row] = await server.database.db.select().from(contentPages).where(aboutUs);
    expect(row?.title).toBe("About us, edited");
    const rows = await server.database.db.select({ id: contentPages.id }).from(contentPages);
    // Every seed once, plus the rows the tests above inserted.
    expect(rows.length).toBe(contentSeeds.length + 3);
  });
});
