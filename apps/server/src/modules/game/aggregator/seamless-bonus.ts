import { subtractAmounts, toMinorUnits } from "@playfair/contracts/money";
import type { DbExecutor } from "../../../db/database.ts";
import type { PayoutSplit, StakeSplit, StakeWagering } from "../../bonus/bonus-wagering.ts";
import { gameCategories } from "../jurisdiction-games.ts";

// The seamless wallet's side of bonus money (ADR 034): a studio round keeps one bonus_stakes row,
// each of its bets adding its split; its wins follow that row pro rata (bonus-wagering.ts), and a
// rolled-back bet gives back exactly what it took, read from its own stake's metadata, and what it
// counted toward the wagering comes off again.

type StudioSession = { provider: string; walletAccountId: string; currency: string };

/** One bonus_stakes row per studio round: its bets' split, what its wins follow. */
export function bonusStakeKeyOf(provider: string, roundId: string): string {
  return `aggregator:${provider}:round:${roundId}`;
}

/** Before a bet is posted: its split with the active casino bonus (null: cash only); throws BonusMaxBetError over the bonus's max bet. */
export function studioStakeSplit(
  wagering: StakeWagering,
  executor: DbExecutor,
  bet: { session: StudioSession; roundId: string; gameCode: string; amount: bigint; subunitToUnit: string; accounts: { cash: bigint; bonus: bigint } },
): Promise<StakeSplit | null> {
  return wagering.take(executor, {
    walletAccountId: bet.session.walletAccountId,
    currency: bet.session.currency,
    subunitToUnit: bet.subunitToUnit,
    stakeKey: bonusStakeKeyOf(bet.session.provider, bet.roundId),
    amount: bet.amount,
    accounts: bet.accounts,
    game: { identity: bet.gameCode, categories: (reader) => gameCategories(reader, { aggregatorCode: bet.gameCode }) },
    // A studio round may take several bets: each adds its parts to the round's row.
    extra: true,
  });
}

/** A rolled-back bet's refund: exactly what it took from each balance (its stake's metadata), the bonus part forfeited when that bonus ended. */
export async function studioRefundSplit(
  wagering: StakeWagering,
  executor: DbExecutor,
  rollback: { session: StudioSession; roundId: string; refund: bigint; stakeMetadata: Record<string, unknown>; subunitToUnit: string },
): Promise<PayoutSplit | null> {
  const { stakeMetadata, refund, subunitToUnit } = rollback;
  if (typeof stakeMetadata.bonusPart !== "string") return null;
  const paid = await wagering.payout(executor, { stakeKey: bonusStakeKeyOf(rollback.session.provider, rollback.roundId), payout: refund, subunitToUnit, settledToo: true });
  if (!paid) return null;
  const bonusPart = toMinorUnits(stakeMetadata.bonusPart, subunitToUnit);
  return { ...paid, cash: refund - bonusPart, bonus: paid.active ? bonusPart : 0n, forfeited: paid.active ? 0n : bonusPart };
}

/**
 * After a rolled-back bet's refund was posted: the bet leaves its round's bonus_stakes row and the
 * bonus's wagering (a bet the studio took back was never played). Bets staked before their
 * metadata carried `counted` leave the wagering as it is.
 */
export async function reverseStudioStake(
  wagering: StakeWagering,
  executor: DbExecutor,
  rollback: { session: StudioSession; roundId: string; stakeAmount: string; stakeMetadata: Record<string, unknown>; subunitToUnit: string; roundClosed: boolean },
): Promise<void> {
  const { stakeMetadata } = rollback;
  if (typeof stakeMetadata.playerBonusId !== "string" || typeof stakeMetadata.bonusPart !== "string") return;
  const counted = typeof stakeMetadata.counted === "string" ? stakeMetadata.counted : "0";
  await wagering.reverseStake(
    executor,
    { stakeKey: bonusStakeKeyOf(rollback.session.provider, rollback.roundId), playerBonusId: stakeMetadata.playerBonusId, cashPart: subtractAmounts(rollback.stakeAmount, stakeMetadata.bonusPart, rollback.subunitToUnit), bonusPart: stakeMetadata.bonusPart, counted },
    { publish: !rollback.roundClosed },
  );
}
