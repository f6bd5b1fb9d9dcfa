// Payment card checks both sides run before a card is sent anywhere: the number's check digit
// (Luhn, ISO/IEC 7812) catches a mistyped digit or two swapped neighbours, and the expiry must be
// a real month that has not ended. A card is valid through the last day of its expiry month.
import type { CalendarDate } from "./dates.ts";

const CARD_NUMBER = /^\d{12,19}$/;
const CARD_EXPIRY = /^(\d{2})\/(\d{2})$/;

/** 12 to 19 digits whose last digit is the Luhn check digit of the others. */
export function isValidCardNumber(value: unknown): boolean {
  if (typeof value !== "string" || !CARD_NUMBER.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < value.length; index += 1) {
    let digit = value.charCodeAt(value.length - 1 - index) - 48;
    // Every second digit from the right is doubled; a two-digit result counts as its digit sum.
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardExpiryProblem = "format" | "expired";

/** "MM/YY" with a month 01-12 that has not ended on `today`; years are 20YY. */
export function cardExpiryProblem(value: unknown, today: CalendarDate): CardExpiryProblem | null {
  const match = typeof value === "string" ? CARD_EXPIRY.exec(value) : null;
  if (!match) return "format";
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return "format";
  return year < today.year || (year === today.year && month < today.month) ? "expired" : null;
}
