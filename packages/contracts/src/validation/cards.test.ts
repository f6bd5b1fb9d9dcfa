import { describe, expect, it } from "vitest";
import { SANDBOX_TEST_CARDS } from "../payment/sandbox.ts";
import { PAYMENT_FIELD_RULES } from "../payment/methods.ts";
import { cardExpiryProblem, isValidCardNumber } from "./cards.ts";
import { validateForm } from "./rules.ts";

const MAY_2031 = { year: 2031, month: 5, day: 31 };

describe("card numbers", () => {
  it("accept a correct check digit (the sandbox's test cards among them)", () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) expect(isValidCardNumber(number), number).toBe(true);
    expect(isValidCardNumber("5555555555554444")).toBe(true);
    expect(isValidCardNumber("378282246310005")).toBe(true);
  });

  it("refuse a mistyped digit, swapped neighbours and anything but 12-19 digits", () => {
    expect(isValidCardNumber("4111111111111112")).toBe(false);
    expect(isValidCardNumber("4111111111111121")).toBe(false);
    expect(isValidCardNumber("4111 1111 1111 1111")).toBe(false);
    expect(isValidCardNumber("00000000000")).toBe(false);
    expect(isValidCardNumber(4111111111111111)).toBe(false);
  });
});

describe("card expiry", () => {
  it("is valid through the last day of its month", () => {
    expect(cardExpiryProblem("05/31", MAY_2031)).toBeNull();
    expect(cardExpiryProblem("01/40", MAY_2031)).toBeNull();
    expect(cardExpiryProblem("04/31", MAY_2031)).toBe("expired");
    expect(cardExpiryProblem("12/30", MAY_2031)).toBe("expired");
  });

  it("needs a real month written MM/YY", () => {
    for (const value of ["13/31", "00/31", "5/31", "0531", "05/2031", ""]) expect(cardExpiryProblem(value, MAY_2031), value).toBe("format");
  });
});

describe("the payment form's card rules (browser and server alike)", () => {
  const rules = { cardNumber: PAYMENT_FIELD_RULES.cardNumber, cardExpiry: PAYMENT_FIELD_RULES.cardExpiry };

  it("name the problem with the card's own messages", () => {
    const errors = validateForm({ cardNumber: "4111111111111112", cardExpiry: "04/31" }, rules, { today: "2031-05-01" });
    expect(errors.cardNumber?.map((issue) => issue.key)).toEqual(["validations.cardNumber"]);
    expect(errors.cardExpiry?.map((issue) => issue.key)).toEqual(["validations.cardExpired"]);
    expect(validateForm({ cardExpiry: "13/31" }, rules, { today: "2031-05-01" }).cardExpiry?.[0]?.key).toBe("validations.cardExpiry");
    expect(validateForm({ cardNumber: SANDBOX_TEST_CARDS.success, cardExpiry: "05/31" }, rules, { today: "2031-05-31" })).toEqual({});
  });
});
