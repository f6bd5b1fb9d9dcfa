import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, gte, sql } from "drizzle-orm";
import { compareAmounts, multiplyAmountByRate, roundAmount } from "@playfair/contracts/money";
import { SANDBOX_LAUNCH_PARAMETERS, sandboxLaunchSigningText, type FreeRoundsGrant, type SandboxLaunchParameters, type SeamlessWalletStatus } from "@playfair/contracts/game/seamless-wallet";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "../../db/database.ts";
import { drawStream, isMathModel, playModel, type MathModel, type RouletteChoice } from "./math.ts";
import { sandboxAggregatorFreeRounds, sandboxAggregatorSessions } from "./sandbox-aggregator.schema.ts";
import { WalletUnavailable, type WalletClient } from "./wallet-client.ts";

// The in-house stand-in for a remote game aggregator (ADR 022): it launches its providers' games
// from a signed address, runs their math, keeps demo play money in its own books and, for real
// play, moves money only through the operator's seamless-wallet endpoints, over HTTP. It knows
// nothing of the operator's code, tables or ledger.

/** A launch address older than this is refused (the operator's session takes no stakes after it either). */
const LAUNCH_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Currencies the sandbox's providers count in 8 decimals; every other one in its ISO precision. */
const CRYPTO_CURRENCIES = new Set(["BTC", "ETH", "LTC", "BCH", "DOGE", "USDT", "USDC", "TRX", "TON", "XRP", "SOL", "BNB"]);

