// The active bonus's max bet as the game page shows it, for the originals' refusal notice: the
// notice sits inside the game's own interface, which has no bonus data of its own. The game page's
// bonus line (game-bonus-line.tsx) keeps it current while it is mounted.
let maxBetText: string | null = null;

export function rememberBonusMaxBet(text: string | null): void {
  maxBetText = text;
}

/** The max bet of the active bonus in the launched game's currency, formatted; null when none is known. */
export function bonusMaxBetText(): string | null {
  return maxBetText;
}
