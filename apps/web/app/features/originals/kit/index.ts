/**
 * The originals' interface kit: what every one of our games' interfaces shares. Import from here.
 *
 * Add an original in about ten lines (then register it in features/games/original-interfaces.ts):
 *
 * ```tsx
 * import { BetAmountControl, OriginalShell, PlayButton, RoundResult, useBetAmount, useOriginalRounds, type OriginalInterfaceProps } from "../kit/index.ts";
 *
 * export default function Coin({ identity, launch }: OriginalInterfaceProps) {
 *   const rounds = useOriginalRounds({ identity, launch, seedGame: "coin", revealMs: 600 });
 *   const bet = useBetAmount(rounds);
 *   const [side, setSide] = useState<"heads" | "tails">("heads");
 *   const play = () => bet.amount && void rounds.place(bet.amount, { side });
 *   return (
 *     <OriginalShell rounds={rounds} name="Coin"
 *       stage={<><CoinArt round={rounds.latest} /><RoundResult round={rounds.history[0] ?? null} /></>}
 *       panel={<><BetAmountControl bet={bet} rounds={rounds} disabled={rounds.busy} /><SideToggle value={side} onChange={setSide} />
 *         <PlayButton onPlay={play} busy={rounds.busy} disabled={bet.problem !== null} /></>} />
 *   );
 * }
 * ```
 *
 * - `useOriginalRounds` wraps the rounds API for the launched session: `place(amount, params)` and
 *   `act(roundId, { action, tile })` (multi-step games) answer the round or null; `latest` is the
 *   last answer at once (animate from it), while `balance` and `history` follow after `revealMs`
 *   (at once with reduced motion). `error` is the mapped refusal (round-errors.ts): a short balance
 *   shows a deposit link, a limit opens the game limit reached modal, a refused stake or parameter
 *   shows the server's message. `openRound` is the open round of a multi-step game. Real rounds
 *   put the answered balance into the wallet's cached accounts, so the header moves with them.
 * - `useBetAmount(rounds)` holds the amount as a decimal string: ½, 2×, min and max within the
 *   session's stake bounds (`launch.stakes`), and `problem` while it cannot be played.
 * - `PlayButton` plays on click and on Space/Enter from anywhere on the page unless the focused
 *   element owns the key (usePlayShortcut; a text field, a button, a link, a tab).
 * - `OriginalShell` lays out stage + bet panel + footer tabs (FairnessPanel, RecallPanel);
 *   `chipLabel` and `describeRound` adapt the history chips and recall rows to the game.
 * - `ChoiceGroup` (a radio group for over/under, risk, rows), `RiskPicker` (the captioned risk
 *   choice of keno and plinko), `payoutPreview` (a win's payout with
 *   the server's rounding, display only), `displayMultiplier`, `isWin`.
 * - `useReducedMotion`, `useCountUp` and `settleAfter` for animations: with reduced motion, results
 *   appear at once.
 * - An interface imports nothing from features/games (the registry there imports the interfaces:
 *   the boundary check refuses the circle); the props type is here, and the game limit reached
 *   modal is features/limits/game-limit.ts, which `useOriginalRounds` already opens.
 * - Jurisdiction rules (P11): `launch.jurisdiction` comes capped in `launch.stakes`; `OriginalShell`
 *   shows the session bar (net position, time played) when the rules ask; `useCycleGate` keeps the
 *   play button off until the minimum cycle has passed since the last round started; celebrate a
 *   result only when `mayCelebrate` (contracts) says so.
 * - Strings live in the `originals` namespace: the kit's under `kit.*`, each game's under its own
 *   key (`dice.*`, `roulette.*`...), in every complete locale.
 */
export { amountProblem, doubleAmount, halveAmount, maxAmount, minAmount, parseAmountInput, type AmountProblem, type StakeBounds } from "./bet-amount.ts";
export { BalanceReadout } from "./balance-readout.tsx";
export { BetAmountControl } from "./bet-amount-control.tsx";
export { ChoiceGroup, type Choice } from "./choice-group.tsx";
export { FairnessPanel, verifyPath } from "./fairness-panel.tsx";
export { displayMultiplier, hundredthsMultiplier, isWin, tableMultiplier } from "./format.ts";
export { settleAfter, useCountUp, useReducedMotion } from "./motion.ts";
export { payoutPreview } from "./payout-preview.ts";
export { OriginalShell } from "./original-shell.tsx";
export { PlayButton } from "./play-button.tsx";
export { keyBelongsToElement, usePlayShortcut } from "./play-shortcut.ts";
export { RecallPanel, stepsOf } from "./recall-panel.tsx";
export { RiskPicker } from "./risk-picker.tsx";
export { ResultHistory } from "./result-history.tsx";
export { roundErrorOf, type RoundError } from "./round-errors.ts";
export { RoundErrorNotice } from "./round-error-notice.tsx";
export { RoundResult } from "./round-result.tsx";
export { useBetAmount, type BetAmount } from "./use-bet-amount.ts";
export { minutesAndSeconds, netAfter, showsSessionBar, useCycleGate } from "./jurisdiction.ts";
export { SessionBar } from "#app/features/limits/session-bar.tsx";
export { HISTORY_SIZE, useOriginalRounds, type OriginalRounds, type OriginalRoundsOptions } from "./use-original-rounds.ts";
export type { OriginalInterfaceProps } from "./types.ts";
