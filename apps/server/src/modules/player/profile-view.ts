import type { EditableProfileField, Profile } from "@playfair/contracts/player/profile";
import { avatarUrl } from "./avatars.ts";
import type { PlayerRow, PlayerUpdate } from "./player.repository.ts";
import { restrictionOf } from "./restriction.ts";

/**
 * The API's view of a player row at `at` (whether restricted mode is in force); the security
 * answer and password hash never leave the server.
 */
export function profileFromRow(row: PlayerRow, at: Date = new Date()): Profile {
  return {
    id: row.id,
    nickname: row.nickname,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt !== null,
    tgUserId: row.tgUserId === null ? null : String(row.tgUserId),
    language: row.language,
    // The registration sign-in is the first; the flag lasts until the next one.
    isNewlyRegistered: row.signInCount <= 1,
    freshchatRestoreId: row.freshchatRestoreId,
    gender: row.gender,
    birthdate: row.birthdate,
    nationality: row.nationality,
    country: row.country,
    city: row.city,
    address: row.address,
    additionalAddress: row.additionalAddress,
    postalCode: row.postalCode,
    timeZone: row.timeZone,
    profession: row.profession,
    placeOfBirth: row.placeOfBirth,
    personalIdNumber: row.personalIdNumber,
    securityQuestion: row.securityQuestion,
    cpf_number: row.cpfNumber,
    wallet_id: row.walletId,
    currency: row.currency,
    receiveEmailPromo: row.receiveEmailPromo,
    receiveSmsPromo: row.receiveSmsPromo,
    receiveBonus: row.receiveBonus,
    avatarId: row.avatarId,
    avatarUrl: avatarUrl(row.avatarId),
    hasPassword: row.passwordHash !== null,
    status: row.status,
    restriction: restrictionOf(row, at),
    createdAt: row.createdAt.toISOString(),
  };
}

// Database column limits of the free-text profile fields, so an over-long value is a field error
// rather than a database failure.
export const TEXT_FIELD_MAX_LENGTH: Partial<Record<EditableProfileField, number>> = {
  nickname: 24,
  firstName: 100,
  lastName: 100,
  fullName: 30,
  city: 100,
  address: 200,
  additionalAddress: 200,
  postalCode: 20,
  timeZone: 64,
  profession: 100,
  placeOfBirth: 100,
  personalIdNumber: 64,
  securityQuestion: 200,
  securityAnswer: 200,
  cpf_number: 11,
  wallet_id: 128,
};

/** The player column each editable field is stored in (the API keeps the spec's two snake_case names). */
export function columnFor(field: EditableProfileField): keyof PlayerUpdate {
  if (field === "cpf_number") return "cpfNumber";
  if (field === "wallet_id") return "walletId";
  return field;
}

