import { ratio, type Ratio } from "./exact.ts";
import { BLACKJACK_RTP_PERCENT } from "./games/blackjack.ts";
import { DICE_RTP } from "./games/dice.ts";
import { KENO_RTP } from "./games/keno.ts";
import { LIMBO_RTP } from "./games/limbo.ts";
import { MINES_RTP } from "./games/mines.ts";
import { PLINKO_RTP } from "./games/plinko.ts";
import { ROULETTE_RTP } from "./games/roulette.ts";
import { SLOT_RTP_PERCENT } from "./games/slot.ts";
import type { GameId } from "./verify.ts";

/**
 * Each original's declared return to player, for the catalogue and the verifier page. How each
 * is derived from the rules, and the rounding each game's test allows, is in the package README.
 */
export const DECLARED_RTP: Readonly<Record<GameId, Ratio>> = {
  dice: DICE_RTP,
  limbo: LIMBO_RTP,
  roulette: ROULETTE_RTP,
  plinko: PLINKO_RTP,
  mines: MINES_RTP,
  keno: KENO_RTP,
  slot: ratio(BigInt(SLOT_RTP_PERCENT.replace(".", "")), 10_000n),
  crash: LIMBO_RTP,
  blackjack: ratio(BigInt(BLACKJACK_RTP_PERCENT.replace(".", "")), 10_000n),
};
