import type { RegisterPhoneRequest, RegisterRequest, RegisterResponse } from "@playfair/contracts/player/auth";
import { EDITABLE_PROFILE_FIELDS, GENDERS, type EditableProfileField } from "@playfair/contracts/player/profile";
import type { FormFieldName } from "@playfair/contracts/validation/fields";
import { zodForFields } from "@playfair/contracts/validation/form-schema";
import { VALIDATION_MESSAGES_EN, formatValidationMessage } from "@playfair/contracts/validation/messages";
import { parsePhone } from "@playfair/contracts/validation/phone";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import { CAPTCHA_FAILED } from "../messaging/contact-fields.ts";
import type { Captcha } from "../auth/captcha.ts";
import type { OtpService } from "../auth/otp.service.ts";
import type { SessionService } from "../auth/session.service.ts";
import { sendEmailConfirmation } from "../auth/email-confirmation.ts";
import { hashPassword } from "../auth/passwords.ts";
import { insertFirstWalletAccount } from "../wallet/wallet.repository.ts";
import { NICKNAME_TAKEN, type PlayerService } from "./player.service.ts";
import { TEXT_FIELD_MAX_LENGTH, columnFor } from "../player/profile-view.ts";
import { insertPlayer, isNicknameTaken, selectPlayerByEmail, selectPlayerByPhone, type NewPlayerRow } from "../player/player.repository.ts";
import { assertRegistrationAllowed, countRegistration } from "./registration-allowance.ts";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import { COUNTRY_NOT_AVAILABLE, CURRENCY_NOT_AVAILABLE, referenceChecks, type ReferenceChecks } from "../player/reference-checks.ts";

const EMAIL_TAKEN = "This e-mail address is already registered.";
const PHONE_TAKEN = "This phone number is already registered.";
/**
 * Runs after a registration commits (the bonus engine applies the sign-up bonus code). Account sits
 * below bonus: it declares the listener and services.ts wires it. A failing listener is logged; the
 * registration stands.
 */
export type RegisteredListener = (event: { playerId: string; sessionId: string | null; client: { userAgent: string | null; ip: string | null } }) => Promise<void>;

type RegistrationContext = {
  db: AppDatabase;
  config: AppConfig;
  now: () => Date;
  logger: ServiceDependencies["logger"];
  onRegistered: RegisteredListener | undefined;
  services: { players: PlayerService; captcha: Captcha; otp: OtpService; sessions: SessionService };
  reference: ReferenceChecks;
};

export type Registration = { kind: "email"; body: RegisterRequest } | { kind: "phone"; body: RegisterPhoneRequest };

// Fields that registration stores through their own columns or not at all; every other enabled
// registration field that is a profile field (nickname, firstName, birthdate...) is stored as typed.
const HANDLED_SEPARATELY: ReadonlySet<string> = new Set([
  "email",
  "phone",
  "password",
  "password_confirmation",
  "country",
  "currency",
  "agreements",
  "captcha",
  "bonusCode",
  "language",
  "receiveEmailPromo",
  "receiveSmsPromo",
  "receiveBonus",
]);
const PROFILE_FIELDS: ReadonlySet<string> = new Set(EDITABLE_PROFILE_FIELDS);

