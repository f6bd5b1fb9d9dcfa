import { randomUUID } from "node:crypto";
import { INVOICE_STATUS, INVOICE_TYPE, LIMIT_DEFINITION, LIMIT_PERIOD } from "@playfair/contracts/constants";
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import { LimitListSchema, type Limit } from "@playfair/contracts/player/limits";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { createLedger } from "../ledger/ledger.service.ts";
import { addMonths } from "./limit-periods.ts";
import { paymentInvoices } from "../payment/payment.schema.ts";
import { bearer, jsonPost, login, movableClock, registerPlayer, startAccountsServer } from "../player/player-test-helpers.ts";
import { players } from "../player/player.schema.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MINUTE_MS = 60 * 1000;

// A Monday, 00:30 UTC: the weekly period (Monday to Sunday) spans every move of the clock below.
const clock = movableClock(new Date("2026-03-02T00:30:00Z"));
let server: TestServer;

beforeAll(async () => {
  server = await startAccountsServer({ now: clock.now });
});

afterAll(async () => {
  await server?.close();
});

type Player = { playerId: string; email: string; token: string; walletAccountId: string };

async function newPlayer(): Promise<Player> {
  const registered = await registerPlayer(server);
  const [account] = await server.app.database.db.select({ id: walletAccounts.id }).from(walletAccounts).where(eq(walletAccounts.playerId, registered.playerId));
  return { playerId: registered.playerId, email: registered.email, token: registered.accessToken, walletAccountId: account!.id };
}

/** Access tokens live 15 minutes: after moving the clock a day, the player signs in again. */
async function signInAgain(player: Player): Promise<Response> {
  const response = await login(server, player.email);
  if (response.status === 200) player.token = (await readJson(response.clone())).accessToken;
  return response;
}

function send(player: Player, method: string, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = body === undefined ? { method } : { ...jsonPost(body), method };
  return server.request(`/api/player/limits${path}`, bearer(player.token, init));
}

async function listLimits(player: Player): Promise<Limit[]> {
  const response = await send(player, "GET", "");
  expect(response.status).toBe(200);
  return LimitListSchema.parse(await readJson(response)).data;
}

async function createLimit(player: Player, body: Record<string, unknown>): Promise<Limit> {
  const response = await send(player, "POST", "", body);
  const json = await readJson(response);
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json.data;
}

const depositLimit = (period: number, amount: string) => ({ definition: LIMIT_DEFINITION.deposit, period, amount, currency: "EUR" });

/** What the payments service does: reserve room under the limits, then write a pending invoice, in one transaction. */
function deposit(player: Player, amount: string) {
  const { limits } = server.app.services;
  return server.app.database.db.transaction(async (tx) => {
    await limits.reserveDeposit(tx, { playerId: player.playerId, currency: "EUR", amount });
    await tx.insert(paymentInvoices).values({
      playerId: player.playerId,
      walletAccountId: player.walletAccountId,
      type: INVOICE_TYPE.deposit,
      status: INVOICE_STATUS.pending,
      methodCode: "sandbox.deposit.card",
      provider: "sandbox",
      currency: "EUR",
      amount,
      createdAt: clock.now(),
    });
  });
}

async function insertInvoice(player: Player, values: { type: number; status: number; amount: string }) {
  await server.app.database.db.insert(paymentInvoices).values({
    playerId: player.playerId,
    walletAccountId: player.walletAccountId,
    methodCode: "sandbox.card",
    provider: "sandbox",
    currency: "EUR",
    createdAt: clock.now(),
    ...values,
  });
}

