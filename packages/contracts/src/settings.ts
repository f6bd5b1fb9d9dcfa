// Reference data ("global settings", spec 3): currencies, locales, countries, constants and
// time zones. Only domain objects carry a meta id (OpenAPI component name); shared primitives
// stay inline so they cannot collide with ids registered by other contract modules.
// Money-like values (rates, subunit factors) are decimal strings, never floats:
// ETH's 10^18 subunit factor does not even fit a double exactly.
import { z } from "zod";

/** Non-negative decimal number as a string, e.g. "1", "0.00001234", "64250.5". */
export const DecimalStringSchema = z
  .string()
  .regex(/^(0|[1-9]\d*)(\.\d+)?$/, "Expected a non-negative decimal string")
  .meta({ description: "Non-negative decimal number as a string", example: "64250.5" });

/** A power of ten as a decimal string: "1", "100", "1000000000000000000". */
export const PowerOfTenStringSchema = z
  .string()
  .regex(/^10*$/, "Expected a power of ten as a decimal string")
  .meta({ description: "Power of ten as a decimal string", example: "100" });

export const CurrencyCodeSchema = z
  .string()
  .regex(/^[A-Z0-9]{2,10}$/, "Expected an upper-case currency code")
  .meta({ example: "USD" });

export const CurrencyTypeSchema = z.enum(["fiat", "crypto"]).meta({ id: "CurrencyType" });

export const CurrencyRateSchema = z
  .object({
    // Value of one unit in the base currency (the base currency's rate is "1").
    value: DecimalStringSchema.refine((v) => !/^0(\.0+)?$/.test(v), "Rate must be positive"),
    updatedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: "CurrencyRate" });

export const SubCurrencySchema = z
  .object({
    // Display sub-unit such as mBTC, hence mixed case.
    code: z.string().regex(/^[A-Za-z0-9]{2,12}$/),
    // Smallest units per one sub-currency unit (BTC 10^8 / 1000 = "100000" for mBTC).
    subunitToUnit: PowerOfTenStringSchema,
  })
  .meta({ id: "SubCurrency" });

export const CurrencySchema = z
  .object({
    code: CurrencyCodeSchema,
    type: CurrencyTypeSchema,
    symbol: z.string().min(1),
    rate: CurrencyRateSchema,
    // Smallest units per one unit: "100" for cents, "100000000" for satoshi.
    subunitToUnit: PowerOfTenStringSchema,
    subCurrencies: z.array(SubCurrencySchema),
    isEnabled: z.boolean(),
    isBase: z.boolean(),
    isVisible: z.boolean(),
  })
  .meta({ id: "Currency" });

/** Lower-case locale code: "en" or language-region "pt-br". */
export const LocaleCodeSchema = z
  .string()
  .regex(/^[a-z]{2}(-[a-z]{2})?$/, "Expected a lower-case locale code such as en or pt-br")
  .meta({ example: "pt-br" });

export const LocaleSchema = z
  .object({
    code: LocaleCodeSchema,
    // Native name, as shown in the language switcher.
    name: z.string().min(1),
    isDefault: z.boolean(),
    direction: z.enum(["ltr", "rtl"]),
    isEnabled: z.boolean(),
  })
  .meta({ id: "Locale" });

export const CountryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, "Expected an ISO 3166-1 alpha-2 code")
  .meta({ example: "BR" });

export const CountrySchema = z
  .object({
    code: CountryCodeSchema,
    name: z.string().min(1),
    // Suggested site locale for the country; "en" when none of its languages is supported.
    locale: LocaleCodeSchema,
    // False for countries players may not choose (excluded jurisdictions).
    isSelectable: z.boolean(),
    // International calling code with a leading "+", e.g. "+55".
    phoneCode: z.string().regex(/^\+\d{1,6}$/).optional(),
    // The country's own currency (ISO 4217), e.g. "BRL": what sign-up suggests when it is enabled.
    currency: z.string().regex(/^[A-Z]{3}$/).optional().meta({ example: "BRL" }),
  })
  .meta({ id: "Country" });

