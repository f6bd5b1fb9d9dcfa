/**
 * Exact decimal arithmetic for odds and stakes (never floats): a decimal string becomes a BigInt
 * of units and its count of decimal places. The widget only multiplies, divides by whole numbers
 * and adds; the server's answer is the amount of record, these are the slip's previews.
 */
type Scaled = { units: bigint; places: number };

const DECIMAL = /^\d+(?:\.\d+)?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

function parse(text: string): Scaled {
  if (!isDecimal(text)) throw new Error(`Not a decimal: ${text}`);
  const [whole = "0", fraction = ""] = text.split(".");
  return { units: BigInt(whole + fraction), places: fraction.length };
}

function align(value: Scaled, places: number): bigint {
  return value.units * 10n ** BigInt(places - value.places);
}

function format(value: Scaled, places: number): string {
  // Truncates toward zero: a preview never promises more than the server will pay.
  const units = value.places > places ? value.units / 10n ** BigInt(value.places - places) : align(value, places);
  if (places === 0) return units.toString();
  const text = units.toString().padStart(places + 1, "0");
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** The product of decimals, cut to `places` decimals. */
export function multiplyDecimals(values: readonly string[], places = 2): string {
  const product = values.map(parse).reduce<Scaled>((left, right) => ({ units: left.units * right.units, places: left.places + right.places }), { units: 1n, places: 0 });
  return format(product, places);
}

/** A sum of decimals, cut to `places` decimals. */
export function addDecimals(values: readonly string[], places = 2): string {
  const parsed = values.map(parse);
  const most = Math.max(0, ...parsed.map((value) => value.places));
  const units = parsed.reduce((sum, value) => sum + align(value, most), 0n);
  return format({ units, places: most }, places);
}

/** `value / divisor` for a whole divisor, cut to `places` decimals. */
export function divideDecimal(value: string, divisor: number, places = 8): string {
  const parsed = parse(value);
  const widened = align(parsed, parsed.places + places);
  return format({ units: widened / BigInt(divisor), places: parsed.places + places }, places);
}

export function compareDecimals(left: string, right: string): -1 | 0 | 1 {
  const a = parse(left);
  const b = parse(right);
  const places = Math.max(a.places, b.places);
  const difference = align(a, places) - align(b, places);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

export function isPositiveDecimal(text: string): boolean {
  return isDecimal(text) && parse(text).units > 0n;
}