describe("limits API", () => {
  it("sets limits at once and lists them by definition, then daily, weekly, monthly", async () => {
    const player = await newPlayer();
    await createLimit(player, depositLimit(LIMIT_PERIOD.monthly, "1000"));
    await createLimit(player, { definition: LIMIT_DEFINITION.loss, period: LIMIT_PERIOD.weekly, amount: "200", currency: "EUR" });
    await createLimit(player, depositLimit(LIMIT_PERIOD.daily, "50.5"));
    await createLimit(player, { definition: LIMIT_DEFINITION.bet, period: LIMIT_PERIOD.daily, amount: "20", currency: "EUR" });

    const limits = await listLimits(player);
    expect(limits.map((limit) => [limit.definition, limit.period, limit.amount])).toEqual([
      [LIMIT_DEFINITION.bet, LIMIT_PERIOD.daily, "20.00"],
      [LIMIT_DEFINITION.loss, LIMIT_PERIOD.weekly, "200.00"],
      [LIMIT_DEFINITION.deposit, LIMIT_PERIOD.daily, "50.50"],
      [LIMIT_DEFINITION.deposit, LIMIT_PERIOD.monthly, "1000.00"],
    ]);
    expect(limits.every((limit) => limit.pendingChange === null && limit.used !== null)).toBe(true);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const player = await newPlayer();
    const cases: [Record<string, unknown>, string][] = [
      [{ definition: LIMIT_DEFINITION.deposit, period: LIMIT_PERIOD.daily, currency: "EUR" }, "amount"],
      [depositLimit(LIMIT_PERIOD.daily, "0"), "amount"],
      [depositLimit(LIMIT_PERIOD.daily, "-5"), "amount"],
      [depositLimit(LIMIT_PERIOD.daily, "10.001"), "amount"],
      [depositLimit(7, "10"), "period"],
      [{ ...depositLimit(LIMIT_PERIOD.daily, "10"), currency: "USD" }, "currency"],
      [{ definition: 9 }, "definition"],
      [{ definition: LIMIT_DEFINITION.selfExclusion, months: 3 }, "months"],
      [{ definition: LIMIT_DEFINITION.coolingOff, days: 1 }, "days"],
      [{ definition: LIMIT_DEFINITION.coolingOff, days: 31 }, "days"],
    ];
    for (const [body, field] of cases) {
      const response = await send(player, "POST", "", body);
      const json = await readJson(response);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(json.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await listLimits(player)).toEqual([]);
    expect((await signInAgain(player)).status).toBe(200);
  });

  it("refuses a second limit of the same kind, period and currency (edit that one instead)", async () => {
    const player = await newPlayer();
    await createLimit(player, depositLimit(LIMIT_PERIOD.daily, "100"));
    const response = await send(player, "POST", "", depositLimit(LIMIT_PERIOD.daily, "80"));
    expect(response.status).toBe(409);
    expect((await listLimits(player)).map((limit) => limit.amount)).toEqual(["100.00"]);
  });

  it("documents the four endpoints in the OpenAPI document", async () => {
    const document = await readJson(await server.request("/api/docs/json"));
    expect(Object.keys(document.paths["/api/player/limits/"] ?? document.paths["/api/player/limits"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/player/limits/{id}"]).sort()).toEqual(["delete", "put"]);
  });

  it("answers 404 for another player's limit", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const limit = await createLimit(owner, depositLimit(LIMIT_PERIOD.daily, "100"));
    expect((await send(other, "PUT", `/${limit.id}`, { amount: "5" })).status).toBe(404);
    expect((await send(other, "DELETE", `/${limit.id}`)).status).toBe(404);
    expect((await listLimits(owner))[0]?.amount).toBe("100.00");
  });
});

describe("P1: decreases apply at once, increases and removals after 24 hours", () => {
  it("applies a decrease at once", async () => {
    const player = await newPlayer();
    const limit = await createLimit(player, depositLimit(LIMIT_PERIOD.weekly, "100"));
    const response = await send(player, "PUT", `/${limit.id}`, { amount: "40" });
    expect(response.status).toBe(200);
    expect((await readJson(response)).data).toMatchObject({ amount: "40.00", pendingChange: null });
    await deposit(player, "40");
    await expect(deposit(player, "0.01")).rejects.toMatchObject({ code: "DEPOSIT_LIMIT_REACHED", reason: "13100" });
  });

  it("keeps the old cap for 23h59m after an increase and lifts it at 24h", async () => {
    const player = await newPlayer();
    const limit = await createLimit(player, depositLimit(LIMIT_PERIOD.weekly, "100"));
    await deposit(player, "50");
    const requestedAt = clock.now();
    const response = await send(player, "PUT", `/${limit.id}`, { amount: "200" });
    const updated = (await readJson(response)).data as Limit;
    expect(updated.amount).toBe("100.00");
    expect(updated.pendingChange).toEqual({ kind: "increase", amount: "200.00", effectiveAt: new Date(requestedAt.getTime() + DAY_MS).toISOString() });

    clock.advance(DAY_MS - MINUTE_MS);
    await expect(deposit(player, "60")).rejects.toMatchObject({ code: "VALIDATION_FAILED", fieldErrors: { amount: ["Your deposit limit leaves room for 50.00 EUR this week."] } });
    await signInAgain(player);
    expect((await listLimits(player))[0]).toMatchObject({ amount: "100.00", used: "50.00" });

    clock.advance(MINUTE_MS);
    await deposit(player, "60");
    await signInAgain(player);
    expect((await listLimits(player))[0]).toMatchObject({ amount: "200.00", pendingChange: null, used: "110.00" });
  });

  it("does not restart the 24 hours when the same increase is asked for again", async () => {
    const player = await newPlayer();
    const limit = await createLimit(player, depositLimit(LIMIT_PERIOD.monthly, "100"));
    const first = (await readJson(await send(player, "PUT", `/${limit.id}`, { amount: "300" }))).data as Limit;
    clock.advance(HOUR_MS);
    await signInAgain(player);
    const again = (await readJson(await send(player, "PUT", `/${limit.id}`, { amount: "300.00" }))).data as Limit;
    expect(again.pendingChange?.effectiveAt).toBe(first.pendingChange?.effectiveAt);
    // A decrease meanwhile cancels the pending increase.
    const lowered = (await readJson(await send(player, "PUT", `/${limit.id}`, { amount: "90" }))).data as Limit;
    expect(lowered).toMatchObject({ amount: "90.00", pendingChange: null });
  });

  it("keeps a removed limit in force for 24 hours", async () => {
    const player = await newPlayer();
    const limit = await createLimit(player, depositLimit(LIMIT_PERIOD.weekly, "30"));
    const removedAt = clock.now();
    const response = await send(player, "DELETE", `/${limit.id}`);
    expect(response.status).toBe(200);
    expect((await readJson(response)).data.pendingChange).toEqual({ kind: "remove", amount: null, effectiveAt: new Date(removedAt.getTime() + DAY_MS).toISOString() });

    clock.advance(DAY_MS - MINUTE_MS);
    await expect(deposit(player, "30.01")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    clock.advance(MINUTE_MS);
    await deposit(player, "500");
    await signInAgain(player);
    expect(await listLimits(player)).toEqual([]);
  });

  it("treats a new period as a new limit at once, and the old period's end as a loosening", async () => {
    const player = await newPlayer();
    const daily = await createLimit(player, depositLimit(LIMIT_PERIOD.daily, "100"));
    const response = await send(player, "PUT", `/${daily.id}`, { amount: "20", period: LIMIT_PERIOD.weekly });
    expect(response.status).toBe(200);
    const limits = await listLimits(player);
    expect(limits.map((limit) => [limit.period, limit.amount, limit.pendingChange?.kind ?? null])).toEqual([
      [LIMIT_PERIOD.daily, "100.00", "remove"],
      [LIMIT_PERIOD.weekly, "20.00", null],
    ]);
  });
});

describe("P2: deposit limits count gross deposits and the lowest limit wins", () => {
  it("counts pending and successful deposits, not failed ones, and a withdrawal frees no room", async () => {
    const player = await newPlayer();
    await createLimit(player, depositLimit(LIMIT_PERIOD.daily, "100"));
    await insertInvoice(player, { type: INVOICE_TYPE.deposit, status: INVOICE_STATUS.success, amount: "40" });
    await insertInvoice(player, { type: INVOICE_TYPE.deposit, status: INVOICE_STATUS.pending, amount: "30" });
    await insertInvoice(player, { type: INVOICE_TYPE.deposit, status: INVOICE_STATUS.failed, amount: "500" });
    await insertInvoice(player, { type: INVOICE_TYPE.withdrawal, status: INVOICE_STATUS.success, amount: "70" });

    expect((await listLimits(player))[0]?.used).toBe("70.00");
    await expect(deposit(player, "30.01")).rejects.toMatchObject({ fieldErrors: { amount: ["Your deposit limit leaves room for 30.00 EUR today."] } });
    await deposit(player, "30");
    const { limits } = server.app.services;
    expect(await limits.isDepositLimitReached(server.app.database.db, { playerId: player.playerId, currency: "EUR" })).toBe(true);
    await expect(deposit(player, "1")).rejects.toMatchObject({ code: "DEPOSIT_LIMIT_REACHED", status: 403, reason: "13100" });
  });

  it("applies the lowest room of the daily, weekly and monthly limits", async () => {
    const player = await newPlayer();
    await createLimit(player, depositLimit(LIMIT_PERIOD.daily, "100"));
    await createLimit(player, depositLimit(LIMIT_PERIOD.weekly, "60"));
    await createLimit(player, depositLimit(LIMIT_PERIOD.monthly, "500"));
    await expect(deposit(player, "61")).rejects.toMatchObject({ fieldErrors: { amount: ["Your deposit limit leaves room for 60.00 EUR this week."] } });
    await deposit(player, "60");
    await expect(deposit(player, "1")).rejects.toMatchObject({ code: "DEPOSIT_LIMIT_REACHED" });
  });

  it("never lets parallel deposits exceed a limit together", async () => {
    const player = await newPlayer();
    await createLimit(player, depositLimit(LIMIT_PERIOD.daily, "100"));
    const attempts = await Promise.allSettled(Array.from({ length: 12 }, () => deposit(player, "30")));
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(3);
    for (const attempt of attempts) {
      if (attempt.status === "rejected") expect(attempt.reason).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    const invoices = await server.app.database.db.select({ amount: paymentInvoices.amount }).from(paymentInvoices).where(eq(paymentInvoices.playerId, player.playerId));
    expect(invoices.map((invoice) => invoice.amount)).toEqual(["30", "30", "30"]);
  });

  it("ignores deposit limits of other currencies", async () => {
    const player = await newPlayer();
    await server.request("/api/wallet/accounts", bearer(player.token, jsonPost({ currency: "USD" })));
    await createLimit(player, { ...depositLimit(LIMIT_PERIOD.daily, "10"), currency: "USD" });
    await deposit(player, "50");
  });
});

describe("deposits through the payments API", () => {
  const card = { cardNumber: SANDBOX_TEST_CARDS.success, cardExpiry: "12/39", cardCvc: "123", playerName: "Ada Lovelace" };

  function payment(player: Player, direction: "deposit" | "withdrawal", amount: string): Promise<Response> {
    const body =
      direction === "deposit"
        ? { amount, currency: "EUR", methodCode: "sandbox.deposit.card", fields: card }
        : { amount, currency: "EUR", methodCode: "sandbox.withdrawal.skrill", fields: { playerEmail: "ada@example.com" } };
    return server.request(`/api/payment/invoices/${direction}`, bearer(player.token, jsonPost(body, { "idempotency-key": randomUUID() })));
  }

  it("refuses what the limit has no room for, then answers 13100 on the methods call; a withdrawal frees no room", async () => {
    const player = await newPlayer();
    await createLimit(player, depositLimit(LIMIT_PERIOD.daily, "100"));
    expect((await payment(player, "deposit", "60")).status).toBe(201);
    const tooMuch = await payment(player, "deposit", "50");
    expect(tooMuch.status).toBe(422);
    expect((await readJson(tooMuch)).errors.amount).toEqual(["Your deposit limit leaves room for 40.00 EUR today."]);
    expect((await payment(player, "deposit", "40")).status).toBe(201);

    const methods = await server.request("/api/payment/methods/deposit?currency=EUR", bearer(player.token));
    expect(methods.status).toBe(403);
    expect(await readJson(methods)).toMatchObject({ code: "DEPOSIT_LIMIT_REACHED", reason: "13100" });

    expect((await payment(player, "withdrawal", "30")).status).toBe(201);
    expect((await server.request("/api/payment/methods/deposit?currency=EUR", bearer(player.token))).status).toBe(403);
    expect((await listLimits(player))[0]?.used).toBe("100.00");
  });
});

describe("P3 and P4: self-exclusion and cooling-off", () => {
  it("self-excludes at once for at least 6 months: sessions end, the next sign-in is restricted, deposits and stakes are refused", async () => {
    const player = await newPlayer();
    const startedAt = clock.now();
    const excluded = await createLimit(player, { definition: LIMIT_DEFINITION.selfExclusion, months: 6 });
    expect(excluded).toMatchObject({ definition: LIMIT_DEFINITION.selfExclusion, endsAt: addMonths(startedAt, 6).toISOString(), amount: null });

    expect((await send(player, "GET", "")).status).toBe(401);
    const signIn = await signInAgain(player);
    expect(signIn.status).toBe(200);
    expect((await readJson(signIn)).profile.restriction).toEqual({ reason: "selfExcluded", until: excluded.endsAt });

    const { limits } = server.app.services;
    await expect(deposit(player, "10")).rejects.toMatchObject({ code: "RESTRICTED_MODE", reason: "selfExcluded" });
    await expect(limits.assertMoneyInAllowed(server.app.database.db, player.playerId)).rejects.toMatchObject({ reason: "selfExcluded" });
    await expect(limits.assertCanStake(server.app.database.db, { playerId: player.playerId, currency: "EUR", amount: "1" })).rejects.toMatchObject({ reason: "selfExcluded" });
    // It can be made longer, never shorter or lifted.
    await expect(limits.remove(player.playerId, excluded.id)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(limits.update(player.playerId, excluded.id, { amount: "1" })).rejects.toMatchObject({ code: "CONFLICT" });
    const extended = await limits.create(player.playerId, { definition: LIMIT_DEFINITION.selfExclusion, months: 12 });
    await expect(limits.create(player.playerId, { definition: LIMIT_DEFINITION.selfExclusion, months: 6 })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(extended.id).toBe(excluded.id);

    clock.advance(364 * DAY_MS);
    expect((await readJson(await signInAgain(player))).profile.restriction).toMatchObject({ reason: "selfExcluded" });
    clock.advance(2 * DAY_MS);
    expect((await readJson(await signInAgain(player))).profile.restriction).toBeNull();
    await deposit(player, "10");
    clock.advance(-366 * DAY_MS);
  });

  it("cools off for 2 to 30 days, signs the player out to restricted mode and cannot be shortened", async () => {
    const player = await newPlayer();
    const coolingOff = await createLimit(player, { definition: LIMIT_DEFINITION.coolingOff, days: 2 });
    expect(coolingOff.endsAt).toBe(new Date(clock.now().getTime() + 2 * DAY_MS).toISOString());
    expect((await send(player, "GET", "")).status).toBe(401);
    const signIn = await signInAgain(player);
    expect(signIn.status).toBe(200);
    expect((await readJson(signIn)).profile.restriction).toEqual({ reason: "coolingOff", until: coolingOff.endsAt });
    await expect(deposit(player, "10")).rejects.toMatchObject({ code: "RESTRICTED_MODE", reason: "coolingOff" });

    const { limits } = server.app.services;
    await expect(limits.remove(player.playerId, coolingOff.id)).rejects.toMatchObject({ code: "CONFLICT" });
    clock.advance(DAY_MS);
    await expect(limits.create(player.playerId, { definition: LIMIT_DEFINITION.coolingOff, days: 2 })).resolves.toMatchObject({ id: coolingOff.id });
    clock.advance(DAY_MS + HOUR_MS);
    expect((await readJson(await signInAgain(player))).profile.restriction).toMatchObject({ reason: "coolingOff" });
    await expect(deposit(player, "10")).rejects.toMatchObject({ code: "RESTRICTED_MODE" });
    clock.advance(DAY_MS);
    expect((await readJson(await signInAgain(player))).profile.restriction).toBeNull();
    expect(await listLimits(player)).toEqual([]);
    await deposit(player, "10");
    clock.advance(-(3 * DAY_MS + HOUR_MS));
  });
});

describe("the shared stake check of games and the sportsbook", () => {
  async function play(player: Player, kind: string, amount: string) {
    const ledger = createLedger();
    const db = server.app.database.db;
    const accounts = await ledger.playerAccounts(db, player.walletAccountId, "EUR");
    const house = await ledger.houseAccount(db, "game-house", "EUR");
    const isStake = kind.endsWith("stake");
    await ledger.post(db, {
      kind,
      idempotencyKey: randomUUID(),
      legs: [
        { accountId: accounts.cash, amount: isStake ? `-${amount}` : amount },
        { accountId: house, amount: isStake ? amount : `-${amount}` },
      ],
      metadata: { playerId: player.playerId },
    });
  }

  it("enforces bet limits on stakes and loss limits on stakes minus wins", async () => {
    const player = await newPlayer();
    const ledger = createLedger();
    const db = server.app.database.db;
    const accounts = await ledger.playerAccounts(db, player.walletAccountId, "EUR");
    await ledger.post(db, {
      kind: "deposit",
      idempotencyKey: randomUUID(),
      legs: [
        { accountId: await ledger.houseAccount(db, "payment-clearing:sandbox", "EUR"), amount: "-500" },
        { accountId: accounts.cash, amount: "500" },
      ],
    });
    const { limits } = server.app.services;
    const canStake = (amount: string) => limits.assertCanStake(db, { playerId: player.playerId, currency: "EUR", amount });

    await createLimit(player, { definition: LIMIT_DEFINITION.bet, period: LIMIT_PERIOD.daily, amount: "100", currency: "EUR" });
    await createLimit(player, { definition: LIMIT_DEFINITION.loss, period: LIMIT_PERIOD.daily, amount: "50", currency: "EUR" });
    await play(player, "game-stake", "40");
    await play(player, "game-win", "30");
    // Staked 40 (60 left under the bet limit); lost 10 (40 left under the loss limit).
    await expect(canStake("41")).rejects.toMatchObject({ fieldErrors: { amount: ["Your loss limit leaves room for 40.00 EUR today."] } });
    await canStake("40");
    await play(player, "sport-stake", "50");
    await expect(canStake("10.01")).rejects.toMatchObject({ fieldErrors: { amount: ["Your bet limit leaves room for 10.00 EUR today."] } });
    await play(player, "sport-refund", "50");
    await play(player, "game-stake", "40");
    await expect(canStake("1")).rejects.toMatchObject({ code: "VALIDATION_FAILED", status: 422, reason: "lossLimitReached" });
    expect((await listLimits(player)).map((limit) => limit.used)).toEqual(["80.00", "50.00"]);
  });
});

describe("players table", () => {
  it("records the end of a self-exclusion on the player", async () => {
    const player = await newPlayer();
    const limit = await createLimit(player, { definition: LIMIT_DEFINITION.selfExclusion, months: 12 });
    const [row] = await server.app.database.db.select({ until: players.selfExcludedUntil }).from(players).where(eq(players.id, player.playerId));
    expect(row?.until?.toISOString()).toBe(limit.endsAt);
  });
});