export const TimeZoneSchema = z
  .object({
    id: z.string().min(1).meta({ description: "IANA time zone id", example: "Europe/Istanbul" }),
    name: z.string().min(1).meta({ example: "(UTC+03:00) Europe/Istanbul" }),
  })
  .meta({ id: "TimeZone" });

/** One constant group: name -> numeric code. */
export const CodeMapSchema = z.record(z.string(), z.number().int().nonnegative());

// Group names and codes come from `constants.ts` (CONSTANT_GROUPS).
export const ConstantsSchema = z
  .object({
    playerStatuses: CodeMapSchema,
    invoiceStatuses: CodeMapSchema,
    invoiceTypes: CodeMapSchema,
    betStatuses: CodeMapSchema,
    documentStatuses: CodeMapSchema,
    playerBonusStatuses: CodeMapSchema,
    playerBonusResults: CodeMapSchema,
    playerFreespinStatuses: CodeMapSchema,
    playerFreespinResults: CodeMapSchema,
    questStates: CodeMapSchema,
    limitDefinitions: CodeMapSchema,
    limitPeriods: CodeMapSchema,
    bonusCodeStatuses: CodeMapSchema,
    notificationStates: CodeMapSchema,
    walletAccountStatuses: CodeMapSchema,
  })
  .meta({ id: "Constants" });

// The spec's "Global settings" constants block: the code groups plus the time-zone list.
export const GlobalConstantsSchema = ConstantsSchema.extend({
  timeZones: z.array(TimeZoneSchema),
}).meta({ id: "GlobalConstants" });

export const CurrenciesResponseSchema = z
  .object({ data: z.array(CurrencySchema) })
  .meta({ id: "CurrenciesResponse" });

export const LocalesResponseSchema = z.object({ data: z.array(LocaleSchema) }).meta({ id: "LocalesResponse" });

export const CountriesResponseSchema = z
  .object({ data: z.array(CountrySchema) })
  .meta({ id: "CountriesResponse" });

export const ConstantsResponseSchema = z
  .object({ data: GlobalConstantsSchema })
  .meta({ id: "ConstantsResponse" });

// Query strings are strings: accept the usual boolean spellings and coerce.
export const QueryBooleanSchema = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

// No meta id: a querystring must stay inline (not a $ref) for Swagger to list its parameters.
/** The currencies the site accepts, as its pages ask for them (the server answers this address first). */
export const ACCEPTED_CURRENCIES_PATH = "/api/settings/currencies?visible=true";

export const CurrenciesQuerySchema = z.object({
  // Only currencies with this isVisible value; omit for all.
  visible: QueryBooleanSchema.optional(),
});

export type DecimalString = z.infer<typeof DecimalStringSchema>;
export type CurrencyType = z.infer<typeof CurrencyTypeSchema>;
export type CurrencyRate = z.infer<typeof CurrencyRateSchema>;
export type SubCurrency = z.infer<typeof SubCurrencySchema>;
export type Currency = z.infer<typeof CurrencySchema>;
export type Locale = z.infer<typeof LocaleSchema>;
export type Country = z.infer<typeof CountrySchema>;
export type TimeZone = z.infer<typeof TimeZoneSchema>;
export type CodeMap = z.infer<typeof CodeMapSchema>;
export type Constants = z.infer<typeof ConstantsSchema>;
export type GlobalConstants = z.infer<typeof GlobalConstantsSchema>;
export type CurrenciesResponse = z.infer<typeof CurrenciesResponseSchema>;
export type LocalesResponse = z.infer<typeof LocalesResponseSchema>;
export type CountriesResponse = z.infer<typeof CountriesResponseSchema>;
export type ConstantsResponse = z.infer<typeof ConstantsResponseSchema>;
export type CurrenciesQueryInput = z.input<typeof CurrenciesQuerySchema>;
export type CurrenciesQuery = z.output<typeof CurrenciesQuerySchema>;
