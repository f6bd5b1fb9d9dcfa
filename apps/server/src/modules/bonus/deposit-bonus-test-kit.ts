// Shared by the deposit bonus and bonus code integration tests; not used by the app.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BonusReward, BonusTerms } from "@playfair/contracts/bonus/templates";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import type { RegisteredPlayer } from "../player/player-test-helpers.ts";
import { authorized, jsonBody } from "../payment/payment-test-kit.ts";
import { bonusCodes, bonusPackages, bonusPackageSteps, bonusTemplates, playerBonuses } from "./bonus.schema.ts";

export const TERMS: BonusTerms = {
  product: "casino",
  wageringMultiplier: "10",
  wageringBase: "bonus",
  contributions: { default: "100" },
  gameIds: [],
  maxBet: { EUR: "5" },
  minMultiplier: "1",
  activationDays: 30,
  wageringDays: 30,
  maxConversionMultiplier: null,
  excludedCountries: [],
};

/** A deposit match: `percent` of the deposit up to `max` EUR (and USD when `usd`), from `minEur` EUR or `minBaseUsd` in the base currency. */
export function depositReward(percent: string, max: string, options: { minEur?: string; minBaseUsd?: string; usd?: boolean } = {}): BonusReward {
  return {
    kind: "deposit",
    percent,
    maxAmount: options.usd ? { EUR: max, USD: max } : { EUR: max },
    trigger: {
      invoiceAmountItems: options.minEur ? [{ currency: "EUR", amountFrom: options.minEur }] : [],
      baseCurrencyInvoiceAmountFrom: options.minBaseUsd ?? null,
    },
  };
}

export async function insertTemplate(
  server: TestServer,
  reward: BonusReward,
  options: { perPlayerLimit?: number; terms?: Partial<BonusTerms>; code?: string } = {},
): Promise<typeof bonusTemplates.$inferSelect> {
  const code = options.code ?? `t-${randomUUID().slice(0, 8)}`;
  const [row] = await server.database.db
    .insert(bonusTemplates)
    .values({
      code,
      kind: reward.kind,
      title: { en: `Offer ${code}`, de: `Angebot ${code}` },
      description: { en: "A test offer" },
      pageIdentity: null,
      reward,
      terms: { ...TERMS, ...options.terms },
      perPlayerLimit: options.perPlayerLimit ?? 1,
    })
    .returning();
  return row!;
}

export async function insertCode(
  server: TestServer,
  templateId: string,
  trigger: "manual" | "registration" | "deposit",
  options: { maxUses?: number; validTo?: Date; code?: string } = {},
): Promise<string> {
  const code = options.code ?? `C${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;
  await server.database.db.insert(bonusCodes).values({ code, trigger, templateId, maxUses: options.maxUses ?? null, validTo: options.validTo ?? null });
  return code;
}

/** The welcome package with the four step templates given; every other package and deposit template is switched off, so the test owns the offers. */
export async function freshWelcomePackage(server: TestServer, stepTemplateIds: string[]): Promise<string> {
  const db = server.database.db;
  await db.update(bonusPackages).set({ isActive: false });
  const [pkg] = await db
    .insert(bonusPackages)
    .values({ code: `welcome-${randomUUID().slice(0, 8)}`, title: { en: "Welcome package" } })
    .returning();
  await db.insert(bonusPackageSteps).values(stepTemplateIds.map((templateId, index) => ({ packageId: pkg!.id, step: index + 1, templateId })));
  return pkg!.id;
}

export async function switchOffDepositTemplates(server: TestServer): Promise<void> {
  await server.database.db.update(bonusTemplates).set({ isActive: false }).where(eq(bonusTemplates.kind, "deposit"));
}

export async function optIn(server: TestServer, player: { playerId: string }): Promise<void> {
  await server.database.db.update(players).set({ receiveBonus: true }).where(eq(players.id, player.playerId));
}

export async function getJson(server: TestServer, player: RegisteredPlayer, path: string) {
  const response = await server.request(path, authorized(player));
  return { status: response.status, json: await readJson(response) };
}

export async function enterCode(server: TestServer, player: RegisteredPlayer, bonusCode: string, trigger = "manual", headers: Record<string, string> = {}) {
  const response = await server.request("/api/game/bonuses/bonuscodes", authorized(player, jsonBody("POST", { bonusCode, trigger }, headers)));
  return { status: response.status, json: await readJson(response) };
}

export async function playerBonusesOf(server: TestServer, player: RegisteredPlayer) {
  return server.database.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, player.playerId));
}
