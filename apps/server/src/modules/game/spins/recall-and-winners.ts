import { sql } from "drizzle-orm";
import { CRASH_GAME_IDENTITY } from "@playfair/contracts/game/crash";
import { RECALL_SIZE, WINNERS_LIST_SIZE, type Round, type Winner } from "@playfair/contracts/game/play";
import type { DbExecutor } from "../../../db/database.ts";
import { executeRows } from "../../../db/sql-rows.ts";
import { CRASH_BIG_WIN_HUNDREDTHS } from "../crash/crash-bets.ts";
import { hundredthsText } from "../crash/crash-views.ts";
import { maskedName } from "../play/round-views.ts";

// Crash bets beside the originals' rounds in game recall (P7) and in the public big wins. Crash keeps
// its bets in `crash_bets`, not `game_rounds`, so these reads join the two.

type CrashRecallRow = {
  id: string;
  session_id: string;
  round_id: string;
  currency: string;
  status: string;
  amount: string;
  payout: string | null;
  auto_cashout: number | null;
  cashout_multiplier: number | null;
  balance_before: string;
  balance_after: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  round_status: string;
  crash_point: number;
};

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

const roundStatusOf = (status: string): Round["status"] => (status === "active" ? "open" : status === "refunded" ? "voided" : "settled");

/** The player's last real-money crash bets, as recall shows every original's rounds. */
export async function crashRecall(executor: DbExecutor, playerId: string): Promise<Round[]> {
  const rows = await executeRows<CrashRecallRow>(
    executor,
    sql`select b.id::text as id, b.session_id::text as session_id, b.round_id::text as round_id, b.currency, b.status, b.amount::text as amount,
          b.payout::text as payout, b.auto_cashout, b.cashout_multiplier, b.balance_before::text as balance_before,
          b.balance_after::text as balance_after, b.created_at, b.settled_at, r.status as round_status, r.crash_point
        from crash_bets b join crash_rounds r on r.id = b.round_id
        where b.player_id = ${playerId} and b.demo = false
        order by b.created_at desc, b.id desc
        limit ${RECALL_SIZE}`,
  );
  return rows.map((row) => {
    const status = roundStatusOf(row.status);
    // The point of a round still in play stays hidden, as everywhere else.
    const crashPoint = row.round_status === "crashed" ? hundredthsText(row.crash_point) : null;
    const cashout = row.cashout_multiplier === null ? null : hundredthsText(row.cashout_multiplier);
    return {
      id: row.id,
      sessionId: row.session_id,
      game: CRASH_GAME_IDENTITY,
      fairnessGame: "crash",
      demo: false,
      currency: row.currency,
      status,
      stake: row.amount,
      payout: status === "open" ? null : row.payout,
      multiplier: status === "settled" ? (cashout ?? "0") : null,
      params: { roundId: row.round_id, autoCashout: row.auto_cashout === null ? null : hundredthsText(row.auto_cashout) },
      outcome: status === "open" ? null : { roundId: row.round_id, crashPoint, cashoutMultiplier: cashout },
      seeds: null,
      balanceBefore: row.balance_before,
      balanceAfter: row.balance_after,
      createdAt: iso(row.created_at)!,
      settledAt: iso(row.settled_at),
    };
  });
}

type WinnerRow = {
  round_id: string;
  game: string;
  nickname: string | null;
  currency: string;
  stake: string;
  payout: string;
  multiplier: string;
  settled_at: Date | string;
};

/** The newest big wins of every original, crash cash-outs among them. */
export async function recentWinners(executor: DbExecutor): Promise<Winner[]> {
  const rows = await executeRows<WinnerRow>(
    executor,
    sql`select * from (
          (select r.id::text as round_id, r.game_identity as game, p.nickname, r.currency, r.stake::text as stake,
             coalesce(r.payout::text, '0') as payout, coalesce(r.multiplier, '0')::text as multiplier, coalesce(r.settled_at, r.created_at) as settled_at
           from game_rounds r join players p on p.id = r.player_id
           where r.is_big_win
           order by r.settled_at desc limit ${WINNERS_LIST_SIZE})
          union all
          (select b.id::text, ${CRASH_GAME_IDENTITY}::text, p.nickname, b.currency, b.amount::text, b.payout::text,
             (b.cashout_multiplier::numeric / 100)::numeric(12, 2)::text, b.settled_at
           from crash_bets b join players p on p.id = b.player_id
           where b.status = 'cashed' and b.demo = false and b.cashout_multiplier >= ${sql.raw(String(CRASH_BIG_WIN_HUNDREDTHS))}
           order by b.settled_at desc limit ${WINNERS_LIST_SIZE})
        ) wins
        order by wins.settled_at desc
        limit ${WINNERS_LIST_SIZE}`,
  );
  return rows.map((row) => ({
    roundId: row.round_id,
    game: row.game,
    player: maskedName(row.nickname),
    currency: row.currency,
    stake: row.stake,
    payout: row.payout,
    multiplier: row.multiplier,
    settledAt: iso(row.settled_at)!,
  }));
}
