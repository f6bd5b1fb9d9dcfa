import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DECIMAL_AMOUNT_PATTERN,
  MoneyAmountSchema,
  MoneyError,
  NonNegativeMoneyAmountSchema,
  PositiveMoneyAmountSchema,
  addAmounts,
  compareAmounts,
  convertAmount,
  fromMinorUnits,
  isDecimalAmount,
  isZero,
  multiplyAmountByRate,
  negate,
  normalizeAmount,
  roundAmount,
  subtractAmounts,
  subunitDecimals,
  toMinorUnits,
  type MoneyErrorCode,
  type RatedCurrency,
  type Rounding,
  type SubunitToUnit,
} from "./money.ts";
import { BTC, decimalArbitrary, expectMoneyError, precisionArbitrary, ROUNDINGS, TWO_POW_53 } from "./money-test-support.ts";

describe("MoneyError", () => {
  it("is an Error with a code", () => {
    const error = new MoneyError("INVALID_AMOUNT", "bad");
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("INVALID_AMOUNT");
    expect(error.message).toBe("bad");
  });
});

describe("DECIMAL_AMOUNT_PATTERN and isDecimalAmount", () => {
  it.each(["0", "-0", "10", "10.50", "-10.5", "0.00000001", "007", "123456789012345678901234567890.123456789012345678"])(
    "accepts %j",
    (value) => {
      expect(isDecimalAmount(value)).toBe(true);
      expect(DECIMAL_AMOUNT_PATTERN.test(value)).toBe(true);
    },
  );

  it.each(["", " 1", "1 ", "1.", ".5", "-.5", "+1", "1e5", "1E5", "1,5", "1.2.3", "--1", "-", "NaN", "Infinity", "0x10", "١٢"])(
    "rejects %j",
    (value) => {
      expect(isDecimalAmount(value)).toBe(false);
    },
  );

  it.each([10, 10n, null, undefined, {}])("rejects the non-string %s", (value) => {
    expect(isDecimalAmount(value)).toBe(false);
  });
});

