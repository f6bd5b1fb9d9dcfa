// Input masks (spec 5): pattern masks where '#' is a digit, '@' a letter, '*' a letter or digit and
// every other character is written as is; and number masks with a number of fraction digits, the
// locale's separators and an unsigned option.
//
// Numbers stay strings from keystroke to request: a float cannot hold 0.1 or a 20-digit amount
// exactly, so nothing here converts to a JS number. Digits typed in other scripts (Persian ۱۲۳,
// Devanagari १२३, Arabic-Indic ١٢٣) are read as their values. Output uses Latin digits unless a
// number field asks for the locale's own (Persian ۱۲۳٬۴۵۶٫۷), so a field agrees with the amounts
// printed around it; what is sent to the server is always the Latin decimal string.

// --- Digits of any script -----------------------------------------------------------------------

const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * The value 0-9 of a decimal digit of any script, else undefined. Unicode assigns every script's
 * decimal digits as a run of ten consecutive code points starting at zero (some blocks hold
 * several runs back to back), so the value is the distance from the run's start modulo ten.
 */
export function digitValue(character: string): number | undefined {
  if (character >= "0" && character <= "9" && character.length === 1) return character.charCodeAt(0) - 48;
  if (!DECIMAL_DIGIT.test(character)) return undefined;
  const codePoint = character.codePointAt(0) ?? 0;
  let start = codePoint;
  while (start > 0 && codePoint - start < 60 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (codePoint - start) % 10;
}

/** "۱۲۳-45" -> "123-45": other scripts' digits become Latin, everything else is kept. */
export function toLatinDigits(text: string): string {
  let result = "";
  for (const character of text) {
    const value = digitValue(character);
    result += value === undefined ? character : String(value);
  }
  return result;
}

// --- Pattern masks --------------------------------------------------------------------------------

const MASK_TOKENS: Readonly<Record<string, (character: string) => boolean>> = {
  "#": (character) => digitValue(character) !== undefined,
  "@": (character) => /^\p{L}$/u.test(character),
  "*": (character) => /^\p{L}$/u.test(character) || digitValue(character) !== undefined,
};

/** A backslash makes the next mask character literal: "\\#" writes a '#'. */
const ESCAPE = "\\";

function runMask(value: unknown, mask: unknown): { masked: string; raw: string } {
  if (typeof value !== "string" || typeof mask !== "string" || value === "") return { masked: "", raw: "" };
  const input = [...value];
  const pattern = [...mask];
  let masked = "";
  let raw = "";
  let position = 0;
  let endOfLastSlot = 0;
  let completed = true;
  for (let index = 0; index < pattern.length; index += 1) {
    let maskCharacter = pattern[index] ?? "";
    const escaped = maskCharacter === ESCAPE && index + 1 < pattern.length;
    if (escaped) {
      index += 1;
      maskCharacter = pattern[index] ?? "";
    }
    const accepts = escaped ? undefined : MASK_TOKENS[maskCharacter];
    if (accepts) {
      // Characters the slot cannot take (a letter in a digit slot, a typed separator) are skipped.
      while (position < input.length && !accepts(input[position] ?? "")) position += 1;
      const character = input[position];
      if (character === undefined) {
        completed = false;
        break;
      }
      const written = toLatinDigits(character);
      masked += written;
      raw += written;
      position += 1;
      endOfLastSlot = masked.length;
    } else {
      // A typed literal (the "/" itself, or a pasted "(") is consumed rather than read as input.
      masked += maskCharacter;
      if (input[position] === maskCharacter) position += 1;
    }
  }
  // Literals after the last filled slot are dropped unless the mask is complete: "12" in "##/##"
  // shows "12", not "12/", and "abc" in "(###)" shows nothing rather than a lone "(".
  return { masked: completed ? masked : masked.slice(0, endOfLastSlot), raw };
}

/** applyMask("1234567890", "(###) ###-####") === "(123) 456-7890". Applying it twice changes nothing. */
export function applyMask(value: unknown, mask: unknown): string {
  return runMask(value, mask).masked;
}

/** The characters that filled the mask's slots: unmask("(123) 456-7890", "(###) ###-####") === "1234567890". */
export function unmask(value: unknown, mask: unknown): string {
  return runMask(value, mask).raw;
}

// --- Number masks -------------------------------------------------------------------------------

export interface NumberInputOptions {
  /** Digits allowed after the decimal separator; 0 (the default) makes a whole-number field. */
  fractionDigits?: number;
  /** BCP 47 locale whose group and decimal separators to use; "en" by default. */
  locale?: string;
  /** No minus sign: amounts to deposit or withdraw. */
  unsigned?: boolean;
  /**
   * Write the digits and separators Intl writes by default for the locale (Persian: ۱۲۳٬۴۵۶٫۷),
   * as the site's printed amounts do, instead of Latin digits with the locale's separators.
   */
  localeDigits?: boolean;
}

export interface NumberSeparators {
  group: string;
  decimal: string;
  /** Digits in the group nearest the decimal separator (3), and in the others (3; 2 in India). */
  primaryGroupSize: number;
  secondaryGroupSize: number;
  /** 2 where a four-digit number is not grouped (es: "1234" but "12.345"), else 1. */
  minimumGroupingDigits: number;
}

const MAX_FRACTION_DIGITS = 100;
const ARABIC_DECIMAL_SEPARATOR = "\u066B";
const separatorCache = new Map<string, NumberSeparators>();
const digitCache = new Map<string, readonly string[]>();

function numberFormat(locale: string, localeDigits = false): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = localeDigits ? {} : { numberingSystem: "latn" };
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat("en", options);
  }
}

