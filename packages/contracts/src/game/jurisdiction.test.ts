import { describe, expect, it } from "vitest";
import { ageOn, JurisdictionRulesSchema, mayCelebrate, stakeCapBandFor, UK_JURISDICTION_RULES } from "./jurisdiction.ts";

const UK = UK_JURISDICTION_RULES.stakeCaps;

describe("a player's age from the birthdate", () => {
  it("counts whole years and turns on the birthday itself", () => {
    expect(ageOn("2001-06-15", new Date("2026-06-14T23:59:59Z"))).toBe(24);
    expect(ageOn("2001-06-15", new Date("2026-06-15T00:00:00Z"))).toBe(25);
    expect(ageOn("2004-02-29", new Date("2026-02-28T12:00:00Z"))).toBe(21);
  });

  it("is unknown without a readable birthdate", () => {
    expect(ageOn(null, new Date())).toBeNull();
    expect(ageOn("15/06/2001", new Date())).toBeNull();
  });
});

describe("the UK's stake cap band", () => {
  it("caps 18-24 at GBP 2 and 25 and over at GBP 5", () => {
    expect(stakeCapBandFor(UK, 18)?.amount).toBe("2.00");
    expect(stakeCapBandFor(UK, 24)?.amount).toBe("2.00");
    expect(stakeCapBandFor(UK, 25)?.amount).toBe("5.00");
    expect(stakeCapBandFor(UK, 70)).toEqual({ minAge: 25, amount: "5.00", currency: "GBP" });
  });

  it("takes the strictest band when the age is unknown or below every band", () => {
    expect(stakeCapBandFor(UK, null)?.amount).toBe("2.00");
    expect(stakeCapBandFor(UK, 16)?.amount).toBe("2.00");
    expect(stakeCapBandFor([], 30)).toBeNull();
  });
});

describe("a profile's rules", () => {
  it("accepts the UK's and refuses bands in two currencies or twice the same age", () => {
    expect(JurisdictionRulesSchema.safeParse(UK_JURISDICTION_RULES).success).toBe(true);
    expect(JurisdictionRulesSchema.safeParse({ ...UK_JURISDICTION_RULES, stakeCaps: [UK[0], { ...UK[1], currency: "EUR" }] }).success).toBe(false);
    expect(JurisdictionRulesSchema.safeParse({ ...UK_JURISDICTION_RULES, stakeCaps: [UK[0], { ...UK[1], minAge: 18 }] }).success).toBe(false);
    expect(JurisdictionRulesSchema.safeParse({ ...UK_JURISDICTION_RULES, categories: ["pokies"] }).success).toBe(false);
  });

  it("celebrates only a return above the stake under a profile that says so", () => {
    expect(mayCelebrate({ celebrateOnlyAboveStake: true }, "1.00", "1.00")).toBe(false);
    expect(mayCelebrate({ celebrateOnlyAboveStake: true }, "1.00", "0.40")).toBe(false);
    expect(mayCelebrate({ celebrateOnlyAboveStake: true }, "1.00", "1.01")).toBe(true);
    expect(mayCelebrate(null, "1.00", "0.40")).toBe(true);
    expect(mayCelebrate(null, "1.00", "0")).toBe(false);
  });
});
