import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BONUS_CODE_STATUS } from "@playfair/contracts/bonus/bonus-constants";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { checkLedger } from "../ledger/ledger-check.ts";
import { accountOf, authorized, CARD_FIELDS, cardDeposit, createInvoice, jsonBody, newPlayer, startPaymentServer } from "../payment/payment-test-kit.ts";
import { players } from "../player/player.schema.ts";
import { registerPlayer, type RegisteredPlayer } from "../player/player-test-helpers.ts";
import { bonusClaims, bonusCodes, playerFreespins } from "./bonus.schema.ts";
import { depositReward, enterCode, freshWelcomePackage, getJson, insertCode, insertTemplate, playerBonusesOf, switchOffDepositTemplates } from "./deposit-bonus-test-kit.ts";

let server: TestServer;
let noDepositId: string;
let depositMatchId: string;

beforeAll(async () => {
  server = await startPaymentServer();
  await switchOffDepositTemplates(server);
  noDepositId = (await insertTemplate(server, { kind: "noDeposit", amount: { EUR: "10", USD: "10" } }, { perPlayerLimit: 100 })).id;
  // Given by deposit codes: 100% up to 50 EUR from 20 EUR.
  depositMatchId = (await insertTemplate(server, depositReward("100", "50", { minEur: "20" }), { perPlayerLimit: 100 })).id;
});

afterAll(async () => {
  await server?.close();
});

/** A no-deposit template of its own: claims are per template, and every test player shares one address. */
async function noDeposit(): Promise<string> {
  return (await insertTemplate(server, { kind: "noDeposit", amount: { EUR: "10", USD: "10" } }, { perPlayerLimit: 100 })).id;
}

type Answer = { status: number; json: { reason?: string; errors?: Record<string, string[]>; data?: { id: string; status: number; playerBonusId: string | null } } };

function expectRefused(answer: Answer, reason: "3" | "4", message: string) {
  expect(answer.status).toBe(422);
  expect(answer.json.reason).toBe(reason);
  expect(answer.json.errors?.bonusCode).toEqual([message]);
}

async function codesOf(player: RegisteredPlayer, trigger?: string) {
  const { json } = await getJson(server, player, `/api/game/bonuses/bonuscodes${trigger ? `?trigger=${trigger}` : ""}`);
  return json.data as { id: string; code: string; status: number; trigger: string; playerBonusId: string | null }[];
}

