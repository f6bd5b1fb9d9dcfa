import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { VALIDATION_MESSAGES_RU } from "./messages.ru.ts";
import { validateForm } from "./rules.ts";
import { FIELD_RULES, mergeRequiredFields } from "./fields.ts";
import { zodForFields } from "./form-schema.ts";

const REGISTRATION = ["email", "password", "password_confirmation", "nickname", "agreements", "receiveEmailPromo", "age", "birthdate", "country", "phone"] as const;

function fieldMessages(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) (messages[issue.path.join(".")] ??= []).push(issue.message);
  return messages;
}

describe("zodForFields", () => {
  const schema = zodForFields(REGISTRATION, ["email", "password", "agreements"], { today: "2024-06-15" });

  it("parses a valid body into typed values: flags to booleans, age to a number, unknown keys dropped", () => {
    const result = schema.safeParse({
      email: "player@example.com",
      password: "s3cret-pass",
      password_confirmation: "s3cret-pass",
      nickname: "lucky_ace",
      agreements: "on",
      receiveEmailPromo: "0",
      age: "30",
      birthdate: "1994-01-31",
      country: "BR",
      phone: "(11) 98765-4321",
      isAdmin: true,
    });
    expect(result).toEqual({
      success: true,
      data: {
        email: "player@example.com",
        password: "s3cret-pass",
        password_confirmation: "s3cret-pass",
        nickname: "lucky_ace",
        agreements: true,
        receiveEmailPromo: false,
        age: 30,
        birthdate: "1994-01-31",
        country: "BR",
        phone: "(11) 98765-4321",
      },
    });
    expectTypeOf<z.output<typeof schema>>().toEqualTypeOf<{
      email?: string;
      password?: string;
      password_confirmation?: string;
      nickname?: string;
      agreements?: boolean;
      receiveEmailPromo?: boolean;
      age?: number;
      birthdate?: string;
      country?: string;
      phone?: string;
    }>();
  });

  it("reports every field's problem at once, with the same messages as validateForm", () => {
    const body = { email: "nope", password: "short", password_confirmation: "different", nickname: "x y", agreements: false, age: "2.5", birthdate: "2023-02-29" };
    const result = schema.safeParse(body);
    expect(fieldMessages(result)).toEqual({
      email: ["Value is not a valid email address"],
      password: ["This field should be at least 8 characters long"],
      password_confirmation: ["The value must be equal to the password value"],
      nickname: ["The value may only contain letters, digits, underscores and hyphens"],
      agreements: ["This field must be accepted"],
      age: ["Value is not an integer"],
      birthdate: ["The value is not a valid date"],
    });
    const rules = mergeRequiredFields(FIELD_RULES, ["email", "password", "agreements"]);
    const direct = validateForm(body, Object.fromEntries(REGISTRATION.map((name) => [name, rules[name] ?? []])));
    expect(Object.keys(direct).sort()).toEqual(Object.keys(fieldMessages(result)).sort());
  });

  it("carries the translation key and params on each issue", () => {
    const result = schema.safeParse({ email: "a@b.co", password: "short", agreements: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({
        code: "custom",
        path: ["password"],
        params: { rule: "min", key: "validations.minLength", params: { min: 8 } },
      }),
    );
  });

  it("requires the fields the table requires plus those the server lists, and only those", () => {
    expect(fieldMessages(schema.safeParse({}))).toEqual({
      email: ["Value is required"],
      password: ["Value is required"],
      password_confirmation: ["Value is required"],
      agreements: ["Value is required"],
    });
    const optional = zodForFields(["email", "city"]);
    expect(optional.safeParse({}).success).toBe(true);
    expect(optional.safeParse({ email: null, city: null })).toEqual({ success: true, data: {} });
    expect(fieldMessages(zodForFields(["city"], ["city"]).safeParse({ city: "  " }))).toEqual({ city: ["Value is required"] });
  });

  it("rejects wrong types with the rule messages and still checks the other fields", () => {
    expect(fieldMessages(schema.safeParse({ email: 42, password: "short", password_confirmation: "short", agreements: "maybe", age: true }))).toEqual({
      email: ["The value must be text"],
      password: ["This field should be at least 8 characters long"],
      agreements: ["The value must be true or false"],
      age: ["Value must be numeric"],
    });
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse([]).success).toBe(false);
  });

  it("writes messages in the catalogue it is given", () => {
    const russian = zodForFields(["password"], ["password"], { messages: VALIDATION_MESSAGES_RU });
    expect(fieldMessages(russian.safeParse({ password: "short" }))).toEqual({ password: ["Это поле должно содержать не менее 8 символов"] });
  });

  it("has an input JSON schema for the API documentation", () => {
    const jsonSchema = z.toJSONSchema(zodForFields(["email", "agreements", "age"]), { io: "input" });
    expect(jsonSchema).toMatchObject({
      type: "object",
      properties: { email: { type: ["string", "null"] }, age: { type: ["number", "string", "null"] } },
    });
  });
});
