import type { GameLaunch } from "@playfair/contracts/game/launch";

/** What the game page hands an original's interface: the launched session (real or demo). */
export type OriginalInterfaceProps = { identity: string; launch: GameLaunch };
