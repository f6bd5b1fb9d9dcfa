import { describe, expect, it } from "vitest";
import { FIELD_RULES, FORM_FIELD_NAMES, fieldValueKind, formFieldRules, isFormFieldName, mergeRequiredFields, rulesForField } from "./fields.ts";
import { validateForm, validateValue, type ValidationRule } from "./rules.ts";

function messagesFor(field: keyof typeof FIELD_RULES, value: unknown, values: Record<string, unknown> = {}): string[] {
  return validateValue(value, FIELD_RULES[field], { values: { ...values, [field]: value } }).map((issue) => issue.key);
}

describe("the per-field table of spec 5", () => {
  it("covers every form field of spec 3", () => {
    expect(Object.keys(FIELD_RULES).sort()).toEqual([...FORM_FIELD_NAMES].sort());
    expect(FORM_FIELD_NAMES).toHaveLength(38);
    expect(isFormFieldName("cpf_number")).toBe(true);
    expect(isFormFieldName("isAdmin")).toBe(false);
  });

  it.each<[keyof typeof FIELD_RULES, unknown[], [unknown, string][], Record<string, unknown>?]>([
    ["password", ["12345678", "", undefined], [["1234567", "validations.minLength"]]],
    ["password_confirmation", ["s3cret-pass"], [["", "validations.required"], ["s3cret-Pass", "validations.confirmed"]], { password: "s3cret-pass" }],
    ["currentPassword", ["x"], [["", "validations.required"], [undefined, "validations.required"]]],
    ["newPassword", ["12345678"], [["", "validations.required"], ["1234567", "validations.minLength"]]],
    ["repeatNewPassword", ["n3w-password"], [[undefined, "validations.required"], ["other-pass", "validations.confirmed"]], { newPassword: "n3w-password" }],
    ["firstName", ["Al", "Мария", ""], [["A", "validations.minLength"]]],
    ["lastName", ["Li", "मोहन"], [["L", "validations.minLength"]]],
    ["fullName", ["Ana Silva", "Mohammad Rezaei"], [["Ana", "validations.twoWords"], ["Ana Maria Silva", "validations.twoWords"], ["Maximilianoalejandro Fernándezsantos", "validations.maxLength"]]],
    ["nickname", ["ace", "lucky_ace-24", "a".repeat(24), "Игрок_1"], [["ab", "validations.betweenLength"], ["a".repeat(25), "validations.betweenLength"], ["lucky ace", "validations.alpha_dash"], ["ace!", "validations.alpha_dash"], ["lucky\u200Dace", "validations.notRegex"], ["lucky\u200Cace", "validations.notRegex"]]],
    ["email", ["player@example.com"], [["player@", "validations.email"]]],
    ["agreements", [true, "on", "yes", "1", 1, "true"], [[false, "validations.accepted"], [undefined, "validations.accepted"], ["no", "validations.accepted"]]],
    ["phone", ["+5511987654321", "(11) 98765-4321"], [["12", "validations.phoneTooShort"], ["+55 11 08765-4321", "validations.phone"]], { country: "BR" }],
    ["birthdate", ["1990-05-17", "2000-02-29"], [["1990-02-30", "validations.date"], ["17.05.1990", "validations.date"]]],
    ["personalIdNumber", ["AB", "12"], [["A", "validations.minLength"]]],
    ["age", ["25", 25, "-1"], [["25.5", "validations.integer"], ["twenty", "validations.integer"]]],
    ["cpf_number", ["529.982.247-25", "52998224725"], [["111.111.111-11", "validations.cpf"], ["529.982.247-26", "validations.cpf"]]],
    ["wallet_id", ["bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"], [["", "validations.required"], ["  ", "validations.required"]]],
  ])("%s", (field, valid, invalid, values = {}) => {
    for (const value of valid) expect(messagesFor(field, value, values), String(value)).toEqual([]);
    for (const [value, key] of invalid) expect(messagesFor(field, value, values), String(value)).toEqual([key]);
  });

  it("gives fields outside the table no rules", () => {
    for (const field of ["city", "gender", "country", "currency", "captcha", "bonusCode", "message", "receiveBonus"] as const) {
      expect(FIELD_RULES[field]).toEqual([]);
    }
    expect(rulesForField("unknownField")).toEqual([]);
    expect(rulesForField("constructor")).toEqual([]);
  });

  it("types checkboxes as flags and age as a number", () => {
    expect(fieldValueKind("agreements")).toBe("flag");
    expect(fieldValueKind("receiveSmsPromo")).toBe("flag");
    expect(fieldValueKind("age")).toBe("number");
    expect(fieldValueKind("email")).toBe("text");
  });
});

describe("mergeRequiredFields", () => {
  it("puts required first for each listed field and leaves the base untouched", () => {
    const merged = mergeRequiredFields(FIELD_RULES, ["email", "city", "password_confirmation"]);
    expect(merged.email).toEqual([{ rule: "required" }, { rule: "email" }]);
    expect(merged.city).toEqual([{ rule: "required" }]);
    expect(merged.password_confirmation).toEqual(FIELD_RULES.password_confirmation);
    expect(FIELD_RULES.email).toEqual([{ rule: "email" }]);
    expect(FIELD_RULES.city).toEqual([]);
  });

  it("adds fields the base does not know and ignores names that are not field names", () => {
    const merged = mergeRequiredFields({}, ["favouriteTeam", "", 42, null, "__proto__"]);
    expect(merged).toEqual({ favouriteTeam: [{ rule: "required" }] });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(mergeRequiredFields({ a: [] }, "ab" as unknown as string[])).toEqual({ a: [] });
  });

  it("makes a server-listed field required in the whole form", () => {
    const rules = mergeRequiredFields(FIELD_RULES, ["firstName", "birthdate"]);
    const formRules = { firstName: rules.firstName ?? [], birthdate: rules.birthdate ?? [] };
    expect(validateForm({ firstName: "", birthdate: "1990-01-01" }, formRules)).toMatchObject({ firstName: [{ key: "validations.required" }] });
    expect(validateForm({ firstName: "Al", birthdate: "1990-01-01" }, formRules)).toEqual({});
    const baseOnly: Record<string, readonly ValidationRule[]> = { firstName: FIELD_RULES.firstName };
    expect(validateForm({ firstName: "" }, baseOnly)).toEqual({});
  });
});

describe("formFieldRules", () => {
  it("keeps only the form's fields, with the server's required ones marked", () => {
    const rules = formFieldRules(["email", "password"], ["email", "city"]);
    expect(rules).toEqual({ email: [{ rule: "required" }, { rule: "email" }], password: [{ rule: "min", param: 8 }] });
    expect(validateForm({ email: "player@example.com", password: "s3cret-pass" }, rules)).toEqual({});
    expect(validateForm({ email: "player@example.com", password: "s3cret-pass" }, FIELD_RULES)).toHaveProperty("wallet_id");
  });
});
