import { z } from "zod";

/** Why a signed-in player is in restricted mode, and until when (null: until the operator lifts it). */
export const RESTRICTION_REASONS = ["selfExcluded", "coolingOff"] as const;
export type RestrictionReason = (typeof RESTRICTION_REASONS)[number];
export const PlayerRestrictionSchema = z
  .object({
    reason: z.enum(RESTRICTION_REASONS),
    until: z.string().nullable().meta({ description: "ISO time the self-exclusion or cooling-off ends" }),
  })
  .meta({ id: "PlayerRestriction" });
export type PlayerRestriction = z.infer<typeof PlayerRestrictionSchema>;

/**
 * The player's profile as the API returns it (spec 3 "Profile" plus the form fields the operator
 * enables). Absent values are null, never missing, so the client can tell "not set" from "unknown".
 */
export const ProfileSchema = z
  .object({
    id: z.string(),
    nickname: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    phone: z.string().nullable().meta({ description: "E.164" }),
    phoneVerified: z.boolean(),
    tgUserId: z.string().nullable(),
    language: z.string(),
    isNewlyRegistered: z.boolean(),
    freshchatRestoreId: z.string().nullable(),
    gender: z.string().nullable(),
    birthdate: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
    nationality: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    additionalAddress: z.string().nullable(),
    postalCode: z.string().nullable(),
    timeZone: z.string().nullable(),
    profession: z.string().nullable(),
    placeOfBirth: z.string().nullable(),
    personalIdNumber: z.string().nullable(),
    securityQuestion: z.string().nullable(),
    cpf_number: z.string().nullable(),
    wallet_id: z.string().nullable(),
    currency: z.string(),
    receiveEmailPromo: z.boolean(),
    receiveSmsPromo: z.boolean(),
    receiveBonus: z.boolean(),
    avatarId: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    hasPassword: z.boolean().meta({ description: "False for accounts created by social or messenger sign-in" }),
    status: z.number().int().meta({ description: "PLAYER_STATUS" }),
    restriction: PlayerRestrictionSchema.nullable()
      .optional()
      .meta({ description: "Set while a self-exclusion or cooling-off lasts: the player is in restricted mode (withdrawals and history only)" }),
    createdAt: z.string(),
  })
  .meta({ id: "Profile" });

export type Profile = z.infer<typeof ProfileSchema>;

/**
 * Fields a player may change with PUT /api/player/profile (e-mail, phone and password have their
 * own confirmed flows). Every field is optional; the operator's profile field list decides which
 * are shown and required, and the server checks the same list.
 */
export const EDITABLE_PROFILE_FIELDS = [
  "nickname",
  "firstName",
  "lastName",
  "fullName",
  "gender",
  "birthdate",
  "nationality",
  "country",
  "city",
  "address",
  "additionalAddress",
  "postalCode",
  "timeZone",
  "profession",
  "placeOfBirth",
  "personalIdNumber",
  "securityQuestion",
  "securityAnswer",
  "cpf_number",
  "wallet_id",
  "language",
  "receiveEmailPromo",
  "receiveSmsPromo",
  "receiveBonus",
] as const;

export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

export const GENDERS = ["male", "female", "other"] as const;

/**
 * Spec 3: the displayed name falls back from nickname to first name, Telegram user id, a name
 * derived from the e-mail, else "Unknown".
 */
export function displayName(profile: Pick<Profile, "nickname" | "firstName" | "tgUserId" | "email">): string {
  if (profile.nickname) return profile.nickname;
  if (profile.firstName) return profile.firstName;
  if (profile.tgUserId) return profile.tgUserId;
  if (profile.email) return maskedNickname(profile.email);
  return "Unknown";
}

/**
 * Spec 3: the masked nickname derived from an e-mail: its local part with the last three
 * characters hidden, or the first letter followed by stars when the local part is shorter than 4.
 */
export function maskedNickname(email: string): string {
  const local = email.split("@")[0] ?? "";
  const characters = Array.from(local);
  // Three stars either way, so the mask never tells how long a short local part is.
  if (characters.length < 4) return `${characters[0] ?? ""}***`;
  return `${characters.slice(0, -3).join("")}***`;
}