function requestedLocale(locale: unknown): string {
  return typeof locale === "string" && locale !== "" && locale.length <= 100 ? locale : "en";
}

/** The ten digits Intl writes by default for the locale ("0".."9" for most, "۰".."۹" for Persian). */
function localeDigitsOf(locale: string): readonly string[] {
  const cached = digitCache.get(locale);
  if (cached) return cached;
  const format = numberFormat(locale, true);
  const digits = Array.from({ length: 10 }, (_, value) => format.format(value));
  if (digitCache.size < 100) digitCache.set(locale, digits);
  return digits;
}

/**
 * The locale's separators and grouping, learned from Intl: with Latin digits by default (fa gets
 * "," and "."), or with the locale's own numbering system (fa gets "٬" and "٫").
 */
export function numberSeparators(locale: unknown = "en", { localeDigits = false }: { localeDigits?: boolean } = {}): NumberSeparators {
  const requested = requestedLocale(locale);
  const cacheKey = localeDigits ? `${requested}\u0000native` : requested;
  const cached = separatorCache.get(cacheKey);
  if (cached) return cached;
  const format = numberFormat(requested, localeDigits);
  const parts = format.formatToParts(123456789.5);
  const integerParts = parts.filter((part) => part.type === "integer").map((part) => part.value.length);
  const separators: NumberSeparators = {
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    primaryGroupSize: integerParts.at(-1) ?? 3,
    secondaryGroupSize: integerParts.length > 2 ? (integerParts.at(-2) ?? 3) : (integerParts.at(-1) ?? 3),
    minimumGroupingDigits: format.formatToParts(1234).some((part) => part.type === "group") ? 1 : 2,
  };
  if (separatorCache.size < 100) separatorCache.set(cacheKey, separators);
  return separators;
}

function groupDigits(digits: string, separators: NumberSeparators): string {
  const { group, primaryGroupSize, secondaryGroupSize, minimumGroupingDigits } = separators;
  if (primaryGroupSize < 1 || digits.length < primaryGroupSize + minimumGroupingDigits) return digits;
  // Cut from the right by index (not by re-slicing the rest) so a pasted 100 000-digit value stays linear.
  const groups: string[] = [];
  let end = digits.length - primaryGroupSize;
  groups.push(digits.slice(end));
  const size = Math.max(secondaryGroupSize, 1);
  while (end > 0) {
    const start = Math.max(end - size, 0);
    groups.push(digits.slice(start, end));
    end = start;
  }
  return groups.reverse().join(group);
}

interface TypedNumber {
  negative: boolean;
  integer: string;
  fraction: string;
  hasDecimal: boolean;
}

function fractionLimit(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? Math.min(value, MAX_FRACTION_DIGITS) : 0;
}

