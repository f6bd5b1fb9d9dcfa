// What the validation rules (rules.ts) read from a value: emptiness, text, numbers, lengths in
// code points, letters of any script, and the patterns and messages the measuring rules share.

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A field of the form; own properties only, so "constructor" or "__proto__" never resolve to Object internals. */
export function fieldValue(values: unknown, field: unknown): unknown {
  if (!isRecord(values) || typeof field !== "string" || !Object.hasOwn(values, field)) return undefined;
  return values[field];
}

/** Numbers and bigints read as text for the text rules (digits, alphaNum, regex ...). */
export function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || (typeof value === "number" && Number.isFinite(value))) return String(value);
  return undefined;
}

/** Length in Unicode code points, so an emoji or a Devanagari letter counts once, not as two UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const isHighSurrogate = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(index + 1);
    if (isHighSurrogate && next >= 0xdc00 && next <= 0xdfff) index += 1;
    count += 1;
  }
  return count;
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function primitiveText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return undefined;
}

/** Two field values are equal when both are primitives with the same text ("5" and 5 are equal). */
export function sameValue(a: unknown, b: unknown): boolean {
  const left = primitiveText(a);
  const right = primitiveText(b);
  return left !== undefined && left === right;
}

const INTEGER_PATTERN = /^-?\d+$/;
const DECIMAL_PATTERN = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
const NUMERIC_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
// \p{M}: vowel signs and other combining marks are part of words in Hindi and many scripts, and
// "é" typed as e + U+0301 must count as a letter. ZWNJ/ZWJ join letters in Persian and Indic
// spelling, so they are allowed between letters (never alone).
const ALPHA_PATTERN = /^[\p{L}\p{M}]+(?:[\u200C\u200D][\p{L}\p{M}]+)*$/u;
export const ALPHA_NUM_PATTERN = /^[\p{L}\p{M}\p{Nd}]+(?:[\u200C\u200D][\p{L}\p{M}\p{Nd}]+)*$/u;
export const ALPHA_DASH_PATTERN = /^[\p{L}\p{M}\p{Nd}_-]+(?:[\u200C\u200D][\p{L}\p{M}\p{Nd}_-]+)*$/u;
export const ACCEPTED_VALUES: readonly unknown[] = ["yes", "on", "1", "true", 1, true];
export const DECLINED_VALUES: readonly unknown[] = ["no", "off", "0", "false", 0, false];
export const BOOLEAN_VALUES: readonly unknown[] = [true, false, 1, 0, "1", "0", "true", "false"];

export function isIntegerValue(value: unknown): boolean {
  if (typeof value === "bigint") return true;
  if (typeof value === "number") return Number.isInteger(value);
  return typeof value === "string" && INTEGER_PATTERN.test(value);
}

export function isNumericValue(value: unknown): boolean {
  if (typeof value === "bigint") return true;
  if (typeof value === "number") return Number.isFinite(value);
  return typeof value === "string" && NUMERIC_PATTERN.test(value);
}

export function isDecimalValue(value: unknown): boolean {
  if (typeof value === "bigint") return true;
  if (typeof value === "number") return Number.isFinite(value);
  return typeof value === "string" && DECIMAL_PATTERN.test(value);
}

export function isAlpha(value: unknown): boolean {
  return typeof value === "string" && ALPHA_PATTERN.test(value);
}

/**
 * What min, max and between measure: a number's value; a string's value when another rule of the
 * field says it is a number (so "17" fails min 18 on an age field) and otherwise its length; a
 * list's length. Anything else cannot be measured and fails.
 */
type Measure = { kind: "value" | "length" | "items"; size: number };

export function measure(value: unknown, numericField: boolean): Measure | undefined {
  if (isFiniteNumber(value)) return { kind: "value", size: value };
  if (typeof value === "bigint") return { kind: "value", size: Number(value) };
  if (typeof value === "string") {
    if (numericField && NUMERIC_PATTERN.test(value.trim())) return { kind: "value", size: Number(value.trim()) };
    return { kind: "length", size: characterCount(value) };
  }
  if (Array.isArray(value)) return { kind: "items", size: value.length };
  return undefined;
}

export const MIN_MESSAGE = { value: "minValue", length: "minLength", items: "minItems" } as const;
export const MAX_MESSAGE = { value: "maxValue", length: "maxLength", items: "maxItems" } as const;
export const BETWEEN_MESSAGE = { value: "between", length: "betweenLength", items: "betweenItems" } as const;

export function compiledPattern(param: unknown): RegExp | undefined {
  const source = typeof param === "string" ? param : isRecord(param) && typeof param.pattern === "string" ? param.pattern : undefined;
  if (source === undefined) return undefined;
  const rawFlags = isRecord(param) && typeof param.flags === "string" ? param.flags : "";
  try {
    return new RegExp(source, rawFlags.replace(/[gy]/g, ""));
  } catch {
    return undefined;
  }
}

export function isRange(param: unknown): param is { min: number; max: number } {
  return isRecord(param) && isFiniteNumber(param.min) && isFiniteNumber(param.max);
}

export function textPasses(value: unknown, pattern: RegExp): boolean {
  const text = asText(value);
  return text !== undefined && pattern.test(text);
}