export function decimalsOf(currency: string): number {
  if (CRYPTO_CURRENCIES.has(currency)) return 8;
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The stakes a game offers, in the currency's precision. */
export function stakeLevels(currency: string): string[] {
  const decimals = decimalsOf(currency);
  const levels = decimals >= 8 ? ["0.00001", "0.00005", "0.0001", "0.0005", "0.001", "0.005"] : ["0.1", "0.2", "0.5", "1", "2", "5", "10"];
  return levels.filter((level) => (level.split(".")[1]?.length ?? 0) <= decimals).map((level) => roundAmount(level, 10n ** BigInt(decimals), "floor"));
}

function demoStartingBalance(currency: string): string {
  return roundAmount(decimalsOf(currency) >= 8 ? "0.1" : "1000", 10n ** BigInt(decimalsOf(currency)), "floor");
}

export class LaunchRefused extends Error {}

export type SandboxGame = {
  sessionId: string;
  provider: string;
  gameCode: string;
  mathModel: MathModel;
  currency: string;
  demo: boolean;
  locale: string;
  balance: string;
  stakes: string[];
  /** The operator's free rounds waiting on this game when it was opened (real play), or null. */
  freeRounds: { count: number; spinValue: string } | null;
};

export type SpinResult = {
  /** The wallet's answer ("OK", or why the stake was refused); UNAVAILABLE when the wallet never answered. */
  status: SeamlessWalletStatus | "UNAVAILABLE";
  balance: string | null;
  roundId: string | null;
  symbols: string[];
  detail: string;
  win: string;
  /** Set when the round was one of the operator's free rounds: how many are left after it. */
  freeRoundsLeft?: number;
};

export type SandboxAggregator = {
  launch(query: Record<string, string | undefined>): Promise<SandboxGame>;
  spin(sessionId: string, request: { stake: string; choice?: RouletteChoice }): Promise<SpinResult | null>;
  /** The aggregator adapter's free-rounds call: the operator gives a session free rounds on its game. */
  grantFreeRounds(grant: FreeRoundsGrant): Promise<void>;
};

export function createSandboxAggregator(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** The secrets shared with the operator: launch addresses verify with any, wallet calls are signed with the first. */
  secrets: () => Promise<string[]>;
  wallet: WalletClient;
}): SandboxAggregator {
  const { db, logger, now, wallet } = dependencies;

  async function verifiedLaunch(query: Record<string, string | undefined>): Promise<SandboxLaunchParameters> {
    const parameters = {} as SandboxLaunchParameters;
    for (const name of SANDBOX_LAUNCH_PARAMETERS) {
      const value = query[name];
      if (typeof value !== "string" || value.length === 0 || value.length > 128) throw new LaunchRefused("This game address is incomplete.");
      parameters[name] = value;
    }
    const signature = query.sig ?? "";
    if (!/^[0-9a-f]{64}$/.test(signature)) throw new LaunchRefused("This game address is not signed.");
    const text = sandboxLaunchSigningText(parameters);
    let matched = false;
    for (const secret of await dependencies.secrets()) {
      const expected = createHmac("sha256", secret).update(text, "utf8").digest();
      if (timingSafeEqual(expected, Buffer.from(signature, "hex"))) matched = true;
    }
    if (!matched) throw new LaunchRefused("This game address is not signed by the casino.");
    const age = Math.floor(now().getTime() / 1000) - Number(parameters.ts);
    if (!Number.isFinite(age) || age < -300 || age > LAUNCH_MAX_AGE_SECONDS) throw new LaunchRefused("This game address has expired: open the game again.");
    if (!isMathModel(parameters.model)) throw new LaunchRefused("This game is not available.");
    if (parameters.mode !== "demo" && parameters.mode !== "real") throw new LaunchRefused("This game address is not valid.");
    return parameters;
  }

  async function launch(query: Record<string, string | undefined>): Promise<SandboxGame> {
    const parameters = await verifiedLaunch(query);
    const demo = parameters.mode === "demo";
    const unit = 10n ** BigInt(decimalsOf(parameters.currency));
    let balance: string;
    if (demo) {
      balance = demoStartingBalance(parameters.currency);
    } else {
      let answer;
      try {
        answer = await wallet.call("balance", { token: parameters.token, currency: parameters.currency });
      } catch (error) {
        if (error instanceof WalletUnavailable) throw new LaunchRefused("The casino's wallet is not answering: try again in a moment.");
        throw error;
      }
      if (answer.status !== "OK" || answer.balance === undefined) throw new LaunchRefused("This game session is not valid any more: open the game again.");
      balance = roundAmount(answer.balance, unit, "floor");
    }
    const sessionId = randomBytes(24).toString("base64url");
    await db.insert(sandboxAggregatorSessions).values({
      id: sessionId,
      operatorToken: demo ? null : parameters.token,
      provider: parameters.provider,
      gameCode: parameters.game,
      mathModel: parameters.model,
      currency: parameters.currency,
      demo,
      demoBalance: demo ? balance : null,
      seed: randomBytes(32).toString("hex"),
      createdAt: now(),
    });
    const freeRounds = demo ? null : await waitingFreeRounds(parameters.token, parameters.game, unit);
    return {
      sessionId,
      provider: parameters.provider,
      gameCode: parameters.game,
      mathModel: parameters.model as MathModel,
      currency: parameters.currency,
      demo,
      locale: parameters.locale,
      balance,
      stakes: stakeLevels(parameters.currency),
      freeRounds,
    };
  }

  /**
   * The free rounds the operator granted to this launch's token on the game, as the frame counts
   * them ("Free spin n of N"): the operator grants what is left at each launch, so N is what this
   * frame will play.
   */
  async function waitingFreeRounds(operatorToken: string, gameCode: string, unit: bigint) {
    const [grant] = await db
      .select({ remaining: sandboxAggregatorFreeRounds.remaining, spinValue: sandboxAggregatorFreeRounds.spinValue })
      .from(sandboxAggregatorFreeRounds)
      .where(and(eq(sandboxAggregatorFreeRounds.operatorToken, operatorToken), eq(sandboxAggregatorFreeRounds.gameCode, gameCode), gt(sandboxAggregatorFreeRounds.remaining, 0)))
      .limit(1);
    return grant ? { count: grant.remaining, spinValue: roundAmount(grant.spinValue, unit, "floor") } : null;
  }

  async function spin(sessionId: string, request: { stake: string; choice?: RouletteChoice }): Promise<SpinResult | null> {
    const [counted] = await db
      .update(sandboxAggregatorSessions)
      .set({ rounds: sql`${sandboxAggregatorSessions.rounds} + 1` })
      .where(eq(sandboxAggregatorSessions.id, sessionId))
      .returning();
    if (!counted || !isMathModel(counted.mathModel)) return null;
    const session = counted;
    const decimals = decimalsOf(session.currency);
    const unit = 10n ** BigInt(decimals);
    const free = session.demo ? null : await takeFreeRound(session.operatorToken!, session.gameCode);
    if (free) request = { ...request, stake: roundAmount(free.spinValue, unit, "floor") };
    else if (!stakeLevels(session.currency).includes(request.stake)) throw new LaunchRefused("This stake is not offered.");
    const roundId = `${session.id}-${session.rounds}`;
    const outcome = playModel(session.mathModel as MathModel, drawStream(session.seed, session.rounds), request.choice ?? "red");
    const win = compareAmounts(outcome.multiplier, "0") === 0 ? roundAmount("0", unit, "floor") : multiplyAmountByRate(request.stake, outcome.multiplier, unit, "floor");
    const shown = { symbols: outcome.symbols, detail: outcome.detail, win };

    if (session.demo) {
      // Play money: taken and paid in one guarded update of the sandbox's own books.
      const [played] = await db
        .update(sandboxAggregatorSessions)
        .set({ demoBalance: sql`${sandboxAggregatorSessions.demoBalance} - ${request.stake}::numeric + ${win}::numeric` })
        .where(and(eq(sandboxAggregatorSessions.id, session.id), gte(sandboxAggregatorSessions.demoBalance, request.stake)))
        .returning({ balance: sandboxAggregatorSessions.demoBalance });
      if (!played) return { status: "INSUFFICIENT_FUNDS", balance: roundAmount(session.demoBalance ?? "0", unit, "floor"), roundId: null, symbols: [], detail: "", win: "0" };
      return { status: "OK", balance: roundAmount(played.balance ?? "0", unit, "floor"), roundId, ...shown };
    }

    const base = { token: session.operatorToken, currency: session.currency, roundId, gameCode: session.gameCode, ...(free ? { freeRoundsReference: free.reference } : {}) };
    const freeRoundsLeft = free ? { freeRoundsLeft: free.remaining } : {};
    const betTransaction = `${roundId}-bet`;
    let bet;
    try {
      bet = await wallet.call("bet", { ...base, transactionId: betTransaction, amount: request.stake, roundClosed: false });
    } catch (error) {
      if (!(error instanceof WalletUnavailable)) throw error;
      // The bet may or may not have reached the wallet: undo it, as aggregators do. A rollback of a
      // bet the wallet never saw is acknowledged and makes the wallet refuse that bet if it arrives late.
      await wallet
        .call("rollback", { ...base, transactionId: `${roundId}-rollback`, referenceTransactionId: betTransaction, roundClosed: true })
        .catch((rollbackError: unknown) => logger.error({ err: rollbackError, roundId }, "sandbox aggregator: rollback not delivered"));
      return { status: "UNAVAILABLE", balance: null, roundId, symbols: [], detail: "", win: "0" };
    }
    if (bet.status !== "OK") {
      // The operator no longer covers these free rounds (used up, ended): the grant is spent.
      if (free && bet.status === "FREE_ROUNDS_UNAVAILABLE") await db.update(sandboxAggregatorFreeRounds).set({ remaining: 0 }).where(eq(sandboxAggregatorFreeRounds.reference, free.reference));
      return { status: bet.status, balance: bet.balance === undefined ? null : roundAmount(bet.balance, unit, "floor"), roundId: null, symbols: [], detail: "", win: "0" };
    }
    try {
      // A lost round is closed with a win of zero, as the protocol's rounds always end with a call.
      const paid = await wallet.call("win", { ...base, transactionId: `${roundId}-win`, amount: win, roundClosed: true });
      if (paid.status !== "OK") logger.error({ roundId, status: paid.status }, "sandbox aggregator: the wallet refused a win");
      return { status: paid.status, balance: paid.balance === undefined ? null : roundAmount(paid.balance, unit, "floor"), roundId, ...shown, ...freeRoundsLeft };
    } catch (error) {
      if (!(error instanceof WalletUnavailable)) throw error;
      logger.error({ err: error, roundId }, "sandbox aggregator: win not delivered; the round stays open");
      return { status: "UNAVAILABLE", balance: null, roundId, ...shown };
    }
  }

  /** One free round of the session's grant on its game, taken by a guarded decrement; null when none is left. */
  async function takeFreeRound(operatorToken: string, gameCode: string) {
    const [grant] = await db
      .select({ reference: sandboxAggregatorFreeRounds.reference })
      .from(sandboxAggregatorFreeRounds)
      .where(and(eq(sandboxAggregatorFreeRounds.operatorToken, operatorToken), eq(sandboxAggregatorFreeRounds.gameCode, gameCode), gt(sandboxAggregatorFreeRounds.remaining, 0)))
      .limit(1);
    if (!grant) return null;
    const [taken] = await db
      .update(sandboxAggregatorFreeRounds)
      .set({ remaining: sql`${sandboxAggregatorFreeRounds.remaining} - 1` })
      .where(and(eq(sandboxAggregatorFreeRounds.reference, grant.reference), gt(sandboxAggregatorFreeRounds.remaining, 0)))
      .returning();
    return taken ?? null;
  }

  async function grantFreeRounds(grant: FreeRoundsGrant): Promise<void> {
    const values = { operatorToken: grant.token, provider: grant.provider, gameCode: grant.gameCode, currency: grant.currency, spinValue: grant.spinValue, remaining: grant.count, grantedAt: now() };
    await db
      .insert(sandboxAggregatorFreeRounds)
      .values({ reference: grant.reference, ...values })
      .onConflictDoUpdate({ target: sandboxAggregatorFreeRounds.reference, set: values });
  }

  return { launch, spin, grantFreeRounds };
}
