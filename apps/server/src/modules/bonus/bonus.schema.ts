import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import type { BonusReward, BonusTerms, LocalizedText } from "@playfair/contracts/bonus/templates";
import { players } from "../player/player.schema.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";

// The bonus engine's tables (ADR 034). Bonus money itself lives only in the ledger: each wallet
// account's `bonus` balance, funded from the `bonus-budget` house account. These rows say which
// bonus that money belongs to, under which terms, and how far its wagering has gone.

/** What an operator offers: a deposit match, a no-deposit amount, free spins or cashback, with its terms. */
export const bonusTemplates = pgTable("bonus_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: varchar("code", { length: 64 }).notNull().unique(),
  // BONUS_TEMPLATE_KINDS
  kind: varchar("kind", { length: 16 }).notNull(),
  title: jsonb("title").$type<LocalizedText>().notNull(),
  description: jsonb("description").$type<LocalizedText>().notNull(),
  pageIdentity: varchar("page_identity", { length: 120 }),
  reward: jsonb("reward").$type<BonusReward>().notNull(),
  terms: jsonb("terms").$type<BonusTerms>().notNull(),
  perPlayerLimit: integer("per_player_limit").notNull().default(1),
  isActive: boolean("is_active").notNull().default(true),
  availableFrom: timestamp("available_from", { withTimezone: true }),
  availableTo: timestamp("available_to", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The welcome package: one id, deposit templates for the 1st to the 4th deposit. */
export const bonusPackages = pgTable("bonus_packages", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: varchar("code", { length: 64 }).notNull().unique(),
  title: jsonb("title").$type<LocalizedText>().notNull(),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const bonusPackageSteps = pgTable(
  "bonus_package_steps",
  {
    packageId: uuid("package_id")
      .notNull()
      .references(() => bonusPackages.id, { onDelete: "cascade" }),
    // 1 = the player's first successful deposit ... 4.
    step: smallint("step").notNull(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => bonusTemplates.id),
  },
  (table) => [uniqueIndex("bonus_package_steps_step").on(table.packageId, table.step), check("bonus_package_steps_range", sql`${table.step} between 1 and 4`)],
);

/**
 * A bonus given to a player, in one currency. Issued: no money yet, waiting for activation.
 * Active: its amount sits in the wallet account's `bonus` balance and its wagering counts.
 * Finished: `result` says how (spec 4). At most one active bonus per wallet account.
 */
export const playerBonuses = pgTable(
  "player_bonuses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    walletAccountId: uuid("wallet_account_id")
      .notNull()
      .references(() => walletAccounts.id),
    currency: varchar("currency", { length: 12 }).notNull(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => bonusTemplates.id),
    packageId: uuid("package_id").references(() => bonusPackages.id),
    packageStep: smallint("package_step"),
    // BONUS_SOURCES
    source: varchar("source", { length: 16 }).notNull(),
    // PLAYER_BONUS_STATUS / PLAYER_BONUS_RESULT (spec 4)
    status: smallint("status").notNull().default(1),
    result: smallint("result").notNull().default(1),
    amount: numeric("amount").notNull(),
    // The deposit that earned it (wagering base `bonusAndDeposit`), else 0.
    depositAmount: numeric("deposit_amount").notNull().default("0"),
    invoiceId: uuid("invoice_id"),
    freespinId: uuid("freespin_id"),
    // The terms as they were when issued: later template edits never change an accepted bonus.
    terms: jsonb("terms").$type<BonusTerms>().notNull(),
    wageringMultiplier: numeric("wagering_multiplier").notNull(),
    wageringRequired: numeric("wagering_required").notNull(),
    wagered: numeric("wagered").notNull().default("0"),
    maxBet: numeric("max_bet"),
    maxConversion: numeric("max_conversion"),
    convertedAmount: numeric("converted_amount").notNull().default("0"),
    forfeitedAmount: numeric("forfeited_amount").notNull().default("0"),
    issueSessionId: varchar("issue_session_id", { length: 64 }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("player_bonuses_one_active").on(table.walletAccountId).where(sql`${table.status} = 2`),
    index("player_bonuses_player_status").on(table.playerId, table.status),
    index("player_bonuses_template_player").on(table.templateId, table.playerId),
    index("player_bonuses_expiry").on(table.expiresAt).where(sql`${table.status} in (1, 2)`),
    check("player_bonuses_status_check", sql`${table.status} in (1, 2, 3)`),
    check("player_bonuses_result_check", sql`${table.result} between 1 and 5`),
    check("player_bonuses_amounts_check", sql`${table.amount} > 0 and ${table.wagered} >= 0 and ${table.wageringRequired} >= 0`),
  ],
);

/**
 * How each stake taken while a bonus was active split between cash and bonus money, so its
 * payout follows the money staked, and whether its round is still open (the cancel lock).
 * Written in the stake's transaction; `settled_at` in the payout's.
 */
export const bonusStakes = pgTable(
  "bonus_stakes",
  {
    // The stake's ledger key without its suffix, e.g. `game-round:<id>` (one row per stake key).
    stakeKey: varchar("stake_key", { length: 200 }).primaryKey(),
    playerBonusId: uuid("player_bonus_id")
      .notNull()
      .references(() => playerBonuses.id),
    cashPart: numeric("cash_part").notNull(),
    bonusPart: numeric("bonus_part").notNull(),
    // What the stake added to the wagering (stake × contribution, 0 when it does not count).
    counted: numeric("counted").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [index("bonus_stakes_open").on(table.playerBonusId).where(sql`${table.settledAt} is null`)],
);

/** Free spins given to a player: played on one game at a fixed stake; their winnings become a bonus. */
export const playerFreespins = pgTable(
  "player_freespins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    walletAccountId: uuid("wallet_account_id")
      .notNull()
      .references(() => walletAccounts.id),
    currency: varchar("currency", { length: 12 }).notNull(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => bonusTemplates.id),
    packageId: uuid("package_id").references(() => bonusPackages.id),
    source: varchar("source", { length: 16 }).notNull(),
    status: smallint("status").notNull().default(1),
    result: smallint("result").notNull().default(1),
    gameIdentity: varchar("game_identity", { length: 80 }).notNull(),
    count: integer("count").notNull(),
    used: integer("used").notNull().default(0),
    // Spins whose round has ended (its win counted): the free spins finish played when all have.
    settled: integer("settled").notNull().default(0),
    spinValue: numeric("spin_value").notNull(),
    winnings: numeric("winnings").notNull().default("0"),
    // The studio's free-rounds grant, for games behind the aggregator.
    externalReference: varchar("external_reference", { length: 120 }),
    terms: jsonb("terms").$type<BonusTerms>().notNull(),
    issueSessionId: varchar("issue_session_id", { length: 64 }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("player_freespins_player_status").on(table.playerId, table.status),
    check("player_freespins_used_check", sql`${table.used} between 0 and ${table.count}`),
    index("player_freespins_expiry").on(table.expiresAt).where(sql`${table.status} in (1, 2)`),
  ],
);

/** Codes an operator publishes; a code gives a template on its trigger. */
export const bonusCodes = pgTable("bonus_codes", {
  id: uuid("id").primaryKey().defaultRandom(),
  // Stored upper-case; players type it in any case.
  code: varchar("code", { length: 32 }).notNull().unique(),
  // BONUS_CODE_TRIGGERS
  trigger: varchar("trigger", { length: 16 }).notNull(),
  templateId: uuid("template_id")
    .notNull()
    .references(() => bonusTemplates.id),
  maxUses: integer("max_uses"),
  uses: integer("uses").notNull().default(0),
  validFrom: timestamp("valid_from", { withTimezone: true }),
  validTo: timestamp("valid_to", { withTimezone: true }),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A code a player entered, with what came of it (BONUS_CODE_STATUS). */
export const playerBonusCodes = pgTable(
  "player_bonus_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    bonusCodeId: uuid("bonus_code_id").references(() => bonusCodes.id),
    code: varchar("code", { length: 32 }).notNull(),
    trigger: varchar("trigger", { length: 16 }).notNull(),
    status: smallint("status").notNull(),
    playerBonusId: uuid("player_bonus_id").references(() => playerBonuses.id),
    playerFreespinId: uuid("player_freespin_id").references(() => playerFreespins.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    index("player_bonus_codes_player").on(table.playerId, table.createdAt),
    // A code gives its bonus to a player once.
    uniqueIndex("player_bonus_codes_once").on(table.playerId, table.bonusCodeId).where(sql`${table.status} in (1, 2)`),
  ],
);

/**
 * Bonus abuse basics: who claimed a no-deposit template from which device or payment account.
 * A second claim of the same template from the same fingerprint is refused and logged.
 */
export const bonusClaims = pgTable(
  "bonus_claims",
  {
    templateId: uuid("template_id")
      .notNull()
      .references(() => bonusTemplates.id),
    // "device" | "paymentAccount"
    fingerprintKind: varchar("fingerprint_kind", { length: 16 }).notNull(),
    // SHA-256 of the device id or the payment account, never the raw value.
    fingerprint: varchar("fingerprint", { length: 64 }).notNull(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("bonus_claims_once").on(table.templateId, table.fingerprintKind, table.fingerprint)],
);

/** One cashback payment: a player's net loss in one currency over one period of a cashback template. */
export const cashbackPayouts = pgTable(
  "cashback_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => bonusTemplates.id),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    currency: varchar("currency", { length: 12 }).notNull(),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    netLoss: numeric("net_loss").notNull(),
    amount: numeric("amount").notNull(),
    playerBonusId: uuid("player_bonus_id").references(() => playerBonuses.id),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("cashback_payouts_once").on(table.templateId, table.playerId, table.currency, table.periodStart)],
);

/**
 * One row per cashback template and period the job has paid, written in the payout's transaction:
 * a restart (or a second server) finds the period paid with one read by key, without scanning
 * the period's postings again.
 */
export const cashbackPeriods = pgTable(
  "cashback_periods",
  {
    templateId: uuid("template_id")
      .notNull()
      .references(() => bonusTemplates.id),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    /** How many players the period paid. */
    paidPlayers: integer("paid_players").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.periodStart] })],
);