describe("zod schemas", () => {
  it("MoneyAmountSchema accepts signed decimals and rejects malformed ones", () => {
    expect(MoneyAmountSchema.parse("-10.50")).toBe("-10.50");
    expect(MoneyAmountSchema.safeParse("1e5").success).toBe(false);
    expect(MoneyAmountSchema.safeParse(10.5).success).toBe(false);
  });

  it("NonNegativeMoneyAmountSchema allows zero but no sign", () => {
    expect(NonNegativeMoneyAmountSchema.parse("0")).toBe("0");
    expect(NonNegativeMoneyAmountSchema.parse("0.01")).toBe("0.01");
    expect(NonNegativeMoneyAmountSchema.safeParse("-0.01").success).toBe(false);
    expect(NonNegativeMoneyAmountSchema.safeParse("-0").success).toBe(false);
  });

  it("PositiveMoneyAmountSchema rejects zero and negatives", () => {
    expect(PositiveMoneyAmountSchema.parse("0.00000001")).toBe("0.00000001");
    for (const value of ["0", "0.000", "-1", "abc", ""]) {
      expect(PositiveMoneyAmountSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe("subunitDecimals", () => {
  it.each<[SubunitToUnit, number]>([
    [1, 0],
    [100, 2],
    [1n, 0],
    [10n ** 8n, 8],
    [10n ** 18n, 18],
    ["1000", 3],
    [1e15, 15],
  ])("%s has %i fraction digits", (subunitToUnit, decimals) => {
    expect(subunitDecimals(subunitToUnit)).toBe(decimals);
  });

  it.each<unknown>([0, -100, 50, 101, 0.01, 1.5, 1e18, NaN, Infinity, 0n, -10n, 20n, "", "0100", "1e2", " 100", null, undefined])(
    "rejects %s",
    (subunitToUnit) => {
      expectMoneyError(() => subunitDecimals(subunitToUnit as SubunitToUnit), "INVALID_SUBUNIT");
    },
  );
});

describe("toMinorUnits", () => {
  it.each<[string, SubunitToUnit, bigint]>([
    ["10.50", 100, 1050n],
    ["10.5", 100, 1050n],
    ["10", 100, 1000n],
    ["-10.05", 100, -1005n],
    ["-0", 100, 0n],
    ["0.00", 100, 0n],
    ["007.10", 100, 710n],
    ["10.500000", 100, 1050n], // NUMERIC(…, 6) columns pad like this
    ["0.00000001", 10n ** 8n, 1n],
    ["21000000", 10n ** 8n, 2_100_000_000_000_000n],
    ["1.000000000000000001", 10n ** 18n, 10n ** 18n + 1n],
    ["-123456789.123456789012345678", 10n ** 18n, -123456789123456789012345678n],
    ["100", 1, 100n],
    ["9007199254740993.01", 100, 900719925474099301n], // beyond 2^53, where a float would round
    ["90071992547409930100", "100", 9007199254740993010000n],
  ])("%j at %s is %s", (amount, subunitToUnit, minor) => {
    expect(toMinorUnits(amount, subunitToUnit)).toBe(minor);
  });

  it.each<[unknown, SubunitToUnit, MoneyErrorCode]>([
    ["10.505", 100, "PRECISION_EXCEEDED"],
    ["0.000000001", 10n ** 8n, "PRECISION_EXCEEDED"],
    ["1.0000000000000000001", 10n ** 18n, "PRECISION_EXCEEDED"],
    ["1.5", 1, "PRECISION_EXCEEDED"],
    ["1e5", 100, "INVALID_AMOUNT"],
    ["", 100, "INVALID_AMOUNT"],
    [" 1", 100, "INVALID_AMOUNT"],
    ["1.", 100, "INVALID_AMOUNT"],
    [".5", 100, "INVALID_AMOUNT"],
    ["1,50", 100, "INVALID_AMOUNT"],
    [10.5, 100, "INVALID_AMOUNT"],
    [1050n, 100, "INVALID_AMOUNT"],
    ["10", 50, "INVALID_SUBUNIT"],
    ["10", 0, "INVALID_SUBUNIT"],
  ])("rejects %s at %s with %s", (amount, subunitToUnit, code) => {
    expectMoneyError(() => toMinorUnits(amount as string, subunitToUnit), code);
  });

  it("names the currency precision in the error", () => {
    expect(() => toMinorUnits("10.505", 100)).toThrow(/more than 2 fraction digits/);
  });
});

describe("fromMinorUnits", () => {
  it.each<[bigint, SubunitToUnit, string]>([
    [1050n, 100, "10.50"],
    [5n, 100, "0.05"],
    [-5n, 100, "-0.05"],
    [0n, 100, "0.00"],
    [-0n, 100, "0.00"],
    [1n, 10n ** 8n, "0.00000001"],
    [-123456789n, 10n ** 8n, "-1.23456789"],
    [1n, 10n ** 18n, "0.000000000000000001"],
    [10n ** 18n, 10n ** 18n, "1.000000000000000000"],
    [100n, 1, "100"],
    [-7n, 1n, "-7"],
    [TWO_POW_53 + 1n, 100, "90071992547409.93"],
    [TWO_POW_53 * 1000n + 1n, 1, "9007199254740992001"],
  ])("%s at %s is %j", (minor, subunitToUnit, amount) => {
    expect(fromMinorUnits(minor, subunitToUnit)).toBe(amount);
  });

  it.each<unknown>([1050, "1050", null, 1.5])("rejects non-bigint minor units %s", (minor) => {
    expectMoneyError(() => fromMinorUnits(minor as bigint, 100), "INVALID_MINOR_UNITS");
  });

  it("rejects a bad precision", () => {
    expectMoneyError(() => fromMinorUnits(1n, 3), "INVALID_SUBUNIT");
  });

  it("round-trips any bigint at several precisions", () => {
    fc.assert(
      fc.property(fc.bigInt(), precisionArbitrary, (minor, subunitToUnit) => {
        const amount = fromMinorUnits(minor, subunitToUnit);
        expect(isDecimalAmount(amount)).toBe(true);
        expect(toMinorUnits(amount, subunitToUnit)).toBe(minor);
      }),
    );
  });

  it("normalises any amount the currency can hold to one canonical string", () => {
    fc.assert(
      fc.property(fc.bigInt(), precisionArbitrary, fc.integer({ min: 0, max: 5 }), (minor, subunitToUnit, padding) => {
        const canonical = fromMinorUnits(minor, subunitToUnit);
        const padded = canonical.includes(".") ? canonical + "0".repeat(padding) : canonical;
        expect(normalizeAmount(padded, subunitToUnit)).toBe(canonical);
      }),
    );
  });
});

describe("addAmounts and subtractAmounts", () => {
  it.each<[string, string, SubunitToUnit, string, string]>([
    ["10.50", "0.5", 100, "11.00", "10.00"],
    ["0.1", "0.2", 100, "0.30", "-0.10"],
    ["-5", "5", 100, "0.00", "-10.00"],
    ["0.00000001", "0.99999999", 10n ** 8n, "1.00000000", "-0.99999998"],
    ["1", "0.000000000000000001", 10n ** 18n, "1.000000000000000001", "0.999999999999999999"],
    ["9007199254740993", "1", 1, "9007199254740994", "9007199254740992"],
  ])("%j and %j at %s", (left, right, subunitToUnit, sum, difference) => {
    expect(addAmounts(left, right, subunitToUnit)).toBe(sum);
    expect(subtractAmounts(left, right, subunitToUnit)).toBe(difference);
  });

  it("rejects operands finer than the currency", () => {
    expectMoneyError(() => addAmounts("1.001", "1", 100), "PRECISION_EXCEEDED");
    expectMoneyError(() => subtractAmounts("1", "0.5", 1), "PRECISION_EXCEEDED");
    expectMoneyError(() => addAmounts("1", "x", 100), "INVALID_AMOUNT");
  });

  it("subtracting what was added gives the original back", () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt(), precisionArbitrary, (leftMinor, rightMinor, subunitToUnit) => {
        const left = fromMinorUnits(leftMinor, subunitToUnit);
        const right = fromMinorUnits(rightMinor, subunitToUnit);
        expect(subtractAmounts(addAmounts(left, right, subunitToUnit), right, subunitToUnit)).toBe(left);
      }),
    );
  });
});

describe("compareAmounts, isZero and negate", () => {
  it.each<[string, string, -1 | 0 | 1]>([
    ["1", "2", -1],
    ["2", "1", 1],
    ["1.5", "1.50", 0],
    ["-0", "0.000", 0],
    ["-1", "0", -1],
    ["0.000000000000000001", "0", 1],
    ["9007199254740993", "9007199254740992", 1],
    ["-10.1", "-10.09", -1],
    ["007", "7.0", 0],
  ])("compares %j with %j as %i", (left, right, result) => {
    expect(compareAmounts(left, right)).toBe(result);
  });

  it("rejects malformed operands", () => {
    expectMoneyError(() => compareAmounts("1e3", "1"), "INVALID_AMOUNT");
    expectMoneyError(() => isZero(""), "INVALID_AMOUNT");
    expectMoneyError(() => negate("--1"), "INVALID_AMOUNT");
  });

  it.each<[string, boolean]>([
    ["0", true],
    ["-0.00", true],
    ["0.000000000000000000", true],
    ["0.000000000000000001", false],
    ["-1", false],
  ])("isZero(%j) is %s", (amount, zero) => {
    expect(isZero(amount)).toBe(zero);
  });

  it.each<[string, string]>([
    ["10.50", "-10.50"],
    ["-10.50", "10.50"],
    ["0.00", "0.00"],
    ["-0.00", "0.00"],
    ["007", "-7"],
    ["123456789012345678901234567890", "-123456789012345678901234567890"],
  ])("negate(%j) is %j", (amount, negated) => {
    expect(negate(amount)).toBe(negated);
  });

  it("compare is antisymmetric and agrees with subtraction's sign", () => {
    fc.assert(
      fc.property(decimalArbitrary, decimalArbitrary, (left, right) => {
        expect(compareAmounts(left, right) + compareAmounts(right, left)).toBe(0);
        expect(compareAmounts(left, left)).toBe(0);
        expect(compareAmounts(negate(left), negate(right))).toBe(compareAmounts(right, left));
        const difference = subtractAmounts(left, right, 10n ** 20n);
        expect(compareAmounts(difference, "0")).toBe(compareAmounts(left, right));
      }),
    );
  });
});

describe("roundAmount", () => {
  it.each<[string, SubunitToUnit, Rounding, string]>([
    ["12.345", 100, "floor", "12.34"],
    ["12.345", 100, "ceil", "12.35"],
    ["12.345", 100, "halfEven", "12.34"],
    ["12.355", 100, "halfEven", "12.36"],
    ["12.345", 100, "halfUp", "12.35"],
    ["-12.345", 100, "floor", "-12.35"],
    ["-12.345", 100, "ceil", "-12.34"],
    ["-12.345", 100, "halfEven", "-12.34"],
    ["-12.345", 100, "halfUp", "-12.35"],
    ["-0.001", 100, "halfUp", "0.00"],
    ["-0.001", 100, "floor", "-0.01"],
    ["12.3", 100, "floor", "12.30"],
    ["2.5", 1, "halfEven", "2"],
    ["3.5", 1, "halfEven", "4"],
  ])("%j at %s rounded %s is %j", (amount, subunitToUnit, rounding, rounded) => {
    expect(roundAmount(amount, subunitToUnit, rounding)).toBe(rounded);
  });

  it("rejects an unknown rounding mode", () => {
    expectMoneyError(() => roundAmount("1", 100, "nearest" as Rounding), "INVALID_ROUNDING");
  });
});

describe("multiplyAmountByRate", () => {
  it.each<[string, string, SubunitToUnit, Rounding, string]>([
    ["100", "0.0000153", 10n ** 8n, "halfEven", "0.00153000"],
    ["0.5", "91234.5", 100, "halfEven", "45617.25"],
    ["0.00000001", "91234.5", 100, "floor", "0.00"],
    ["0.00000001", "91234.5", 100, "ceil", "0.01"],
    ["1.005", "1", 100, "halfEven", "1.00"],
    ["1.005", "1", 100, "halfUp", "1.01"],
    ["-1.005", "1", 100, "halfUp", "-1.01"],
    ["-1.005", "1", 100, "floor", "-1.01"],
    ["-1.005", "1", 100, "ceil", "-1.00"],
    ["1.5", "3", 1, "halfEven", "4"],
    ["123456789.123456789012345678", "2", 10n ** 18n, "floor", "246913578.246913578024691356"],
    ["9007199254740993", "1.1", 100, "halfEven", "9907919180215092.30"],
  ])("%j × %j at %s rounded %s is %j", (amount, rate, subunitToUnit, rounding, result) => {
    expect(multiplyAmountByRate(amount, rate, subunitToUnit, rounding)).toBe(result);
  });

  it.each<[unknown, unknown, SubunitToUnit, unknown, MoneyErrorCode]>([
    ["1", "0", 100, "floor", "INVALID_RATE"],
    ["1", "-1.5", 100, "floor", "INVALID_RATE"],
    ["1", "1e-5", 100, "floor", "INVALID_RATE"],
    ["1", 1.5, 100, "floor", "INVALID_RATE"],
    ["1.", "1", 100, "floor", "INVALID_AMOUNT"],
    ["1", "1", 7, "floor", "INVALID_SUBUNIT"],
    ["1", "1", 100, "round", "INVALID_ROUNDING"],
  ])("rejects %j × %j at %s %j with %s", (amount, rate, subunitToUnit, rounding, code) => {
    expectMoneyError(
      () => multiplyAmountByRate(amount as string, rate as string, subunitToUnit, rounding as Rounding),
      code,
    );
  });

  it("floor ≤ halfEven, halfUp ≤ ceil and ceil - floor is at most one minor unit", () => {
    fc.assert(
      fc.property(decimalArbitrary, decimalArbitrary, precisionArbitrary, (amount, rawRate, subunitToUnit) => {
        fc.pre(!isZero(rawRate));
        const rate = rawRate.startsWith("-") ? negate(rawRate) : rawRate;
        const [floor, ceil, halfEven, halfUp] = (["floor", "ceil", "halfEven", "halfUp"] as const).map((rounding) =>
          toMinorUnits(multiplyAmountByRate(amount, rate, subunitToUnit, rounding), subunitToUnit),
        ) as [bigint, bigint, bigint, bigint];
        expect(ceil - floor === 0n || ceil - floor === 1n).toBe(true);
        for (const rounded of [halfEven, halfUp]) {
          expect(rounded >= floor && rounded <= ceil).toBe(true);
        }
      }),
    );
  });
});

describe("convertAmount", () => {
  const usdRated: RatedCurrency = { rate: "1", subunitToUnit: 100 };
  const btcRated: RatedCurrency = { rate: "91234.5", subunitToUnit: 10n ** 8n };
  const ethRated: RatedCurrency = { rate: "3456.78", subunitToUnit: 10n ** 18n };
  const jpyRated: RatedCurrency = { rate: "0.0067", subunitToUnit: 1 };

  it.each<[string, RatedCurrency, RatedCurrency, Rounding, string]>([
    ["100.00", usdRated, btcRated, "halfEven", "0.00109608"],
    ["100.00", usdRated, btcRated, "floor", "0.00109607"],
    ["100.00", usdRated, btcRated, "ceil", "0.00109608"],
    ["1", btcRated, usdRated, "halfEven", "91234.50"],
    ["0.5", btcRated, ethRated, "floor", "13.196457396768090535"],
    ["1000", jpyRated, usdRated, "halfEven", "6.70"],
    ["6.70", usdRated, jpyRated, "halfEven", "1000"],
    ["-1", btcRated, usdRated, "halfEven", "-91234.50"],
    ["0", btcRated, usdRated, "halfEven", "0.00"],
    // beyond 2^53 minor units: 21 million BTC in wei-priced ETH
    ["21000000", btcRated, ethRated, "floor", "554251210.664259802475135820"],
  ])("%j from %o to %o rounded %s is %j", (amount, from, to, rounding, result) => {
    expect(convertAmount(amount, from, to, rounding)).toBe(result);
  });

  it("rounds once, at the end, not via an intermediate base amount", () => {
    // Through a 2-decimal base amount 0.00000001 BTC would become 0.00 USD and then 0 JPY.
    expect(convertAmount("0.00000001", btcRated, jpyRated, "ceil")).toBe("1");
    expect(convertAmount("0.00000001", btcRated, jpyRated, "floor")).toBe("0");
  });

  it("rejects bad input", () => {
    expectMoneyError(() => convertAmount("1.001", usdRated, btcRated, "floor"), "PRECISION_EXCEEDED");
    expectMoneyError(() => convertAmount("1", { rate: "0", subunitToUnit: 100 }, btcRated, "floor"), "INVALID_RATE");
    expectMoneyError(() => convertAmount("1", usdRated, { rate: "0", subunitToUnit: 100 }, "floor"), "INVALID_RATE");
    expectMoneyError(() => convertAmount("1", usdRated, { rate: "1", subunitToUnit: 3 }, "floor"), "INVALID_SUBUNIT");
    expectMoneyError(() => convertAmount("abc", usdRated, btcRated, "floor"), "INVALID_AMOUNT");
    expectMoneyError(() => convertAmount("1", usdRated, btcRated, "up" as Rounding), "INVALID_ROUNDING");
  });

  const rateArbitrary = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
    .map(([unscaled, scale]) => fromMinorUnits(unscaled, 10n ** BigInt(scale)).replace(/^0+(?=\d)/, ""));

  it("there and back stays within one minor unit when the target is at least as fine", () => {
    // Going through a coarser currency loses up to half its minor unit, which can be worth many
    // source minor units (a cent is thousands of satoshi); so the property only holds when one
    // target minor unit is worth no more than one source minor unit.
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
        precisionArbitrary,
        precisionArbitrary,
        rateArbitrary,
        rateArbitrary,
        (amountMinor, fromSubunit, toSubunit, fromRate, toRate) => {
          const from = { rate: fromRate, subunitToUnit: fromSubunit };
          const to = { rate: toRate, subunitToUnit: toSubunit };
          // value of one target minor unit ≤ value of one source minor unit, in exact integers:
          // toRate / toSubunit ≤ fromRate / fromSubunit
          const toMinorValue = toMinorUnits(toRate, 10n ** 10n) * BigInt(fromSubunit);
          const fromMinorValue = toMinorUnits(fromRate, 10n ** 10n) * BigInt(toSubunit);
          fc.pre(toMinorValue <= fromMinorValue);
          const amount = fromMinorUnits(amountMinor, fromSubunit);
          const there = convertAmount(amount, from, to, "halfEven");
          const back = convertAmount(there, to, from, "halfEven");
          const drift = toMinorUnits(back, fromSubunit) - amountMinor;
          expect(drift >= -1n && drift <= 1n).toBe(true);
        },
      ),
    );
  });

  it("agrees with multiplyAmountByRate when the target is the base currency", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), rateArbitrary, (amountMinor, rate) => {
        const amount = fromMinorUnits(amountMinor, BTC.subunitToUnit);
        for (const rounding of ROUNDINGS) {
          expect(convertAmount(amount, { rate, subunitToUnit: BTC.subunitToUnit }, usdRated, rounding)).toBe(
            multiplyAmountByRate(amount, rate, usdRated.subunitToUnit, rounding),
          );
        }
      }),
    );
  });
});
