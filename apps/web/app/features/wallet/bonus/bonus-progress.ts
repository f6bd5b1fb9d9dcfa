// Wagering progress as a share for a progress bar. Amounts stay decimal strings: the share is
// worked out on integers scaled to a fixed number of decimals, and only the final per-mille
// becomes a number (a width, never money).
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";

const SCALE_DECIMALS = 8;

function scaled(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.replace(/^-/, "").split(".");
  return BigInt(whole + fraction.padEnd(SCALE_DECIMALS, "0").slice(0, SCALE_DECIMALS));
}

/** How far the wagering is, 0 to 100 with one decimal; 100 when nothing is required. */
export function wageringPercent(wagering: Pick<PlayerBonus["wagering"], "wagered" | "required">): number {
  const required = scaled(wagering.required);
  if (required === 0n) return 100;
  const perMille = (scaled(wagering.wagered) * 1000n) / required;
  return Number(perMille > 1000n ? 1000n : perMille) / 10;
}

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
