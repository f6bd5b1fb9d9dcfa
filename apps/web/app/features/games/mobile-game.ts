import type { GameLaunch } from "@playfair/contracts/game/launch";

/**
 * The game a phone opened in the mobile game modal (spec 2.4). The modal's address says only
 * "true"; the launch it shows is handed over here by the game page, in the same page load (a
 * reload of the address shows the game page again, which launches anew). `provider` is the
 * studio's identity, which its stake refusals name.
 */
export type MobileGame = { identity: string; name: string; provider: string; launch: GameLaunch };

let current: MobileGame | null = null;

export function handOverMobileGame(game: MobileGame | null): void {
  current = game;
}

export function mobileGame(): MobileGame | null {
  return current;
}

/** Phones (below the site's xs breakpoint, 529 px) play games in the full-screen modal. */
export const PHONE_QUERY = "(max-width: 528.98px)";