describe("entering a code", () => {
  it("gives a manual code's no-deposit bonus at once, active, and opts the player in", async () => {
    const code = await insertCode(server, await noDeposit(), "manual");
    const player = await newPlayer(server);
    const answer = await enterCode(server, player, code.toLowerCase());
    expect(answer.status).toBe(201);
    expect(answer.json.data).toMatchObject({ code, status: BONUS_CODE_STATUS.used });
    const [bonus] = await playerBonusesOf(server, player);
    expect(bonus).toMatchObject({ id: answer.json.data!.playerBonusId, source: "code", status: PLAYER_BONUS_STATUS.active, issueSessionId: player.sessionId });
    expect((await accountOf(server, player)).balance).toBe("10.00");
    const [row] = await server.database.db.select({ receiveBonus: players.receiveBonus }).from(players).where(eq(players.id, player.playerId));
    expect(row!.receiveBonus).toBe(true);
    expect((await codesOf(player)).map((entry) => [entry.code, entry.status])).toEqual([[code, BONUS_CODE_STATUS.used]]);
  });

  it("answers status 3 for an unknown code and for a code of another trigger, and changes nothing", async () => {
    const player = await newPlayer(server);
    expectRefused(await enterCode(server, player, "NO-SUCH-CODE"), "3", "This bonus code does not exist.");
    const depositCode = await insertCode(server, depositMatchId, "deposit");
    expectRefused(await enterCode(server, player, depositCode, "manual"), "3", "This code gives its bonus with a deposit: enter it in the deposit form.");
    expect(await codesOf(player)).toEqual([]);
    const [row] = await server.database.db.select({ uses: bonusCodes.uses }).from(bonusCodes).where(eq(bonusCodes.code, depositCode));
    expect(row!.uses).toBe(0);
  });

  it("answers status 4 for an expired, used up, already used or excluded code", async () => {
    const player = await newPlayer(server);
    const expired = await insertCode(server, noDepositId, "manual", { validTo: new Date(Date.now() - 60_000) });
    expectRefused(await enterCode(server, player, expired), "4", "This bonus code has expired.");
    const single = await insertCode(server, noDepositId, "manual", { maxUses: 1 });
    expect((await enterCode(server, await newPlayer(server), single, "manual", { "user-agent": "first device" })).status).toBe(201);
    expectRefused(await enterCode(server, player, single, "manual", { "user-agent": "second device" }), "4", "This bonus code has been used up.");
    const twice = await insertCode(server, depositMatchId, "deposit");
    expect((await enterCode(server, player, twice, "deposit")).status).toBe(201);
    expectRefused(await enterCode(server, player, twice, "deposit"), "4", "You have already used this bonus code.");
    const excludedTemplate = await insertTemplate(server, { kind: "noDeposit", amount: { EUR: "5" } }, { terms: { excludedCountries: ["DE"] } });
    const excluded = await insertCode(server, excludedTemplate.id, "manual");
    expectRefused(await enterCode(server, player, excluded, "manual", { "user-agent": "third device" }), "4", "This bonus is not offered in your country.");
  });

  it("accepts a code with one use left for exactly one of many players entering it at once", async () => {
    const code = await insertCode(server, depositMatchId, "deposit", { maxUses: 1 });
    const contenders = await Promise.all(Array.from({ length: 6 }, () => newPlayer(server)));
    const answers = await Promise.all(contenders.map((player) => enterCode(server, player, code, "deposit")));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.status !== 201)) expectRefused(answer, "4", "This bonus code has been used up.");
    const [row] = await server.database.db.select({ uses: bonusCodes.uses }).from(bonusCodes).where(eq(bonusCodes.code, code));
    expect(row!.uses).toBe(1);
  });

  it("refuses a no-deposit bonus claimed again from the same device by another player, and logs no personal data", async () => {
    const code = await insertCode(server, noDepositId, "manual");
    const device = { "user-agent": `Abuser/1.0 ${code}` };
    expect((await enterCode(server, await newPlayer(server), code, "manual", device)).status).toBe(201);
    const second = await newPlayer(server);
    expectRefused(await enterCode(server, second, code, "manual", device), "4", "This bonus was already claimed from this device or payment account.");
    expect(await playerBonusesOf(server, second)).toEqual([]);
    // Another device on the same network is another device.
    expect((await enterCode(server, second, code, "manual", { "user-agent": `Other/2.0 ${code}` })).status).toBe(201);
    const claims = await server.database.db.select().from(bonusClaims).where(eq(bonusClaims.playerId, second.playerId));
    expect(claims.every((claim) => /^[0-9a-f]{64}$/.test(claim.fingerprint))).toBe(true);
  });
});

describe("deposit codes", () => {
  it("wait as status 1 until a qualifying deposit, which issues the bonus; a smaller one leaves them waiting", async () => {
    const code = await insertCode(server, depositMatchId, "deposit");
    const player = await newPlayer(server);
    const entered = await enterCode(server, player, code, "deposit");
    expect(entered.json.data).toMatchObject({ status: BONUS_CODE_STATUS.pending, playerBonusId: null });
    await cardDeposit(server, player, "10");
    expect((await codesOf(player, "deposit"))[0]).toMatchObject({ status: BONUS_CODE_STATUS.pending });
    expect(await playerBonusesOf(server, player)).toEqual([]);
    await cardDeposit(server, player, "30");
    const [used] = await codesOf(player, "deposit");
    expect(used).toMatchObject({ status: BONUS_CODE_STATUS.used });
    const [bonus] = await playerBonusesOf(server, player);
    expect(bonus).toMatchObject({ id: used!.playerBonusId, source: "code", status: PLAYER_BONUS_STATUS.active, depositAmount: "30.00" });
    expect(Number(bonus!.amount)).toBe(30);
    expect((await accountOf(server, player)).balance).toBe("70.00");
  });

  it("takes a code typed with the deposit and refuses an unknown one before any invoice", async () => {
    const code = await insertCode(server, depositMatchId, "deposit");
    const player = await newPlayer(server);
    const unknown = await createInvoice(server, player, "deposit", { amount: "40", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS, bonusCode: "NOPE-NOPE" });
    expect(unknown.status).toBe(422);
    expect(await readJson(unknown)).toMatchObject({ reason: "3", errors: { bonusCode: ["This bonus code does not exist."] } });
    const paid = await createInvoice(server, player, "deposit", { amount: "40", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS, bonusCode: code.toLowerCase() });
    expect(paid.status).toBe(201);
    // The invoice names the code whose bonus it issued.
    expect((await readJson(paid)).data).toMatchObject({ status: 2, bonusCode: code, bonusId: null });
    const [bonus] = await playerBonusesOf(server, player);
    expect(Number(bonus!.amount)).toBe(40);
    expect((await codesOf(player)).map((entry) => entry.status)).toEqual([BONUS_CODE_STATUS.used]);
  });

  it("can be removed while waiting, which gives the use back", async () => {
    const code = await insertCode(server, depositMatchId, "deposit", { maxUses: 1 });
    const player = await newPlayer(server);
    const entered = await enterCode(server, player, code, "deposit");
    const removed = await server.request("/api/game/bonuses/bonuscodes", authorized(player, jsonBody("DELETE", { playerBonusCodeId: entered.json.data!.id })));
    expect(removed.status).toBe(200);
    expect(await codesOf(player)).toEqual([]);
    expect((await enterCode(server, await newPlayer(server), code, "deposit")).status).toBe(201);
  });
});

