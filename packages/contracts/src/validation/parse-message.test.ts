import { describe, expect, it } from "vitest";
import { parseValidationMessage } from "./parse-message.ts";

describe("an English validation message read back", () => {
  it("names its validator with the placeholder values", () => {
    expect(parseValidationMessage("This field should be at least 8 characters long")).toEqual({ name: "minLength", params: { min: "8" } });
    expect(parseValidationMessage("Value is required")).toEqual({ name: "required", params: {} });
    expect(parseValidationMessage("The value must be between 3 and 24 characters long")).toEqual({ name: "betweenLength", params: { min: "3", max: "24" } });
  });

  it("ignores surrounding spaces and a closing full stop", () => {
    expect(parseValidationMessage("  Value is required. ")).toEqual({ name: "required", params: {} });
  });

  it("leaves other texts alone", () => {
    expect(parseValidationMessage("Something else entirely")).toBeUndefined();
  });
});
