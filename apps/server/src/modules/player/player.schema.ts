import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";

// A player's account and profile. Profile fields of spec 3 are plain columns (not a JSON bag) so
// the operator's field lists, uniqueness and reporting work with ordinary SQL.
export const players = pgTable(
  "players",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 254 }),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    // E.164, e.g. +4915123456789.
    phone: varchar("phone", { length: 20 }),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    // argon2id PHC string; null for accounts created by social or messenger sign-in only.
    passwordHash: text("password_hash"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    // Telegram user ids have at most 52 significant bits, so a JS number holds them exactly.
    tgUserId: bigint("tg_user_id", { mode: "number" }),
    nickname: varchar("nickname", { length: 24 }),
    // nicknameKey(nickname) (player/nickname-key.ts): look-alike nicknames share it, so its unique
    // index lets one player at most hold a nickname in any of its looks. Set with the nickname.
    nicknameKey: text("nickname_key"),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    fullName: varchar("full_name", { length: 30 }),
    gender: varchar("gender", { length: 16 }),
    birthdate: date("birthdate", { mode: "string" }),
    nationality: varchar("nationality", { length: 2 }),
    country: varchar("country", { length: 2 }),
    city: varchar("city", { length: 100 }),
    address: varchar("address", { length: 200 }),
    additionalAddress: varchar("additional_address", { length: 200 }),
    postalCode: varchar("postal_code", { length: 20 }),
    timeZone: varchar("time_zone", { length: 64 }),
    profession: varchar("profession", { length: 100 }),
    placeOfBirth: varchar("place_of_birth", { length: 100 }),
    personalIdNumber: varchar("personal_id_number", { length: 64 }),
    securityQuestion: varchar("security_question", { length: 200 }),
    securityAnswer: varchar("security_answer", { length: 200 }),
    cpfNumber: varchar("cpf_number", { length: 11 }),
    walletId: varchar("wallet_id", { length: 128 }),
    language: varchar("language", { length: 5 }).notNull().default("en"),
    // The currency chosen at registration (its wallet account is created with the player).
    currency: varchar("currency", { length: 10 }).notNull(),
    receiveEmailPromo: boolean("receive_email_promo").notNull().default(false),
    receiveSmsPromo: boolean("receive_sms_promo").notNull().default(false),
    receiveBonus: boolean("receive_bonus").notNull().default(false),
    avatarId: varchar("avatar_id", { length: 32 }),
    // PLAYER_STATUS of @playfair/contracts/constants.
    status: smallint("status").notNull().default(1),
    selfExcludedUntil: timestamp("self_excluded_until", { withTimezone: true }),
    // A time-out (limit definition 5): no sign-in, deposits or play until then.
    coolingOffUntil: timestamp("cooling_off_until", { withTimezone: true }),
    affiliateTag: varchar("affiliate_tag", { length: 200 }),
    referrerId: varchar("referrer_id", { length: 64 }),
    registrationBonusCode: varchar("registration_bonus_code", { length: 64 }),
    registrationIp: varchar("registration_ip", { length: 45 }),
    registrationCountry: varchar("registration_country", { length: 2 }),
    freshchatRestoreId: varchar("freshchat_restore_id", { length: 100 }),
    // Counts sign-ins; isNewlyRegistered in the profile is "no sign-in besides the registration one".
    signInCount: integer("sign_in_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Case-insensitive uniqueness: "A@x.io" and "a@x.io" are one account.
    uniqueIndex("players_email_unique").on(sql`lower(${table.email})`),
    uniqueIndex("players_phone_unique").on(table.phone),
    uniqueIndex("players_nickname_unique").on(table.nicknameKey),
    uniqueIndex("players_tg_user_id_unique").on(table.tgUserId),
    index("players_created_at").on(table.createdAt),
    check("players_status_check", sql`${table.status} between 1 and 5`),
  ],
);

// The operator's field lists per scenario (GET /api/player/fields/validations): which form fields
// are shown and which are required on top of the spec's per-field rules.
export const playerFieldSettings = pgTable(
  "player_field_settings",
  {
    scenario: varchar("scenario", { length: 16 }).notNull(),
    field: varchar("field", { length: 32 }).notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    isRequired: boolean("is_required").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    uniqueIndex("player_field_settings_pk").on(table.scenario, table.field),
    check("player_field_settings_scenario_check", sql`${table.scenario} in ('registration', 'profile')`),
  ],
);