describe("the sign-up code", () => {
  it("gives a registration code's bonus right after sign-up", async () => {
    const code = await insertCode(server, await noDeposit(), "registration");
    const player = await registerPlayer(server, { currency: "EUR", bonusCode: code });
    const [bonus] = await playerBonusesOf(server, player);
    expect(bonus).toMatchObject({ source: "registration", status: PLAYER_BONUS_STATUS.active });
    expect((await codesOf(player)).map((entry) => [entry.code, entry.status])).toEqual([[code, BONUS_CODE_STATUS.used]]);
  });

  it("keeps an unknown sign-up code as status 3 and registers the player all the same", async () => {
    const player = await registerPlayer(server, { currency: "EUR", bonusCode: "typo-code" });
    expect((await codesOf(player)).map((entry) => [entry.code, entry.status])).toEqual([["TYPO-CODE", BONUS_CODE_STATUS.incorrect]]);
  });

  it("lets a player who signed up with a deposit code take the first welcome bonus with the first deposit", async () => {
    const welcomeOne = await insertTemplate(server, depositReward("100", "100", { minEur: "20" }));
    const later = await Promise.all([2, 3, 4].map(() => insertTemplate(server, depositReward("50", "100", { minEur: "20" }))));
    await freshWelcomePackage(server, [welcomeOne.id, ...later.map((template) => template.id)]);
    const code = await insertCode(server, depositMatchId, "deposit");
    const player = await registerPlayer(server, { currency: "EUR", bonusCode: code });
    expect((await codesOf(player, "deposit"))[0]).toMatchObject({ status: BONUS_CODE_STATUS.pending });
    const { json } = await getJson(server, player, "/api/game/bonuses?currency=EUR&amount=50");
    const first = (json.data as { id: string; package: { step: number } | null }[]).find((offer) => offer.package?.step === 1);
    expect(first?.id).toBe(welcomeOne.id);
    const paid = await createInvoice(server, player, "deposit", { amount: "50", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS, bonusId: first!.id });
    expect(paid.status).toBe(201);
    const bonuses = await playerBonusesOf(server, player);
    expect(bonuses.map((bonus) => [bonus.source, bonus.status, Number(bonus.amount)]).sort()).toEqual([
      ["code", PLAYER_BONUS_STATUS.issued, 50],
      ["package", PLAYER_BONUS_STATUS.active, 50],
    ]);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});

describe("free spins by code", () => {
  it("gives a free-spins template as an issued free-spin row", async () => {
    const spins = await insertTemplate(server, { kind: "freespins", count: 20, spinValue: { EUR: "0.20" }, gameIds: ["playfair-slot"] }, { perPlayerLimit: 5 });
    const code = await insertCode(server, spins.id, "manual");
    const player = await newPlayer(server);
    expect((await enterCode(server, player, code, "manual", { "user-agent": `Spinner ${code}` })).status).toBe(201);
    const rows = await server.database.db.select().from(playerFreespins).where(eq(playerFreespins.playerId, player.playerId));
    expect(rows.map((row) => [row.count, row.spinValue, row.gameIdentity, row.source])).toEqual([[20, "0.20", "playfair-slot", "code"]]);
  });
});
