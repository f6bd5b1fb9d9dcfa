import { describe, expect, it } from "vitest";
import { countries as isoCountries } from "countries-list";
import { BONUS_CODE_STATUS, EXCLUDED_COUNTRY_CODES, INVOICE_STATUS, LIMIT_DEFINITION, NOTIFICATION_STATE, PLAYER_BONUS_STATUS, QUEST_STATE, SUB_UNIT_FACTOR, SUPPORTED_LOCALE_CODES, WALLET_ACCOUNT_STATUS } from "@playfair/contracts/constants";
import { PLAYER_BONUS_RESULT, PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "@playfair/contracts/bonus/bonus-constants";
import {
  ConstantsResponseSchema,
  CountriesResponseSchema,
  CountrySchema,
  CurrenciesResponseSchema,
  CurrencySchema,
  LocaleSchema,
  LocalesResponseSchema,
  TimeZoneSchema,
} from "@playfair/contracts/settings";
import {
  buildTimeZones,
  constants,
  countries,
  currencies,
  formatUtcOffset,
  localeForCountry,
  locales,
  referenceData,
  timeZones,
  utcOffsetMinutes,
} from "./reference-data.ts";

const FIAT = ["USD", "EUR", "BRL", "INR", "TRY", "UZS", "KZT", "RUB", "UAH", "PLN", "MXN", "CAD"];
const CRYPTO = ["BTC", "ETH", "USDT", "TRX", "TON", "LTC"];
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
const POWER_OF_TEN = /^10*$/;

const byCode = new Map(currencies.map((c) => [c.code, c]));

describe("currencies", () => {
  it("has exactly one base currency, USD, with rate 1", () => {
    const bases = currencies.filter((c) => c.isBase);
    expect(bases.map((c) => c.code)).toEqual(["USD"]);
    expect(bases[0]?.rate.value).toBe("1");
  });

  it("contains every required fiat and crypto code with the right type, and nothing twice", () => {
    for (const code of FIAT) expect(byCode.get(code)?.type, code).toBe("fiat");
    for (const code of CRYPTO) expect(byCode.get(code)?.type, code).toBe("crypto");
    expect(byCode.size).toBe(currencies.length);
  });

  it("uses decimal strings for rates and powers of ten for subunits", () => {
    for (const c of currencies) {
      expect(typeof c.rate.value, c.code).toBe("string");
      expect(c.rate.value, c.code).toMatch(DECIMAL);
      expect(Number(c.rate.value), c.code).toBeGreaterThan(0);
      expect(c.subunitToUnit, c.code).toMatch(POWER_OF_TEN);
      for (const sub of c.subCurrencies) expect(sub.subunitToUnit, sub.code).toMatch(POWER_OF_TEN);
    }
    expect(byCode.get("USD")?.subunitToUnit).toBe("100");
    expect(byCode.get("BTC")?.subunitToUnit).toBe("100000000");
    expect(byCode.get("ETH")?.subunitToUnit).toBe("1000000000000000000");
    expect(byCode.get("USDT")?.subunitToUnit).toBe("1000000");
    expect(byCode.get("TON")?.subunitToUnit).toBe("1000000000");
  });

  it("gives BTC and ETH a milli sub-currency a factor of 1000 below the unit", () => {
    for (const [parent, subCode] of [
      ["BTC", "mBTC"],
      ["ETH", "mETH"],
    ] as const) {
      const currency = byCode.get(parent);
      expect(currency?.subCurrencies.map((s) => s.code)).toEqual([subCode]);
      const sub = currency?.subCurrencies[0];
      // BigInt: ETH's 10^18 is beyond exact double range.
      expect(BigInt(currency?.subunitToUnit ?? "0")).toBe(BigInt(sub?.subunitToUnit ?? "0") * BigInt(SUB_UNIT_FACTOR));
    }
    const others = currencies.filter((c) => c.code !== "BTC" && c.code !== "ETH");
    expect(others.every((c) => c.subCurrencies.length === 0)).toBe(true);
  });

  it("has at least one disabled and one hidden currency for the filters, base enabled and visible", () => {
    expect(currencies.some((c) => !c.isEnabled)).toBe(true);
    expect(currencies.some((c) => !c.isVisible)).toBe(true);
    expect(byCode.get("USD")).toMatchObject({ isEnabled: true, isVisible: true });
  });

  it("parses with the contract schemas", () => {
    for (const c of currencies) expect(() => CurrencySchema.parse(c), c.code).not.toThrow();
    expect(CurrenciesResponseSchema.parse({ data: currencies }).data).toEqual(currencies);
  });
});

describe("locales", () => {
  it("lists the 26 supported locales, en default, fa the only rtl", () => {
    expect(locales).toHaveLength(26);
    expect(locales.map((l) => l.code)).toEqual([...SUPPORTED_LOCALE_CODES]);
    expect(locales.filter((l) => l.isDefault).map((l) => l.code)).toEqual(["en"]);
    expect(locales.filter((l) => l.direction === "rtl").map((l) => l.code)).toEqual(["fa"]);
    expect(locales.every((l) => l.isEnabled && l.name.length > 0)).toBe(true);
  });

  it("parses with the contract schemas", () => {
    for (const l of locales) expect(() => LocaleSchema.parse(l), l.code).not.toThrow();
    expect(() => LocalesResponseSchema.parse({ data: locales })).not.toThrow();
  });
});

describe("countries", () => {
  const localeCodes = new Set(locales.map((l) => l.code));
  const countryByCode = new Map(countries.map((c) => [c.code, c]));

  it("covers every ISO country once", () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.length).toBe(Object.keys(isoCountries).length);
    expect(countryByCode.size).toBe(countries.length);
  });

  it("marks exactly the excluded countries as not selectable", () => {
    const unselectable = countries.filter((c) => !c.isSelectable).map((c) => c.code);
    expect(unselectable.sort()).toEqual([...EXCLUDED_COUNTRY_CODES].sort());
  });

  it("gives every country a locale from the locale list", () => {
    for (const c of countries) expect(localeCodes.has(c.locale), `${c.code} -> ${c.locale}`).toBe(true);
  });

  it("maps languages onto our locales, with regional variants and fallbacks", () => {
    expect(countryByCode.get("BR")?.locale).toBe("pt-br");
    expect(countryByCode.get("PT")?.locale).toBe("pt");
    expect(countryByCode.get("MX")?.locale).toBe("es-mx");
    expect(countryByCode.get("ES")?.locale).toBe("es");
    expect(countryByCode.get("CA")?.locale).toBe("en-ca");
    expect(countryByCode.get("NO")?.locale).toBe("nb");
    expect(countryByCode.get("SE")?.locale).toBe("se");
    expect(countryByCode.get("IR")?.locale).toBe("fa");
    expect(countryByCode.get("TR")?.locale).toBe("tr");
    expect(countryByCode.get("KZ")?.locale).toBe("kk");
    expect(countryByCode.get("IN")?.locale).toBe("hi");
    expect(countryByCode.get("JP")?.locale).toBe("en");
    expect(countryByCode.get("AQ")?.locale).toBe("en"); // no languages listed
    expect(localeForCountry("XX", ["zz", "ru"])).toBe("ru");
    expect(localeForCountry("XX", [])).toBe("en");
  });

  it("uses English names and +-prefixed phone codes", () => {
    expect(countryByCode.get("DE")).toMatchObject({ name: "Germany", phoneCode: "+49", isSelectable: true });
    expect(countryByCode.get("US")).toMatchObject({ name: "United States", isSelectable: false });
  });

  it("gives each country its own currency", () => {
    expect(countryByCode.get("DE")?.currency).toBe("EUR");
    expect(countryByCode.get("BR")?.currency).toBe("BRL");
    expect(countryByCode.get("TR")?.currency).toBe("TRY");
    expect(countries.every((country) => country.currency === undefined || /^[A-Z]{3}$/.test(country.currency))).toBe(true);
  });

  it("parses with the contract schemas", () => {
    for (const c of countries) expect(() => CountrySchema.parse(c), c.code).not.toThrow();
    expect(() => CountriesResponseSchema.parse({ data: countries })).not.toThrow();
  });
});

