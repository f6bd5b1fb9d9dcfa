import type { Currency } from "@playfair/contracts/settings";
import { describe, expect, it } from "vitest";
import { createMethodCatalogue, METHOD_DEFINITIONS, niceAmount } from "./method-catalogue.ts";

function currency(code: string, type: "fiat" | "crypto", rate: string, subunitToUnit: string): Currency {
  return { code, type, symbol: code, rate: { value: rate }, subunitToUnit, subCurrencies: [], isEnabled: true, isBase: code === "USD", isVisible: true };
}

const USD = currency("USD", "fiat", "1", "100");
const EUR = currency("EUR", "fiat", "1.08", "100");
const UZS = currency("UZS", "fiat", "0.000079", "100");
const BTC = currency("BTC", "crypto", "64250.5", "100000000");
const catalogue = createMethodCatalogue({ baseCurrency: () => USD, sandboxEnabled: true });

describe("nice amounts", () => {
  it("rounds to 1, 2 or 5 times a power of ten in the asked direction", () => {
    expect(niceAmount("9.26", "up", "100")).toBe("10.00");
    expect(niceAmount("4629.63", "down", "100")).toBe("2000.00");
    expect(niceAmount("12", "up", "100")).toBe("20.00");
    expect(niceAmount("20", "up", "100")).toBe("20.00");
    expect(niceAmount("0.000155", "up", "100000000")).toBe("0.00020000");
    expect(niceAmount("0.0778", "down", "100000000")).toBe("0.05000000");
  });

  it("never goes below the currency's smallest unit or off its precision", () => {
    expect(niceAmount("0.004", "up", "100")).toBe("0.01");
    expect(niceAmount("0.004", "down", "100")).toBe("0.01");
    expect(niceAmount("0.3", "up", "1")).toBe("1");
    expect(niceAmount("0", "up", "100")).toBe("0.01");
  });
});

describe("method catalogue", () => {
  it("converts each method's range into the currency and keeps presets inside it", () => {
    const card = catalogue.find("sandbox.deposit.card", EUR, null)!.view;
    expect(card.amount).toEqual({ min: "10.00", max: "2000.00" });
    expect(card.presets).toEqual(["20.00", "50.00", "100.00", "200.00"]);
    const uzcard = catalogue.find("sandbox.deposit.uzcard", UZS, "UZ")!.view;
    expect(uzcard.amount).toEqual({ min: "100000.00", max: "20000000.00" });
    const bitcoin = catalogue.find("sandbox.deposit.crypto-btc", BTC, null)!.view;
    expect(bitcoin.amount).toEqual({ min: "0.00020000", max: "0.20000000" });
  });

  it("puts manual agents first, filters by currency, country and direction", () => {
    const groups = catalogue.groups("deposit", EUR, "DE");
    expect(groups[0]?.paymentMethods[0]?.isManualAgent).toBe(true);
    expect(groups.map((group) => group.code)).toEqual(["cash-agent", "cards", "bank", "e-wallets"]);
    expect(catalogue.find("sandbox.deposit.pix", EUR, null)).toBeNull();
    expect(catalogue.find("sandbox.deposit.sofort", EUR, "FR")).toBeNull();
    expect(catalogue.find("sandbox.withdrawal.sofort", EUR, null)).toBeNull();
    expect(catalogue.find("sandbox.deposit.crypto-btc", EUR, null)).toBeNull();
  });

  it("covers every kind of the spec's list, each with a unique code and only known popular keys", () => {
    const kinds = METHOD_DEFINITIONS.map((definition) => definition.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of ["cash-agent", "crypto-btc", "crypto-eth", "crypto-usdt", "crypto-ton", "card", "upi", "pix", "sepa", "blik", "sofort", "skrill", "mobile-operator"]) {
      expect(kinds).toContain(kind);
    }
    const card = catalogue.find("sandbox.deposit.card", EUR, null)!.view;
    expect(card.fields.find((field) => field.name === "cardNumber")?.rules[0]).toEqual({ rule: "required" });
  });
});
