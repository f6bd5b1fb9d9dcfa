// Shared by the wagering integration tests; not used by the app.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BonusTerms } from "@playfair/contracts/bonus/templates";
import type { TestServer } from "../../../test/test-server.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";
import { players } from "../player/player.schema.ts";
import type { PlayerBonusRow } from "./bonus-lifecycle.ts";
import { bonusTemplates, playerBonuses } from "./bonus.schema.ts";

/** Casino terms: 10x the bonus, every game at 100%, no max bet, no cap, unless overridden. */
export function casinoTerms(overrides: Partial<BonusTerms> = {}): BonusTerms {
  return {
    product: "casino",
    wageringMultiplier: "10",
    wageringBase: "bonus",
    contributions: { default: "100" },
    gameIds: [],
    maxBet: {},
    minMultiplier: "1",
    activationDays: 7,
    wageringDays: 30,
    maxConversionMultiplier: null,
    excludedCountries: [],
    ...overrides,
  };
}

/** A no-deposit template with `terms`, one per test (its own code). */
export async function createTemplate(server: TestServer, terms: BonusTerms, amount: Record<string, string> = { EUR: "20.00" }) {
  const [template] = await server.database.db
    .insert(bonusTemplates)
    .values({
      code: `test-${randomUUID().slice(0, 12)}`,
      kind: "noDeposit",
      title: { en: "Test bonus" },
      description: { en: "A bonus for the wagering tests." },
      reward: { kind: "noDeposit", amount },
      terms,
      perPlayerLimit: 100,
    })
    .returning();
  return template!;
}

/** Issues and activates a bonus of `amount` under `terms`: its money is in the player's bonus balance. */
export async function giveActiveBonus(server: TestServer, playerId: string, amount: string, terms: BonusTerms, currency = "EUR"): Promise<PlayerBonusRow> {
  const { bonus } = server.app.services;
  const template = await createTemplate(server, terms, { [currency]: amount });
  // Players choose bonuses at registration or later; these have said yes.
  await server.database.db.update(players).set({ receiveBonus: true }).where(eq(players.id, playerId));
  await bonus.precisions.load();
  const issued = await server.database.db.transaction((tx) => bonus.lifecycle.issue(tx, { playerId, template, currency, source: "manual", amount, activate: true }));
  if (!("bonus" in issued)) throw new Error(`the bonus was refused: ${issued.refused}`);
  return issued.bonus;
}

export async function bonusRow(server: TestServer, id: string): Promise<PlayerBonusRow> {
  const [row] = await server.database.db.select().from(playerBonuses).where(eq(playerBonuses.id, id));
  return row!;
}

/** The player's cash and bonus balances in `currency`, as the ledger has them. */
export async function moneyOf(server: TestServer, playerId: string, currency = "EUR"): Promise<{ cash: string; bonus: string }> {
  const [account] = await server.database.db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.currency, currency)));
  const balances = (await server.app.services.ledger.balances(server.database.db, [account!.id])).get(account!.id);
  return { cash: balances?.cash ?? "0", bonus: balances?.bonus ?? "0" };
}
