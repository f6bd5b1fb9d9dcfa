import { crashPoint, verifyChainPosition } from "@playfair/fairness";
import { CRASH_CHANNEL, crashMillisecondsTo } from "@playfair/contracts/game/crash";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readJson } from "../../../../test/test-server.ts";
import { ledgerTransactions } from "../../ledger/ledger.schema.ts";
import { players } from "../../player/player.schema.ts";
import { bearer, cashOf, expectLedgerClean, launch, sessionFor } from "../play/game-play-test-kit.ts";
import { hundredthsText } from "./crash-views.ts";
import {
  bettingRound,
  cashOut,
  clockAtMultiplier,
  outboxOn,
  placeBet,
  postingsOf,
  roundById,
  startRunning,
  crashTestServer,
} from "./crash-test-kit.ts";

// The shared crash round: bets only while betting, cash-outs before the crash at the server's
// multiplier and never after it, auto cash-outs, one settlement per bet (L4, L5), limits and
// restricted mode at stake time (P3), demo money off the ledger, and the public record that
// proves each point against the chain's commitment.

const crash = crashTestServer();
const { clock, fundedPlayer } = crash;

describe("crash launch and betting phase", () => {
  it("launches playfair-crash as an original played in our page, real and demo", async () => {
    const player = await fundedPlayer("5.00");
    const real = await launch(crash.server, player, "playfair-crash", {});
    expect(real.status).toBe(201);
    expect(await readJson(real)).toMatchObject({ kind: "original", url: null, demo: false, currency: "EUR" });
    expect(await readJson(await launch(crash.server, null, "playfair-crash", { demo: true }))).toMatchObject({ kind: "original", demo: true, currency: "FUN" });
  });

  it("takes a bet while the round is betting and refuses one once it runs, without moving money", async () => {
    const player = await fundedPlayer("10.00");
    await crash.server.database.db.update(players).set({ nickname: "Lucky7" }).where(eq(players.id, player.playerId));
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    const round = await bettingRound(crash.server, clock);
    const placed = await placeBet(crash.server, player, sessionId, { amount: "2.00" });
    expect(placed.status).toBe(201);
    const body = await readJson(placed);
    expect(body).toMatchObject({ data: { roundId: round.id, status: "active", amount: "2.00", autoCashout: null }, balance: "8.00" });

    // While the round is in play nobody sees its point or hash.
    const state = await readJson(await crash.server.request("/api/game/crash/round"));
    expect(state.data.round).toMatchObject({ id: round.id, status: "betting", crashPoint: null, hash: null });
    expect(state.data.bets).toEqual([expect.objectContaining({ id: body.data.id, amount: "2.00", player: "Lu***" })]);
    expect(JSON.stringify(state)).not.toContain(round.hash);

    await startRunning(crash.server, clock, round);
    const late = await placeBet(crash.server, player, sessionId, { amount: "1.00" });
    expect(late.status).toBe(409);
    expect(await cashOf(crash.server, player)).toBe("8.00");
    const events = await outboxOn(crash.server.database.db, CRASH_CHANNEL);
    expect(events).toContainEqual(expect.objectContaining({ event: "crash.bet", bet: expect.objectContaining({ id: body.data.id }) }));
    expect(events).toContainEqual(expect.objectContaining({ event: "crash.round", round: expect.objectContaining({ id: round.id, status: "running", hash: null, crashPoint: null }) }));
  });
});

