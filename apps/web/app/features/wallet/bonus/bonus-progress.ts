// What the wallet's bonus views read of a bonus's game scope. The wagering share is the bonus
// feature's wageringPercent (bonus-data/bonus-format.ts), exact on decimal strings.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";

/** The bonus's scope for the texts that vary with it (spec 4: all games, one game or several). */
export function gameScopeOf(bonus: Pick<PlayerBonus, "wagerCasinoConditions">): "all" | "one" | "several" {
  const count = bonus.wagerCasinoConditions.gameIds.length;
  return count === 0 ? "all" : count === 1 ? "one" : "several";
}

/** Whether stakes on `gameIdentity` count toward the bonus's wagering. */
export function countsOnGame(bonus: Pick<PlayerBonus, "wagerCasinoConditions">, gameIdentity: string): boolean {
  const games = bonus.wagerCasinoConditions.gameIds;
  return games.length === 0 || games.includes(gameIdentity);
}