describe("time zones", () => {
  it("lists IANA zones with their UTC offset, sorted by offset then id", () => {
    expect(timeZones.length).toBeGreaterThan(300);
    const ids = timeZones.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("Europe/Istanbul");
    expect(ids).toContain("UTC");
    // Current IANA names rather than ICU's legacy ids.
    expect(ids).toContain("Asia/Kolkata");
    expect(ids).toContain("Europe/Kyiv");
    expect(ids).not.toContain("Asia/Calcutta");
    for (const t of timeZones) {
      expect(() => TimeZoneSchema.parse(t)).not.toThrow();
      expect(t.name).toMatch(/^\(UTC[+-]\d{2}:\d{2}\) /);
      expect(t.name.endsWith(` ${t.id}`)).toBe(true);
    }
  });

  it("formats and orders offsets deterministically for a given instant", () => {
    const winter = new Date("2025-01-15T12:00:00Z");
    const zones = buildTimeZones(winter);
    const name = (id: string) => zones.find((z) => z.id === id)?.name;
    expect(name("Europe/Istanbul")).toBe("(UTC+03:00) Europe/Istanbul");
    expect(name("Asia/Kolkata")).toBe("(UTC+05:30) Asia/Kolkata");
    expect(name("America/St_Johns")).toBe("(UTC-03:30) America/St_Johns");
    expect(name("UTC")).toBe("(UTC+00:00) UTC");
    const offsets = zones.map((z) => utcOffsetMinutes(z.id, winter));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(formatUtcOffset(-570)).toBe("-09:30");
  });
});