describe("cash-outs", () => {
  it("pays a cash-out before the crash at the server's multiplier and refuses one after it; the late bet loses at the crash", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    const round = await bettingRound(crash.server, clock, (point) => point >= 200);
    const early = await readJson(await placeBet(crash.server, player, sessionId, { amount: "1.00" }));
    const late = await readJson(await placeBet(crash.server, player, sessionId, { amount: "1.00" }));
    const running = await startRunning(crash.server, clock, round);

    expect((await cashOut(crash.server, player, sessionId, early.data.id)).status).toBe(200);
    // Cashed at 1.00x right away would be the stake back; move to 1.50x first for a real win.
    clockAtMultiplier(clock, running, 150);
    const second = await readJson(await cashOut(crash.server, player, sessionId, late.data.id));
    expect(second.data).toMatchObject({ status: "cashed", cashoutMultiplier: "1.50", payout: "1.50" });

    // A new pair on the next round: one cashed out after its crash instant loses.
    const next = await bettingRound(crash.server, clock, (point) => point >= 120 && point < 100_000);
    const bet = await readJson(await placeBet(crash.server, player, sessionId, { amount: "1.00" }));
    const nextRunning = await startRunning(crash.server, clock, next);
    clockAtMultiplier(clock, nextRunning, next.crashPoint);
    const tooLate = await cashOut(crash.server, player, sessionId, bet.data.id);
    expect(tooLate.status).toBe(409);
    await crash.server.app.services.crash.loop.tick();
    const crashed = await roundById(crash.server.database.db, next.id);
    expect(crashed.status).toBe("crashed");
    const mine = await readJson(await crash.server.request("/api/game/crash/bets", bearer(player)));
    expect(mine.data.find((row: { id: string }) => row.id === bet.data.id)).toMatchObject({ status: "lost", payout: "0.00" });
    // 10 - 2 stakes + 1.00 + 1.50 - 1 stake.
    expect(await cashOf(crash.server, player)).toBe("9.50");
    expect(await postingsOf(crash.server.database.db, bet.data.id)).toEqual(["game-stake stake", "game-win resolve"]);
    await expectLedgerClean(crash.server);
  });

  it("never pays above the crash point: the cash-out in the round's last moment is at most its point", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    const round = await bettingRound(crash.server, clock, (point) => point >= 150 && point < 100_000);
    const bet = await readJson(await placeBet(crash.server, player, sessionId, { amount: "1.00" }));
    const running = await startRunning(crash.server, clock, round);
    clock.set(new Date(running.startedAt!.getTime() + crashMillisecondsTo(round.crashPoint) - 1));
    const answer = await readJson(await cashOut(crash.server, player, sessionId, bet.data.id));
    expect(answer.data.status).toBe("cashed");
    expect(Number(answer.data.cashoutMultiplier) * 100).toBeLessThanOrEqual(round.crashPoint);
    await expectLedgerClean(crash.server);
  });

  it("settles auto cash-outs at their target when the curve reaches it, and loses a target above the point", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    const round = await bettingRound(crash.server, clock, (point) => point >= 200 && point < 100_000);
    const reached = await readJson(await placeBet(crash.server, player, sessionId, { amount: "2.00", autoCashout: "1.2" }));
    const missed = await readJson(await placeBet(crash.server, player, sessionId, { amount: "1.00", autoCashout: hundredthsText(round.crashPoint + 1) }));
    expect(reached.data.autoCashout).toBe("1.20");
    const running = await startRunning(crash.server, clock, round);
    clockAtMultiplier(clock, running, 130);
    await crash.server.app.services.crash.loop.tick();
    const mine = async () => (await readJson(await crash.server.request("/api/game/crash/bets", bearer(player)))).data as { id: string; status: string; payout: string | null; cashoutMultiplier: string | null }[];
    expect((await mine()).find((row) => row.id === reached.data.id)).toMatchObject({ status: "cashed", cashoutMultiplier: "1.20", payout: "2.40" });
    expect((await mine()).find((row) => row.id === missed.data.id)).toMatchObject({ status: "active" });
    clockAtMultiplier(clock, running, round.crashPoint);
    await crash.server.app.services.crash.loop.tick();
    expect((await mine()).find((row) => row.id === missed.data.id)).toMatchObject({ status: "lost" });
    expect(await cashOf(crash.server, player)).toBe("9.40");
    const spins = await outboxOn(crash.server.database.db, `game:spins#${player.playerId}`);
    expect(spins).toContainEqual(expect.objectContaining({ event: "bet.placebet", spin: expect.objectContaining({ id: reached.data.id, game: "playfair-crash", status: "settled", multiplier: "1.20" }) }));
    expect(await outboxOn(crash.server.database.db, CRASH_CHANNEL)).toContainEqual(expect.objectContaining({ event: "crash.cashout", bet: expect.objectContaining({ id: reached.data.id, cashoutMultiplier: "1.20" }) }));
    await expectLedgerClean(crash.server);
  });
});

