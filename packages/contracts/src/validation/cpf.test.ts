import { describe, expect, it } from "vitest";
import { cpfDigits, isValidCpf, normalizeCpf } from "./cpf.ts";

/** Builds a CPF with correct check digits from nine digits, independently of cpf.ts. */
function withCheckDigits(nine: string): string {
  const digits = [...nine].map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const remainder = sum % 11;
    digits.push(remainder < 2 ? 0 : 11 - remainder);
  }
  return digits.join("");
}

describe("CPF", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09", "935.411.347-80"])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ["a wrong first check digit", "529.982.247-35"],
    ["a wrong second check digit", "529.982.247-26"],
    ["repeated digits", "111.111.111-11"],
    ["repeated zeros", "000.000.000-00"],
    ["repeated nines, unpunctuated", "99999999999"],
    ["ten digits", "5299822472"],
    ["twelve digits", "529982247255"],
    ["letters", "529.982.24a-25"],
    ["other punctuation", "529 982 247 25"],
    ["surrounding spaces", " 529.982.247-25"],
  ])("rejects %s (%s)", (_reason, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it("agrees with an independent computation of the check digits", () => {
    for (const nine of ["000000001", "123456789", "987654321", "529982247", "100000000", "314159265"]) {
      const cpf = withCheckDigits(nine);
      expect(isValidCpf(cpf)).toBe(!/^(\d)\1{10}$/.test(cpf));
      const wrong = cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10);
      expect(isValidCpf(wrong)).toBe(false);
    }
  });

  it("extracts and normalizes the digits", () => {
    expect(cpfDigits("529.982.247-25")).toBe("52998224725");
    expect(normalizeCpf("529.982.247-25")).toBe("52998224725");
    expect(normalizeCpf("529.982.247-24")).toBeUndefined();
    expect(cpfDigits(52998224725)).toBeUndefined();
  });
});