function addError(errors: Record<string, string[]>, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** The fields this form validates: the operator's registration list adapted to e-mail or phone sign-up. */
function formFields(kind: Registration["kind"], listed: readonly FormFieldName[], listedRequired: readonly FormFieldName[]) {
  const identity: FormFieldName = kind === "email" ? "email" : "phone";
  const names = new Set<FormFieldName>(listed.filter((name) => name !== "captcha" && (kind === "phone" || name !== "phone")));
  // Without these there is no account to sign in to.
  for (const name of [identity, "password", "currency"] as const) names.add(name);
  const required = new Set<FormFieldName>(listedRequired.filter((name) => names.has(name)));
  for (const name of [identity, "password", "currency"] as const) required.add(name);
  // A phone sign-up may give an e-mail address too, never has to.
  if (kind === "phone") required.delete("email");
  return { names: [...names], required: [...required] };
}

/** POST /api/player/register and /register/phone: validates, creates player and first wallet account in one transaction, signs in. */
async function registerPlayer(context: RegistrationContext, registration: Registration, request: FastifyRequest, reply: FastifyReply): Promise<RegisterResponse> {
  const { db, config, services, reference } = context;
  const body = registration.body as Record<string, unknown>;
  // Before anything that costs: an address that used its allowance learns nothing more.
  await assertRegistrationAllowed(db, request.client.ip, context.now());
  const list = await services.players.fields.get("registration");
  const { names, required } = formFields(registration.kind, list.fields, list.required);

  const errors: Record<string, string[]> = {};
  const parsed = zodForFields(names, required).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) addError(errors, String(issue.path[0] ?? "_"), issue.message);
  }
  if (registration.kind === "phone" && !registration.body.code.trim()) addError(errors, "code", VALIDATION_MESSAGES_EN.required);
  if (!parsed.success || Object.keys(errors).length > 0) throw validationFailed(errors);
  const values = parsed.data as Record<string, string | boolean | undefined>;

  // Checks against reference data, still without touching player rows.
  const currency = String(values.currency).trim().toUpperCase();
  if (!(await reference.isEnabledCurrency(currency))) addError(errors, "currency", CURRENCY_NOT_AVAILABLE);
  const country = typeof values.country === "string" && values.country.trim() ? values.country.trim().toUpperCase() : null;
  if (country && !(await reference.isSelectableCountry(country))) addError(errors, "country", COUNTRY_NOT_AVAILABLE);
  const profileValues: Partial<Record<EditableProfileField, string>> = {};
  for (const name of names) {
    if (HANDLED_SEPARATELY.has(name) || !PROFILE_FIELDS.has(name)) continue;
    const field = name as EditableProfileField;
    const value = values[field];
    if (typeof value !== "string" || !value.trim()) continue;
    const text = value.trim();
    const limit = TEXT_FIELD_MAX_LENGTH[field];
    if (limit !== undefined && text.length > limit) addError(errors, field, formatValidationMessage(VALIDATION_MESSAGES_EN.maxLength, { max: limit }));
    else if (field === "gender" && !(GENDERS as readonly string[]).includes(text)) addError(errors, field, VALIDATION_MESSAGES_EN.regex);
    else if (field === "nationality" && !(await reference.isSelectableCountry(text.toUpperCase()))) addError(errors, field, COUNTRY_NOT_AVAILABLE);
    else if (field === "timeZone" && !reference.isTimeZone(text)) addError(errors, field, VALIDATION_MESSAGES_EN.regex);
    else profileValues[field] = field === "nationality" ? text.toUpperCase() : text;
  }
  let phone: string | null = null;
  if (typeof values.phone === "string" && values.phone.trim()) {
    const parsedPhone = parsePhone(values.phone, country ?? undefined);
    if (parsedPhone.ok) phone = parsedPhone.e164;
    else addError(errors, "phone", VALIDATION_MESSAGES_EN.phone);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  // The captcha last among the cheap checks: a typo should not cost the player a new puzzle, and
  // nothing below (the duplicate checks) is reachable without solving it.
  if (!(await services.captcha.verify(typeof body.captcha === "string" ? body.captcha : undefined, "registration", request))) {
    throw validationFailed({ captcha: [CAPTCHA_FAILED] });
  }

  const email = typeof values.email === "string" && values.email.trim() ? values.email.trim().toLowerCase() : null;
  const requestedLanguage = typeof body.language === "string" ? body.language.toLowerCase() : "";
  const language = requestedLanguage && (await reference.isEnabledLanguage(requestedLanguage)) ? requestedLanguage : "en";
  const passwordHash = await hashPassword(String(values.password), config.accounts.argon2);
  const at = context.now();

  const profileColumns: Partial<NewPlayerRow> = {};
  for (const [field, value] of Object.entries(profileValues)) (profileColumns as Record<string, string>)[columnFor(field as EditableProfileField)] = value;

  await services.sessions.ready();
  let registered: RegisterResponse & { sessionId: string | null };
  try {
    registered = await db.transaction(async (tx: DbExecutor) => {
      const duplicates: Record<string, string[]> = {};
      if (email && (await selectPlayerByEmail(tx, email))) addError(duplicates, "email", EMAIL_TAKEN);
      if (phone && (await selectPlayerByPhone(tx, phone))) addError(duplicates, "phone", PHONE_TAKEN);
      if (profileValues.nickname && (await isNicknameTaken(tx, profileValues.nickname))) addError(duplicates, "nickname", NICKNAME_TAKEN);
      if (Object.keys(duplicates).length > 0) throw validationFailed(duplicates);
      // Consumed in this transaction: a registration that fails later leaves the code usable.
      if (registration.kind === "phone" && phone) {
        await services.otp.consume({ channel: "sms", destination: phone, purpose: "registration", code: registration.body.code.trim(), executor: tx });
      }

      const playerId = await insertPlayer(tx, {
        ...profileColumns,
        email,
        phone,
        // The OTP just consumed proves the number.
        phoneVerifiedAt: registration.kind === "phone" ? at : null,
        passwordHash,
        passwordChangedAt: at,
        country,
        currency,
        language,
        receiveEmailPromo: values.receiveEmailPromo === true,
        receiveSmsPromo: values.receiveSmsPromo === true,
        receiveBonus: values.receiveBonus === true,
        registrationBonusCode: typeof body.bonusCode === "string" && body.bonusCode.trim() ? body.bonusCode.trim() : null,
        affiliateTag: registration.body.affiliateTag?.trim() || null,
        referrerId: registration.body.ref_id?.trim() || null,
        registrationIp: request.client.ip.slice(0, 45) || null,
        registrationCountry: request.client.country,
        createdAt: at,
        updatedAt: at,
      });
      await insertFirstWalletAccount(tx, playerId, currency);
      await countRegistration(tx, request.client.ip, config.accounts.registrationLimit, at);
      if (email) await sendEmailConfirmation(tx, { playerId, email, locale: language, origin: config.publicOrigin, now: at });
      const session = registration.body.skipLogin ? null : await services.sessions.signIn({ playerId, method: "registration", request, reply, executor: tx });
      return { session, playerId, emailConfirmationSent: email !== null, sessionId: session?.sessionId ?? null };
    });
  } catch (error) {
    // The session cookie of a registration that did not commit must not reach the browser.
    reply.removeHeader("set-cookie");
    if (error instanceof AppError) throw error;
    // Two registrations of one address at once: the unique index lets one through.
    switch (violatedUniqueIndex(error)) {
      case "players_email_unique":
        throw validationFailed({ email: [EMAIL_TAKEN] });
      case "players_phone_unique":
        throw validationFailed({ phone: [PHONE_TAKEN] });
      case "players_nickname_unique":
        throw validationFailed({ nickname: [NICKNAME_TAKEN] });
      default:
        throw error;
    }
  }
  const { sessionId, ...response } = registered;
  if (context.onRegistered) {
    await context
      .onRegistered({ playerId: response.playerId, sessionId, client: { userAgent: request.client.userAgent, ip: request.client.ip } })
      .catch((error: unknown) => context.logger.error({ err: error, playerId: response.playerId }, "after-registration step failed"));
  }
  return response;
}

export type RegistrationService = {
  /** POST /api/player/register and /register/phone. */
  registerPlayer(registration: Registration, request: FastifyRequest, reply: FastifyReply): Promise<RegisterResponse>;
};

export function createRegistrationService(
  dependencies: ServiceDependencies & { players: PlayerService; captcha: Captcha; otp: OtpService; sessions: SessionService; settings: SettingsService; onRegistered?: RegisteredListener },
): RegistrationService {
  const { db, config, logger, players, captcha, otp, sessions, settings } = dependencies;
  const context: RegistrationContext = {
    db,
    config,
    logger,
    onRegistered: dependencies.onRegistered,
    now: () => players.clock(),
    services: { players, captcha, otp, sessions },
    reference: referenceChecks(settings),
  };
  return {
    registerPlayer: (registration, request, reply) => registerPlayer(context, registration, request, reply),
  };
}
