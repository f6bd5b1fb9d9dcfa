import { SUPPORTED_LOCALE_CODES } from "@playfair/contracts/constants";
import { formatValidationIssue, validateValue, type ValidationRule } from "@playfair/contracts/validation/rules";
import { parsePhone } from "@playfair/contracts/validation/phone";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";

// Field checks shared by the code, password and e-mail confirmation routes. Messages are the
// contracts' validation messages (the client translates them by validator) and the domain
// messages every accounts route uses.

export const EMAIL_TAKEN = "This e-mail address is already registered.";
export const PHONE_TAKEN = "This phone number is already registered.";
export const CAPTCHA_FAILED = "The captcha was not solved.";
export const CURRENT_PASSWORD_INCORRECT = "The current password is incorrect.";

export function fieldError(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, { fieldErrors: { [field]: [message] } });
}

/** The first failed rule of `value` as an error body message, or null when it passes. */
function firstRuleFailure(value: unknown, rules: readonly ValidationRule[]): string | null {
  const [issue] = validateValue(value, rules);
  return issue ? formatValidationIssue(issue) : null;
}

/**
 * A phone number as E.164, or a field error with the message of its parse error kind
 * (too short, too long, no country...). Numbers without "+" are read in `country` when known.
 */
export function requirePhone(value: unknown, country?: string | null, field = "phone"): string {
  const phoneRule: ValidationRule = country ? { rule: "phone", param: country } : { rule: "phone" };
  const failure = firstRuleFailure(value, [{ rule: "required" }, phoneRule]);
  if (failure) throw fieldError(field, failure);
  const parsed = parsePhone(value, country || undefined);
  if (!parsed.ok) throw fieldError(field, "The value is not a valid phone number");
  return parsed.e164;
}

/** A valid e-mail address, trimmed and lower-cased (addresses are one account whatever their case). */
export function requireEmail(value: unknown, field = "email"): string {
  const trimmed = typeof value === "string" ? value.trim() : value;
  const failure = firstRuleFailure(trimmed, [{ rule: "required" }, { rule: "email" }, { rule: "max", param: 254 }]);
  if (failure) throw fieldError(field, failure);
  return String(trimmed).toLowerCase();
}

/**
 * The language of a visitor who is not signed in, for the messages we send them: the first
 * site locale their browser asks for, else the default.
 */
export function requestLocale(request: FastifyRequest): string {
  const header = request.headers["accept-language"];
  if (typeof header !== "string") return "en";
  const supported: readonly string[] = SUPPORTED_LOCALE_CODES;
  const tags = header
    .split(",")
    .map((part) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), quality: quality === undefined ? 1 : Number(quality) };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const { tag } of tags) {
    if (supported.includes(tag)) return tag;
    const language = tag.split("-")[0] ?? "";
    if (supported.includes(language)) return language;
  }
  return "en";
}
