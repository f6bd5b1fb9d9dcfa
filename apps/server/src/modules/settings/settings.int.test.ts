import { CountriesResponseSchema, CurrenciesResponseSchema, LocalesResponseSchema, ConstantsResponseSchema } from "@playfair/contracts/settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { currencies as seededCurrencies } from "./reference-data.ts";
import { createSettingsService, seedReferenceData } from "./settings.service.ts";
import { currencies } from "./settings.schema.ts";
import { eq } from "drizzle-orm";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe(`settings endpoints (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("lists every seeded currency with exact decimal rates and one base currency", async () => {
    const response = await server.request("/api/settings/currencies");
    expect(response.status).toBe(200);
    const body = CurrenciesResponseSchema.parse(await readJson(response));
    const codes = body.data.map((currency) => currency.code);
    for (const code of ["USD", "EUR", "BRL", "INR", "TRY", "UZS", "KZT", "RUB", "UAH", "PLN", "MXN", "CAD", "BTC", "ETH", "USDT", "TRX", "TON", "LTC"]) {
      expect(codes).toContain(code);
    }
    expect(body.data.filter((currency) => currency.isBase)).toHaveLength(1);
    const eth = body.data.find((currency) => currency.code === "ETH");
    expect(eth?.subunitToUnit).toBe("1000000000000000000");
    expect(eth?.subCurrencies).toEqual([{ code: "mETH", subunitToUnit: "1000000000000000" }]);
    const rawText = JSON.stringify(body);
    expect(rawText).not.toMatch(/"rate":\{"value":\d/);
  });

  it("filters currencies by visibility", async () => {
    const all = CurrenciesResponseSchema.parse(await readJson(await server.request("/api/settings/currencies"))).data;
    const visible = CurrenciesResponseSchema.parse(await readJson(await server.request("/api/settings/currencies?visible=true"))).data;
    const hidden = CurrenciesResponseSchema.parse(await readJson(await server.request("/api/settings/currencies?visible=0"))).data;
    expect(visible.every((currency) => currency.isVisible)).toBe(true);
    expect(hidden.every((currency) => !currency.isVisible)).toBe(true);
    expect(visible.length + hidden.length).toBe(all.length);
    expect(hidden.length).toBeGreaterThan(0);
  });

  it("answers 422 with the field name for a malformed visibility filter", async () => {
    const response = await server.request("/api/settings/currencies?visible=maybe");
    expect(response.status).toBe(422);
    const body = await readJson(response);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.errors)).toContain("visible");
  });

  it("paginates reference lists with page meta", async () => {
    const response = await server.request("/api/settings/countries?page=2&perPage=50");
    const body = await readJson(response);
    expect(body.meta).toMatchObject({ page: 2, perPage: 50 });
    expect(body.meta.totalRows).toBeGreaterThanOrEqual(240);
    expect(body.meta.totalPages).toBe(Math.ceil(body.meta.totalRows / 50));
    expect(body.data).toHaveLength(50);
  });

  it("lists locales with en as the only default and fa right-to-left", async () => {
    const body = LocalesResponseSchema.parse(await readJson(await server.request("/api/settings/locales")));
    expect(body.data).toHaveLength(26);
    expect(body.data.filter((locale) => locale.isDefault).map((locale) => locale.code)).toEqual(["en"]);
    expect(body.data.find((locale) => locale.code === "fa")?.direction).toBe("rtl");
  });

  it("marks the excluded countries as not selectable", async () => {
    const body = CountriesResponseSchema.parse(await readJson(await server.request("/api/settings/countries")));
    const excluded = body.data.filter((country) => !country.isSelectable).map((country) => country.code).sort();
    expect(excluded).toEqual(["AW", "CW", "FR", "GB", "MF", "NL", "UM", "US"]);
    expect(body.data.find((country) => country.code === "BR")).toMatchObject({ locale: "pt-br", isSelectable: true });
  });

  it("names each country's own currency, for sign-up to suggest", async () => {
    const body = CountriesResponseSchema.parse(await readJson(await server.request("/api/settings/countries?perPage=300")));
    const currencyOf = new Map(body.data.map((country) => [country.code, country.currency]));
    expect([currencyOf.get("DE"), currencyOf.get("BR"), currencyOf.get("MX"), currencyOf.get("IN"), currencyOf.get("CA")]).toEqual(["EUR", "BRL", "MXN", "INR", "CAD"]);
  });

  it("serves the constants with the spec's codes and time zones", async () => {
    const body = ConstantsResponseSchema.parse(await readJson(await server.request("/api/settings/constants")));
    expect(body.data.invoiceStatuses).toMatchObject({ pending: 1, success: 2, failed: 3 });
    expect(body.data.limitDefinitions).toMatchObject({ bet: 1, loss: 2, deposit: 3, selfExclusion: 4, coolingOff: 5 });
    expect(body.data.playerBonusStatuses).toMatchObject({ issued: 1, active: 2, finished: 3 });
    expect(body.data.timeZones.some((zone) => zone.id === "Europe/Istanbul")).toBe(true);
  });

  it("lets clients cache reference data for 15 minutes", async () => {
    for (const path of ["/api/settings/currencies", "/api/settings/locales", "/api/settings/countries", "/api/settings/constants"]) {
      const response = await server.request(path);
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=900");
    }
  });

  it("seeds idempotently and keeps an operator's edits", async () => {
    await server.database.db.update(currencies).set({ isEnabled: false, rate: "1.5" }).where(eq(currencies.code, "EUR"));
    await seedReferenceData(server.database.db);
    await seedReferenceData(server.database.db);
    const rows = await server.database.db.select().from(currencies);
    expect(rows).toHaveLength(seededCurrencies.length);
    const euro = rows.find((row) => row.code === "EUR");
    expect(euro).toMatchObject({ isEnabled: false, rate: "1.5" });
  });

  it("answers from memory until the reference data is reloaded, then shows an operator's edit", async () => {
    const symbolOf = async (code: string) =>
      CurrenciesResponseSchema.parse(await readJson(await server.request("/api/settings/currencies"))).data.find((currency) => currency.code === code)?.symbol;
    const before = await symbolOf("PLN");
    await server.database.db.update(currencies).set({ symbol: "PLN-edited" }).where(eq(currencies.code, "PLN"));
    expect(await symbolOf("PLN")).toBe(before);
    server.app.services.settings.invalidate();
    expect(await symbolOf("PLN")).toBe("PLN-edited");
    await server.database.db.update(currencies).set({ symbol: before ?? "zł" }).where(eq(currencies.code, "PLN"));
    server.app.services.settings.invalidate();
  });

  it("keeps a snapshot fresh for its lifetime, then reloads it once for concurrent callers", async () => {
    let time = 1_000_000;
    const settings = createSettingsService(server.database.db, { reloadAfterMs: 60_000, now: () => time });
    expect(settings.freshSnapshot()).toBeUndefined();
    const [first, second] = await Promise.all([settings.snapshot(), settings.snapshot()]);
    expect(second).toBe(first);
    expect(settings.freshSnapshot()).toBe(first);
    time += 59_999;
    expect(settings.freshSnapshot()).toBe(first);
    time += 1;
    expect(settings.freshSnapshot()).toBeUndefined();
    const reloaded = await settings.snapshot();
    expect(reloaded).not.toBe(first);
    expect(reloaded.currencies.map((currency) => currency.code)).toEqual(first.currencies.map((currency) => currency.code));
  });
});
