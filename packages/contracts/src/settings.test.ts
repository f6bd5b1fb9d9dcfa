import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ConstantsResponseSchema,
  CountrySchema,
  CurrenciesQuerySchema,
  CurrenciesResponseSchema,
  CurrencySchema,
  LocaleSchema,
} from "./settings.ts";
import { CONSTANT_GROUPS } from "./constant-groups.ts";

const btc = {
  code: "BTC",
  type: "crypto",
  symbol: "₿",
  rate: { value: "64250.5", updatedAt: "2025-01-15T12:00:00.000Z" },
  subunitToUnit: "100000000",
  subCurrencies: [{ code: "mBTC", subunitToUnit: "100000" }],
  isEnabled: true,
  isBase: false,
  isVisible: true,
} as const;

describe("CurrenciesQuerySchema", () => {
  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("coerces visible=%s to %s", (input, expected) => {
    expect(CurrenciesQuerySchema.parse({ visible: input })).toEqual({ visible: expected });
  });

  it("leaves visible out when absent and rejects other spellings", () => {
    expect(CurrenciesQuerySchema.parse({})).toEqual({});
    expect(CurrenciesQuerySchema.safeParse({ visible: "yes" }).success).toBe(false);
    expect(CurrenciesQuerySchema.safeParse({ visible: "" }).success).toBe(false);
  });
});

describe("CurrencySchema", () => {
  it("accepts a crypto currency with a sub-currency", () => {
    expect(CurrencySchema.parse(btc)).toEqual(btc);
  });

  it("rejects numeric or malformed money fields", () => {
    expect(CurrencySchema.safeParse({ ...btc, rate: { value: 64250.5 } }).success).toBe(false);
    expect(CurrencySchema.safeParse({ ...btc, rate: { value: "1e3" } }).success).toBe(false);
    expect(CurrencySchema.safeParse({ ...btc, rate: { value: "-1" } }).success).toBe(false);
    expect(CurrencySchema.safeParse({ ...btc, rate: { value: "0" } }).success).toBe(false);
    expect(CurrencySchema.safeParse({ ...btc, subunitToUnit: 100000000 }).success).toBe(false);
    expect(CurrencySchema.safeParse({ ...btc, subunitToUnit: "250" }).success).toBe(false);
    expect(CurrencySchema.safeParse({ ...btc, type: "token" }).success).toBe(false);
  });

  it("accepts ETH's 10^18 factor exactly", () => {
    const eth = { ...btc, code: "ETH", subunitToUnit: "1000000000000000000", subCurrencies: [] };
    expect(CurrencySchema.parse(eth).subunitToUnit).toBe("1000000000000000000");
  });
});

describe("locale and country schemas", () => {
  it("requires lower-case locale codes and upper-case country codes", () => {
    const locale = { code: "pt-br", name: "Português (Brasil)", isDefault: false, direction: "ltr", isEnabled: true };
    expect(LocaleSchema.safeParse(locale).success).toBe(true);
    expect(LocaleSchema.safeParse({ ...locale, code: "pt-BR" }).success).toBe(false);
    const country = { code: "BR", name: "Brazil", locale: "pt-br", isSelectable: true, phoneCode: "+55" };
    expect(CountrySchema.safeParse(country).success).toBe(true);
    expect(CountrySchema.safeParse({ ...country, code: "br" }).success).toBe(false);
    expect(CountrySchema.safeParse({ ...country, phoneCode: "55" }).success).toBe(false);
  });
});

describe("response schemas", () => {
  it("wrap data and accept the constant groups", () => {
    expect(CurrenciesResponseSchema.safeParse({ data: [btc] }).success).toBe(true);
    const data = { ...CONSTANT_GROUPS, timeZones: [{ id: "UTC", name: "(UTC+00:00) UTC" }] };
    expect(ConstantsResponseSchema.parse({ data }).data.invoiceStatuses).toEqual({ pending: 1, success: 2, failed: 3, cancelled: 4 });
  });

  it("generate JSON Schema with named components", () => {
    const registry = z.toJSONSchema(z.globalRegistry, { io: "output", unrepresentable: "any" });
    for (const id of ["Currency", "Locale", "Country", "TimeZone", "Constants", "CurrenciesResponse", "ConstantsResponse"]) {
      expect(registry.schemas[id], id).toBeDefined();
    }
    const visible = z.toJSONSchema(CurrenciesQuerySchema, { io: "input" }).properties?.["visible"];
    const values = typeof visible === "object" ? visible.enum : undefined;
    expect(values?.toSorted()).toEqual(["0", "1", "false", "true"]);
  });
});
