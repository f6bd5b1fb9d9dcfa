import { describe, expect, it } from "vitest";
import { compareRatios, formatPercent, formatScaled, ratio } from "./exact.ts";
import { multiplierFromUnits, multiplierRatio, payoutMinorUnits } from "./multiplier.ts";

describe("multipliers and payouts, never floats", () => {
  it("writes multipliers as exact decimals and reads them back as exact fractions", () => {
    expect(multiplierFromUnits(198, 2)).toBe("1.98");
    expect(multiplierFromUnits(5n, 4)).toBe("0.0005");
    expect(multiplierFromUnits(36, 0)).toBe("36");
    expect(multiplierRatio("1.9605")).toEqual(ratio(19_605n, 10_000n));
    expect(multiplierRatio("0")).toEqual(ratio(0n));
  });

  it("pays floor(stake x multiplier) in minor units: a fraction of a minor unit is never paid", () => {
    expect(payoutMinorUnits(1_000n, "1.98")).toBe(1_980n);
    expect(payoutMinorUnits(1n, "1.9605")).toBe(1n);
    expect(payoutMinorUnits(333n, "0.30")).toBe(99n);
    // 0.1 + 0.2 style float errors cannot happen: 3 x 0.1 stays 0.3 of 10^18 wei.
    expect(payoutMinorUnits(3n * 10n ** 17n, "1.0000")).toBe(3n * 10n ** 17n);
    expect(payoutMinorUnits(10n ** 18n, "9900.9900")).toBe(9_900_990_000_000_000_000_000n);
    expect(payoutMinorUnits(12_345n, "0")).toBe(0n);
  });

  it("refuses a negative stake, a negative multiplier and anything that is not a plain decimal", () => {
    expect(() => payoutMinorUnits(-1n, "2")).toThrow(RangeError);
    expect(() => multiplierFromUnits(-1, 2)).toThrow(RangeError);
    for (const bad of ["1e3", "-2", ".5", "2.", " 2", "NaN"]) expect(() => multiplierRatio(bad)).toThrow(RangeError);
  });
});

describe("exact fractions", () => {
  it("compares, formats and keeps fractions in lowest terms", () => {
    expect(ratio(6n, -4n)).toEqual({ numerator: -3n, denominator: 2n });
    expect(compareRatios(ratio(99n, 100n), ratio(98_999_999n, 100_000_000n))).toBe(1);
    expect(formatPercent(ratio(36n, 37n), 4)).toBe("97.2972");
    expect(formatScaled(-5n, 2)).toBe("-0.05");
    expect(() => ratio(1n, 0n)).toThrow(RangeError);
  });
});
