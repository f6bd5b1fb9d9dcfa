// Brazilian individual taxpayer number (CPF): nine digits and two check digits, each a weighted
// sum modulo 11 as defined by the Receita Federal. Written plain ("52998224725") or punctuated
// ("529.982.247-25"); partial punctuation is tolerated because people type it that way.

const CPF_PATTERN = /^(\d{3})\.?(\d{3})\.?(\d{3})-?(\d{2})$/;

/** The eleven digits of a well-formed CPF (check digits not verified), else undefined. */
export function cpfDigits(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = CPF_PATTERN.exec(value);
  return match ? match.slice(1).join("") : undefined;
}

function checkDigit(digits: readonly number[], firstWeight: number): number {
  let sum = 0;
  digits.forEach((digit, index) => {
    sum += digit * (firstWeight - index);
  });
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

export function isValidCpf(value: unknown): boolean {
  const digitString = cpfDigits(value);
  if (digitString === undefined) return false;
  // 000.000.000-00 ... 999.999.999-99 pass the arithmetic but are never issued.
  if (/^(\d)\1{10}$/.test(digitString)) return false;
  const digits = [...digitString].map(Number);
  const first = checkDigit(digits.slice(0, 9), 10);
  const second = checkDigit(digits.slice(0, 10), 11);
  return digits[9] === first && digits[10] === second;
}

/** The eleven digits to store ("52998224725") when the CPF is valid, else undefined. */
export function normalizeCpf(value: unknown): string | undefined {
  return isValidCpf(value) ? cpfDigits(value) : undefined;
}
