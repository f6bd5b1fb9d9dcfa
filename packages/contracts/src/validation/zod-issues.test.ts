import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodIssueMessage } from "./zod-issues.ts";

function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value, { error: zodIssueMessage });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join(".") || "_", issue.message]));
}

const Registration = z.object({
  country: z.string(),
  agreements: z.union([z.boolean(), z.string()]),
  age: z.int(),
  amount: z.number(),
  tags: z.array(z.string()),
  kind: z.enum(["deposit", "withdrawal"]),
});

describe("zod issues in the spec's words", () => {
  it("says a missing value is required, whatever its type", () => {
    expect(messages(Registration, {})).toEqual({
      country: "Value is required",
      agreements: "Value is required",
      age: "Value is required",
      amount: "Value is required",
      tags: "Value is required",
      kind: "Value is required",
    });
    expect(messages(Registration, { country: null, agreements: null, age: null, amount: null, tags: null, kind: null }).country).toBe("Value is required");
  });

  it("names the expected type's rule for a wrongly typed value", () => {
    expect(messages(Registration, { country: 49, agreements: 5, age: "x", amount: "ten", tags: "a", kind: 1 })).toEqual({
      country: "The value must be text",
      agreements: "The value must be true or false",
      age: "Value is not an integer",
      amount: "Value must be numeric",
      tags: "The value must be a list",
      kind: "The value format is invalid",
    });
    expect(messages(z.object({ age: z.int() }), { age: 1.5 })).toEqual({ age: "Value is not an integer" });
  });

  it("gives lengths, bounds and formats their catalogue messages with the limits filled in", () => {
    const schema = z.object({
      password: z.string().min(8),
      nickname: z.string().max(24),
      name: z.string().min(1),
      stake: z.number().min(1).max(100),
      ids: z.array(z.string()).min(2).max(3),
      email: z.email(),
      site: z.url(),
      ip: z.ipv4(),
      birthdate: z.iso.date(),
      code: z.string().regex(/^\d+$/),
    });
    expect(
      messages(schema, { password: "short", nickname: "n".repeat(25), name: "", stake: 0, ids: ["a"], email: "x", site: "not a url", ip: "1.2.3", birthdate: "2020-13-40", code: "abc" }),
    ).toEqual({
      password: "This field should be at least 8 characters long",
      nickname: "The maximum length allowed is 24",
      name: "Value is required",
      stake: "The minimum value allowed is 1",
      ids: "Choose at least 2 items",
      email: "Value is not a valid email address",
      site: "The value is not a valid URL address",
      ip: "The value is not a valid IP address",
      birthdate: "The value is not a valid date",
      code: "The value format is invalid",
    });
    expect(messages(z.object({ stake: z.number().max(100), ids: z.array(z.string()).max(1) }), { stake: 101, ids: ["a", "b"] })).toEqual({
      stake: "The maximum value allowed is 100",
      ids: "Choose at most 1 items",
    });
  });

  it("says a missing discriminator is required", () => {
    const schema = z.discriminatedUnion("kind", [z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b") })]);
    expect(messages(schema, {})).toEqual({ kind: "Value is required" });
    expect(messages(schema, { kind: "c" })).toEqual({ kind: "The value format is invalid" });
  });

  it("leaves a schema's own message alone", () => {
    expect(messages(z.object({ currency: z.string().regex(/^[A-Z]{3}$/, "Expected an upper-case currency code") }), { currency: "usd" })).toEqual({
      currency: "Expected an upper-case currency code",
    });
  });
});
