// Shared by the free-spin integration tests; not used by the app.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BonusTerms } from "@playfair/contracts/bonus/templates";
import type { TestServer } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { registerPlayer, type RegisteredPlayer } from "../player/player-test-helpers.ts";
import { bonusTemplates, playerBonuses, playerFreespins } from "./bonus.schema.ts";
import type { PlayerFreespinRow } from "./freespins.ts";

export const FREESPIN_TERMS: BonusTerms = {
  product: "casino",
  wageringMultiplier: "5",
  wageringBase: "bonus",
  contributions: { default: "100" },
  gameIds: [],
  maxBet: {},
  minMultiplier: "1",
  activationDays: 7,
  wageringDays: 3,
  maxConversionMultiplier: null,
  excludedCountries: [],
};

/** A free-spins template on `gameIds` (EUR spin value `spinValue`); answers its row. */
export async function freespinTemplate(server: TestServer, options: { count: number; gameIds: string[]; spinValue?: string; perPlayerLimit?: number }) {
  const [row] = await server.database.db
    .insert(bonusTemplates)
    .values({
      code: `spins-${randomUUID().slice(0, 8)}`,
      kind: "freespins",
      title: { en: "Starfall spins", de: "Starfall-Freispiele" },
      description: { en: "Free spins" },
      reward: { kind: "freespins", count: options.count, spinValue: { EUR: options.spinValue ?? "1.00" }, gameIds: options.gameIds },
      terms: FREESPIN_TERMS,
      perPlayerLimit: options.perPlayerLimit ?? 100,
    })
    .returning();
  return row!;
}

/** Gives the template's free spins to the player, as a code or a deposit would. */
export async function giveFreespins(server: TestServer, playerId: string, template: typeof bonusTemplates.$inferSelect, activate = true): Promise<PlayerFreespinRow> {
  const given = await server.database.db.transaction((tx) => server.app.services.bonus.freespins.issue(tx, { playerId, template, currency: "EUR", source: "manual", activate }));
  if (!("freespin" in given)) throw new Error(`free spins refused: ${given.refused}`);
  return given.freespin;
}

export async function freespinRow(server: TestServer, id: string): Promise<PlayerFreespinRow> {
  const [row] = await server.database.db.select().from(playerFreespins).where(eq(playerFreespins.id, id));
  return row!;
}

/** The bonus the free spins' winnings became, if any. */
export async function winningsBonus(server: TestServer, playerId: string, freespinId: string) {
  return server.database.db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.freespinId, freespinId)));
}

/** A player in EUR who accepts bonuses (the sign-up default is not to). */
export async function bonusPlayer(server: TestServer): Promise<RegisteredPlayer> {
  const player = await registerPlayer(server, { currency: "EUR" });
  await server.database.db.update(players).set({ receiveBonus: true }).where(eq(players.id, player.playerId));
  return player;
}