describe("constants", () => {
  it("matches the spec codes", () => {
    expect(INVOICE_STATUS).toEqual({ pending: 1, success: 2, failed: 3, cancelled: 4 });
    expect(PLAYER_BONUS_STATUS).toEqual({ issued: 1, active: 2, finished: 3 });
    expect(PLAYER_FREESPIN_STATUS).toEqual({ issued: 1, active: 2, finished: 3 });
    expect(Object.values(PLAYER_BONUS_RESULT).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(PLAYER_BONUS_RESULT).toMatchObject({ activated: 1, played: 2, canceled: 3, expired: 4 });
    expect(Object.values(PLAYER_FREESPIN_RESULT).sort()).toEqual([1, 2, 3, 4]);
    expect(LIMIT_DEFINITION).toEqual({ bet: 1, loss: 2, deposit: 3, selfExclusion: 4, coolingOff: 5 });
    expect(QUEST_STATE).toMatchObject({ issued: 1, active: 2, completed: 3, expired: 5 });
    expect(Object.values(QUEST_STATE).sort()).toEqual([1, 2, 3, 5, 6]);
    expect(BONUS_CODE_STATUS).toMatchObject({ incorrect: 3, notAvailable: 4 });
    expect(NOTIFICATION_STATE).toEqual({ unread: 1, read: 2 });
    expect(WALLET_ACCOUNT_STATUS.active).toBe(1);
  });

  it("publishes every group with unique codes per group", () => {
    expect(Object.keys(constants).sort()).toEqual(
      [
        "betStatuses",
        "bonusCodeStatuses",
        "documentStatuses",
        "invoiceStatuses",
        "invoiceTypes",
        "limitDefinitions",
        "limitPeriods",
        "notificationStates",
        "playerBonusResults",
        "playerBonusStatuses",
        "playerFreespinResults",
        "playerFreespinStatuses",
        "playerStatuses",
        "questStates",
        "walletAccountStatuses",
      ].sort(),
    );
    for (const [group, codes] of Object.entries(constants)) {
      const values = Object.values(codes);
      expect(new Set(values).size, group).toBe(values.length);
    }
    expect(constants.invoiceStatuses).toEqual({ pending: 1, success: 2, failed: 3, cancelled: 4 });
    expect(constants.limitPeriods).toEqual({ daily: 1, weekly: 2, monthly: 3 });
  });

  it("parses as the global-settings constants response", () => {
    const parsed = ConstantsResponseSchema.parse({ data: { ...constants, timeZones } });
    expect(parsed.data.timeZones).toHaveLength(timeZones.length);
    expect(parsed.data.questStates).toEqual(constants.questStates);
  });
});

describe("referenceData", () => {
  it("bundles the same arrays", () => {
    expect(referenceData).toEqual({ currencies, locales, countries, timeZones, constants });
  });
});
