// Turns validation issues into text in the player's language. Client-side issues carry their
// translation key (zodForFields puts it in the issue's params); the server's 422 messages are the
// English catalogue texts (or a few domain messages), so they are matched back to their keys here.
import { VALIDATION_MESSAGE_NAMES, type ValidationMessageName } from "@playfair/contracts/validation/messages";
import { parseValidationMessage } from "@playfair/contracts/validation/parse-message";

export type IssueParams = Readonly<Record<string, string | number>>;

/**
 * A translate function over any namespace with `ns:key` keys. The catalogue-typed Translate of
 * i18next cannot take keys built at run time (validator names, field names), which these are.
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Any namespace's `t` as a Translate; they all accept `ns:key` keys at run time. */
export function asTranslate(t: unknown): Translate {
  return t as Translate;
}

/** The domain messages of the API (common brief), by the key under `accounts:serverErrors`. */
const SERVER_DOMAIN_MESSAGES = {
  emailTaken: "This e-mail address is already registered.",
  phoneTaken: "This phone number is already registered.",
  codeInvalid: "The code is incorrect or has expired.",
  nicknameTaken: "This nickname is taken.",
  currentPasswordIncorrect: "The current password is incorrect.",
  captchaUnsolved: "The captcha was not solved.",
  loginIncorrect: "The login or password is incorrect.",
} as const;
export type ServerDomainMessage = keyof typeof SERVER_DOMAIN_MESSAGES;

function isMessageName(value: unknown): value is ValidationMessageName {
  return typeof value === "string" && (VALIDATION_MESSAGE_NAMES as readonly string[]).includes(value);
}

/** The field's label for `{other}` ("The value must be equal to the Password value"). */
function otherFieldLabel(t: Translate, other: string | number | undefined): string | number | undefined {
  if (typeof other !== "string") return other;
  const key = `accounts:fields.${other}`;
  const label = t(key, { defaultValue: "" });
  return label === "" ? other : label;
}

/** A validator's message (`validations:{name}`) with its placeholders filled. */
export function translateValidation(t: Translate, name: ValidationMessageName, params: IssueParams = {}): string {
  const values: Record<string, string | number> = { ...params };
  if ("other" in params) values.other = otherFieldLabel(t, params.other) ?? "";
  return t(`validations:${name}`, values);
}

/** `validations.minLength` (the key zodForFields puts in an issue) -> `minLength`. */
export function messageNameFromKey(key: unknown): ValidationMessageName | undefined {
  if (typeof key !== "string") return undefined;
  const name = key.startsWith("validations.") ? key.slice("validations.".length) : key;
  return isMessageName(name) ? name : undefined;
}

/**
 * A message from a 422 answer in the player's language: a catalogue validator, a known domain
 * message, or (for anything else) the server's own text, which is better than nothing.
 */
export function translateServerMessage(t: Translate, message: string): string {
  const domain = (Object.keys(SERVER_DOMAIN_MESSAGES) as ServerDomainMessage[]).find((key) => SERVER_DOMAIN_MESSAGES[key] === message.trim());
  if (domain) return t(`accounts:serverErrors.${domain}`);
  const validation = parseValidationMessage(message);
  if (validation) return translateValidation(t, validation.name, validation.params);
  return message;
}