/**
 * Reads what was typed or pasted: digits of any script, the first decimal separator, a leading
 * minus. Group separators and anything else are ignored. Besides the locale's own decimal
 * separator, ".", "," and the Arabic-script "٫" (Persian keyboards) are taken as one when the
 * locale does not use them for grouping, because numeric keypads type "." everywhere.
 */
function readNumber(text: unknown, options: NumberInputOptions): TypedNumber {
  const result: TypedNumber = { negative: false, integer: "", fraction: "", hasDecimal: false };
  if (typeof text !== "string") return result;
  const separators = numberSeparators(options.locale, { localeDigits: options.localeDigits === true });
  // The Latin-digit group mark stays a group mark in a locale-digit field: "1,000" pasted into a
  // Persian field is a thousand.
  const groups = new Set([separators.group, numberSeparators(options.locale).group]);
  const decimalMarks = new Set([separators.decimal, ...[".", ",", ARABIC_DECIMAL_SEPARATOR].filter((mark) => !groups.has(mark))]);
  const limit = fractionLimit(options.fractionDigits);
  let started = false;
  for (const character of text) {
    const value = digitValue(character);
    if (value !== undefined) {
      started = true;
      if (!result.hasDecimal) result.integer += String(value);
      else if (result.fraction.length < limit) result.fraction += String(value);
    } else if (!started && (character === "-" || character === "\u2212")) {
      result.negative = !options.unsigned;
      started = true;
    } else if (!result.hasDecimal && decimalMarks.has(character)) {
      result.hasDecimal = true;
      started = true;
    }
  }
  // Leading zeros carry no value; keep a single 0 before a fraction or on its own.
  result.integer = result.integer.replace(/^0+(?=\d)/, "");
  if (result.integer === "" && result.hasDecimal) result.integer = "0";
  return result;
}

/**
 * The text to show in a number field as the player types: formatNumberInput("1234567.891",
 * { fractionDigits: 2, locale: "de" }) === "1.234.567,89". Extra fraction digits are dropped, not
 * rounded (the player sees exactly what they typed). A trailing decimal separator and trailing
 * zeros are kept so typing "12," then "5" works; a lone minus is kept for the same reason.
 */
export function formatNumberInput(raw: unknown, options: NumberInputOptions = {}): string {
  const settings = typeof options === "object" && options !== null ? options : {};
  const typed = readNumber(raw, settings);
  const sign = typed.negative ? "-" : "";
  if (typed.integer === "") return sign;
  const separators = numberSeparators(settings.locale, { localeDigits: settings.localeDigits === true });
  const integer = groupDigits(typed.integer, separators);
  const withFraction = typed.hasDecimal && fractionLimit(settings.fractionDigits) > 0;
  const text = `${sign}${integer}${withFraction ? separators.decimal + typed.fraction : ""}`;
  if (settings.localeDigits !== true) return text;
  const digits = localeDigitsOf(requestedLocale(settings.locale));
  return text.replace(/[0-9]/g, (digit) => digits[Number(digit)] ?? digit);
}

/**
 * What a number field shows for an exact decimal string ("1234.5" -> "1.234,5" in German, "۱٬۲۳۴٫۵"
 * in Persian with localeDigits): a preset or a stored amount put into the field.
 */
export function numberInputText(decimal: string, options: NumberInputOptions = {}): string {
  // The plain decimal's "." must become the locale's mark first: in German "." groups digits.
  const separators = numberSeparators(options.locale, { localeDigits: options.localeDigits === true });
  return formatNumberInput(decimal.replace(".", separators.decimal), options);
}

/**
 * The value of a number field as an exact decimal string ("-1234567.89", the money module's
 * format), or null when nothing numeric was typed. The inverse of formatNumberInput:
 * parseNumberInput(formatNumberInput(x, o), o) === parseNumberInput(x, o).
 */
export function parseNumberInput(text: unknown, options: NumberInputOptions = {}): string | null {
  const settings = typeof options === "object" && options !== null ? options : {};
  const typed = readNumber(text, settings);
  if (typed.integer === "") return null;
  const fraction = fractionLimit(settings.fractionDigits) > 0 && typed.fraction !== "" ? `.${typed.fraction}` : "";
  const isZero = /^0*$/.test(typed.integer + typed.fraction);
  return `${typed.negative && !isZero ? "-" : ""}${typed.integer}${fraction}`;
}
