// Fixtures the money tests share: currencies, exact-error checks and fast-check arbitraries.
import fc from "fast-check";
import { expect } from "vitest";
import { fromMinorUnits, MoneyError, type MoneyErrorCode, type Rounding, type SubunitToUnit } from "./money.ts";

export const USD = { code: "USD", symbol: "$", subunitToUnit: 100 };
export const BTC = { code: "BTC", symbol: "₿", subunitToUnit: 10n ** 8n };
export const ETH = { code: "ETH", symbol: "Ξ", subunitToUnit: 10n ** 18n };
export const JPY = { code: "JPY", symbol: "¥", subunitToUnit: 1 };
export const MBTC = { code: "mBTC", subunitToUnit: 10n ** 5n };
export const ROUNDINGS: Rounding[] = ["floor", "ceil", "halfEven", "halfUp"];
const PRECISIONS: SubunitToUnit[] = [1, 10, 100, 1000n, "100000000", 10n ** 8n, 10n ** 18n];
export const TWO_POW_53 = 2n ** 53n;

export function expectMoneyError(action: () => unknown, code: MoneyErrorCode): void {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(MoneyError);
  expect((thrown as MoneyError).code).toBe(code);
  expect((thrown as MoneyError).name).toBe("MoneyError");
  expect((thrown as MoneyError).message.length).toBeGreaterThan(0);
}

/** Any decimal string, as a fast-check arbitrary: unscaled bigint and 0..20 fraction digits. */
export const decimalArbitrary = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }))
  .map(([unscaled, scale]) => fromMinorUnits(unscaled, 10n ** BigInt(scale)));

export const precisionArbitrary = fc.constantFrom(...PRECISIONS);