describe("stakes through the ledger", () => {
  it("accepts exactly 10 of 50 parallel bets when the balance covers 10", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    await bettingRound(crash.server, clock);
    const answers = await Promise.all(Array.from({ length: 50 }, () => placeBet(crash.server, player, sessionId, { amount: "1.00" })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40);
    expect(await cashOf(crash.server, player)).toBe("0.00");
    await expectLedgerClean(crash.server);
  });

  it("answers an identical retried bet with the same bet, settled once, and refuses the key with another body", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    const round = await bettingRound(crash.server, clock);
    const headers = { "idempotency-key": "crash-retry-1" };
    const [first, second] = await Promise.all([placeBet(crash.server, player, sessionId, { amount: "3.00" }, headers), placeBet(crash.server, player, sessionId, { amount: "3.00" }, headers)]);
    const [a, b] = [await readJson(first), await readJson(second)];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(a.data.id).toBe(b.data.id);
    expect([first.headers.get("idempotent-replayed"), second.headers.get("idempotent-replayed")].filter(Boolean)).toEqual(["true"]);
    expect((await placeBet(crash.server, player, sessionId, { amount: "4.00" }, headers)).status).toBe(409);
    const running = await startRunning(crash.server, clock, round);
    clockAtMultiplier(clock, running, round.crashPoint);
    await crash.server.app.services.crash.loop.tick();
    // Retried after the round is over: still the same bet, no new stake.
    const again = await placeBet(crash.server, player, sessionId, { amount: "3.00" }, headers);
    expect((await readJson(again)).data.id).toBe(a.data.id);
    expect(await postingsOf(crash.server.database.db, a.data.id)).toEqual(["game-stake stake", "game-win resolve"]);
    expect(await cashOf(crash.server, player)).toBe("7.00");
    await expectLedgerClean(crash.server);
  });

  it("refuses a self-excluded player's bet, publishes game.bet.restricted and moves no money", async () => {
    const player = await fundedPlayer("10.00");
    const sessionId = await sessionFor(crash.server, player, "playfair-crash");
    await bettingRound(crash.server, clock);
    await crash.server.database.db.update(players).set({ selfExcludedUntil: new Date(clock.now().getTime() + 180 * 86_400_000) }).where(eq(players.id, player.playerId));
    const refused = await placeBet(crash.server, player, sessionId, { amount: "1.00" });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ code: "RESTRICTED_MODE", reason: "selfExcluded" });
    expect(await outboxOn(crash.server.database.db, `game:bets#${player.playerId}`)).toEqual([expect.objectContaining({ event: "game.bet.restricted", reason: "selfExcluded" })]);
    expect(await cashOf(crash.server, player)).toBe("10.00");
  });

  it("plays demo bets with the session's play money, never on the ledger or the public channel", async () => {
    const sessionId = await sessionFor(crash.server, null, "playfair-crash", { demo: true });
    const round = await bettingRound(crash.server, clock, (point) => point >= 200 && point < 100_000);
    const before = (await crash.server.database.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)).length;
    const bet = await readJson(await placeBet(crash.server, null, sessionId, { amount: "10.00", autoCashout: "2.00" }));
    expect(bet).toMatchObject({ data: { demo: true, currency: "FUN" }, balance: "990.00" });
    const running = await startRunning(crash.server, clock, round);
    clockAtMultiplier(clock, running, round.crashPoint);
    await crash.server.app.services.crash.loop.tick();
    const again = await readJson(await placeBet(crash.server, null, sessionId, { amount: "0.10" }));
    expect(again.code).toBe("CONFLICT");
    expect((await crash.server.database.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)).length).toBe(before);
    expect(JSON.stringify(await outboxOn(crash.server.database.db, CRASH_CHANNEL))).not.toContain(bet.data.id);
  });
});

describe("fairness of the shared round", () => {
  it("publishes each played round's hash, salt and point, which the chain's commitment proves", async () => {
    const round = await bettingRound(crash.server, clock);
    const running = await startRunning(crash.server, clock, round);
    clockAtMultiplier(clock, running, round.crashPoint);
    await crash.server.app.services.crash.loop.tick();
    const record = (await readJson(await crash.server.request(`/api/game/crash/rounds/${round.id}`))).data;
    expect(record).toMatchObject({ status: "crashed", hash: round.hash, crashPoint: hundredthsText(round.crashPoint) });
    expect(verifyChainPosition(record.hash, record.commitment, record.chainLength)).toBe(record.position);
    expect(hundredthsText(crashPoint(record.hash, record.salt))).toBe(record.crashPoint);
    const history = await readJson(await crash.server.request("/api/game/crash/rounds?perPage=5"));
    expect(history.data[0]).toMatchObject({ id: round.id, hash: round.hash });
    const crashedEvent = (await outboxOn(crash.server.database.db, CRASH_CHANNEL)).find((event) => event.event === "crash.round" && (event.round as { id: string; status: string }).id === round.id && (event.round as { status: string }).status === "crashed");
    expect(crashedEvent).toMatchObject({ round: { crashPoint: record.crashPoint, hash: record.hash } });
  });
});
