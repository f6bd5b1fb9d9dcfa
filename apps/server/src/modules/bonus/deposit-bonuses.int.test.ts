import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { signWebhook } from "../../lib/webhook-signature.ts";
import { checkLedger } from "../ledger/ledger-check.ts";
import { InvoiceEventSchema } from "@playfair/contracts/payment/invoices";
import { paymentInvoices } from "../payment/payment.schema.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { accountOf, CARD_FIELDS, createInvoice, newPlayer, startPaymentServer, WEBHOOK_SECRET } from "../payment/payment-test-kit.ts";
import { players } from "../player/player.schema.ts";
import type { RegisteredPlayer } from "../player/player-test-helpers.ts";
import { depositReward, freshWelcomePackage, getJson, insertTemplate, optIn, playerBonusesOf, switchOffDepositTemplates } from "./deposit-bonus-test-kit.ts";

let server: TestServer;
let packageId: string;
const steps: string[] = [];
let reloadId: string;

beforeAll(async () => {
  server = await startPaymentServer();
  await switchOffDepositTemplates(server);
  // Step 1: 100% up to 100 EUR from 20 EUR; steps 2-4 smaller matches; a reload offer outside the package from 20 USD (base).
  steps.push((await insertTemplate(server, depositReward("100", "100", { minEur: "20" }))).id);
  steps.push((await insertTemplate(server, depositReward("50", "200", { minEur: "20" }))).id);
  steps.push((await insertTemplate(server, depositReward("50", "300", { minEur: "20" }))).id);
  steps.push((await insertTemplate(server, depositReward("25", "500", { minEur: "20" }))).id);
  packageId = await freshWelcomePackage(server, steps);
  reloadId = (await insertTemplate(server, depositReward("50", "100", { minBaseUsd: "20", usd: true }), { perPlayerLimit: 10 })).id;
});

afterAll(async () => {
  await server?.close();
});

async function bonusPlayer(): Promise<RegisteredPlayer> {
  const player = await newPlayer(server);
  await optIn(server, player);
  return player;
}

type Offer = { id: string; package: { id: string; step: number } | null; bonusAmount: string | null; qualifies: boolean; minDeposit: string };

async function offers(player: RegisteredPlayer, query: string): Promise<Offer[]> {
  const { status, json } = await getJson(server, player, `/api/game/bonuses?${query}`);
  expect(status).toBe(200);
  return json.data as Offer[];
}

async function depositWithBonus(player: RegisteredPlayer, amount: string, bonusId: string) {
  const response = await createInvoice(server, player, "deposit", { amount, currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS, bonusId });
  return { status: response.status, json: await readJson(response) };
}

/** The provider's signed "succeeded" webhook for a pending deposit, as a new event each call. */
async function succeedByWebhook(invoice: { id: string; amount: string }): Promise<Response> {
  const [row] = await server.database.db.select({ paymentId: paymentInvoices.providerPaymentId }).from(paymentInvoices).where(eq(paymentInvoices.id, invoice.id));
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: "payment.succeeded",
    createdAt: new Date().toISOString(),
    data: { paymentId: row!.paymentId, merchantReference: invoice.id, amount: invoice.amount, currency: "EUR", status: "succeeded", failureReason: null },
  });
  return server.request("/api/payment/webhooks/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", "playfair-signature": signWebhook(body, [WEBHOOK_SECRET], new Date()) },
    body,
  });
}

describe("deposit offers (GET /api/game/bonuses)", () => {
  it("offers the welcome package's first step and the reload offer, with the bonus each amount would earn", async () => {
    const player = await bonusPlayer();
    const at50 = await offers(player, "currency=EUR&amount=50");
    expect(at50.map((offer) => [offer.id, offer.package, offer.bonusAmount, offer.qualifies])).toEqual([
      [steps[0], { id: packageId, step: 1 }, "50.00", true],
      [reloadId, null, "25.00", true],
    ]);
    // Capped by the maximum; the reload's minimum is 20 USD converted to EUR (rate 1.08), rounded up.
    const at300 = await offers(player, "currency=EUR&amount=300");
    expect(at300.map((offer) => offer.bonusAmount)).toEqual(["100.00", "100.00"]);
    const at10 = await offers(player, "currency=EUR&amount=10");
    expect(at10.map((offer) => [offer.minDeposit, offer.qualifies, offer.bonusAmount])).toEqual([
      ["20", false, null],
      ["18.52", false, null],
    ]);
    // The welcome step exists only in EUR.
    expect((await offers(player, "currency=USD&amount=50")).map((offer) => offer.id)).toEqual([reloadId]);
  });

  it("answers each bonus's availability with a reason", async () => {
    const player = await bonusPlayer();
    const { json } = await getJson(server, player, `/api/game/bonuses/status?currency=EUR&bonusIds=${steps[0]},${steps[1]},${reloadId},${randomUUID()},nope`);
    expect(json.data.map((entry: { available: boolean; reason: string | null }) => [entry.available, entry.reason])).toEqual([
      [true, null],
      [false, "notEligible"],
      [true, null],
      [false, "unknown"],
      [false, "unknown"],
    ]);
  });

  it("shows a self-excluded player and a player who turned bonuses off no offer", async () => {
    const excluded = await bonusPlayer();
    await server.database.db.update(players).set({ selfExcludedUntil: new Date(Date.now() + 86_400_000) }).where(eq(players.id, excluded.playerId));
    expect(await offers(excluded, "currency=EUR&amount=50")).toEqual([]);
    const { json } = await getJson(server, excluded, `/api/game/bonuses/status?currency=EUR&bonusIds=${steps[0]}`);
    expect(json.data[0]).toMatchObject({ available: false, reason: "restricted" });
    const optedOut = await newPlayer(server);
    expect(await offers(optedOut, "currency=EUR&amount=50")).toEqual([]);
  });
});

describe("a deposit that chooses a bonus", () => {
  it("issues and activates the chosen bonus with the credited deposit", async () => {
    const player = await bonusPlayer();
    const { status, json } = await depositWithBonus(player, "40", steps[0]!);
    expect(status).toBe(201);
    expect(json.data.status).toBe(2);
    const [bonus] = await playerBonusesOf(server, player);
    expect(bonus).toMatchObject({ status: PLAYER_BONUS_STATUS.active, source: "package", packageId, packageStep: 1, invoiceId: json.data.id, depositAmount: "40.00" });
    expect(Number(bonus!.amount)).toBe(40);
    const account = await accountOf(server, player);
    expect(account).toMatchObject({ cash: "40.00", balance: "80.00" });
  });

  it("refuses an unknown, unavailable or too small choice with 422 on bonusId and writes no invoice", async () => {
    const player = await bonusPlayer();
    const invoicesOf = async () => (await server.database.db.select({ n: count() }).from(paymentInvoices).where(eq(paymentInvoices.playerId, player.playerId)))[0]!.n;
    const unknown = await depositWithBonus(player, "40", randomUUID());
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.bonusId).toEqual(["This bonus does not exist."]);
    const laterStep = await depositWithBonus(player, "40", steps[1]!);
    expect(laterStep.json.errors.bonusId).toEqual(["This bonus is not offered with this deposit."]);
    const tooSmall = await depositWithBonus(player, "10", steps[0]!);
    expect(tooSmall.json.errors.bonusId).toEqual(["This bonus needs a deposit of at least 20 EUR."]);
    expect(await invoicesOf()).toBe(0);
    expect(await playerBonusesOf(server, player)).toEqual([]);
  });

  it("issues one bonus when the provider's webhook arrives five times at once", async () => {
    const player = await bonusPlayer();
    const created = await createInvoice(server, player, "deposit", { amount: "60", currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" }, bonusId: reloadId });
    const invoice = (await readJson(created)).data as { id: string; amount: string };
    const deliver = () => succeedByWebhook(invoice);
    const answers = await Promise.all(Array.from({ length: 5 }, deliver));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const bonuses = await playerBonusesOf(server, player);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ templateId: reloadId, source: "deposit", status: PLAYER_BONUS_STATUS.active, invoiceId: invoice.id });
    expect((await accountOf(server, player)).balance).toBe("90.00");
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("credits a deposit whose chosen step another deposit took first, and issues nothing for it", async () => {
    const player = await bonusPlayer();
    const pending = async () => {
      const response = await createInvoice(server, player, "deposit", { amount: "30", currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" }, bonusId: steps[0] });
      return (await readJson(response)).data as { id: string };
    };
    const first = await pending();
    const second = await pending();
    for (const invoice of [first, second]) expect((await succeedByWebhook({ id: invoice.id, amount: "30.00" })).status).toBe(200);
    const bonuses = await playerBonusesOf(server, player);
    expect(bonuses.map((bonus) => [bonus.invoiceId, bonus.packageStep])).toEqual([[first.id, 1]]);
    expect((await accountOf(server, player)).cash).toBe("60.00");
  });
});

describe("the invoice views of a deposit", () => {
  it("name the deposit bonus a credited deposit issued, in the answer, the history and the event, and nothing for one that issued none", async () => {
    const player = await bonusPlayer();
    const chose = await depositWithBonus(player, "40", steps[0]!);
    expect(chose.json.data).toMatchObject({ status: 2, bonusId: steps[0], bonusCode: null });
    const plain = (await readJson(await createInvoice(server, player, "deposit", { amount: "25", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS }))).data;
    expect(plain).toMatchObject({ status: 2, bonusId: null, bonusCode: null });

    const { json: history } = await getJson(server, player, "/api/payment/invoices?type=1");
    const byId = new Map((history.data as { id: string; bonusId: string | null; bonusCode: string | null }[]).map((invoice) => [invoice.id, invoice]));
    expect(byId.get(chose.json.data.id)).toMatchObject({ bonusId: steps[0], bonusCode: null });
    expect(byId.get(plain.id)).toMatchObject({ bonusId: null, bonusCode: null });
    const events = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `payment:invoices#${player.playerId}`));
    const credited = events.map((event) => InvoiceEventSchema.parse(event.data).invoice).filter((invoice) => invoice.id === chose.json.data.id && invoice.status === 2);
    expect(credited.map((invoice) => invoice.bonusId)).toEqual([steps[0]]);
  });

  it("name no bonus when the chosen step was taken by another deposit first", async () => {
    const player = await bonusPlayer();
    const pending = async () => {
      const response = await createInvoice(server, player, "deposit", { amount: "30", currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" }, bonusId: steps[0] });
      return (await readJson(response)).data as { id: string };
    };
    const first = await pending();
    const second = await pending();
    for (const invoice of [first, second]) expect((await succeedByWebhook({ id: invoice.id, amount: "30.00" })).status).toBe(200);
    const { json } = await getJson(server, player, "/api/payment/invoices?type=1");
    const views = new Map((json.data as { id: string; bonusId: string | null }[]).map((invoice) => [invoice.id, invoice.bonusId]));
    expect([views.get(first.id), views.get(second.id)]).toEqual([steps[0], null]);
  });
});

describe("the welcome package", () => {
  it("gives steps 1 to 4 over the first four deposits when chosen, and shows the progress", async () => {
    const player = await bonusPlayer();
    for (const step of [1, 2, 3, 4]) {
      const offered = (await offers(player, "currency=EUR&amount=100")).find((offer) => offer.package !== null);
      expect(offered?.package?.step).toBe(step);
      expect((await depositWithBonus(player, "100", offered!.id)).status).toBe(201);
    }
    expect((await offers(player, "currency=EUR&amount=100")).map((offer) => offer.id)).toEqual([reloadId]);
    const bonuses = await playerBonusesOf(server, player);
    expect(bonuses.map((bonus) => [bonus.packageStep, bonus.status, Number(bonus.amount)]).sort()).toEqual([
      [1, PLAYER_BONUS_STATUS.active, 100],
      [2, PLAYER_BONUS_STATUS.issued, 50],
      [3, PLAYER_BONUS_STATUS.issued, 50],
      [4, PLAYER_BONUS_STATUS.issued, 25],
    ]);
    const { json } = await getJson(server, player, "/api/game/bonuses/package?currency=EUR");
    expect(json.data.depositCount).toBe(4);
    expect(json.data.steps.map((step: { state: string; playerBonusId: string | null }) => step.state)).toEqual(["done", "done", "done", "done"]);
    expect(json.data.steps.every((step: { playerBonusId: string | null }) => step.playerBonusId !== null)).toBe(true);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("shows guests the steps, the first one next", async () => {
    const response = await server.request("/api/game/bonuses/package?currency=EUR");
    const json = await readJson(response);
    expect(response.status).toBe(200);
    expect(json.data.steps.map((step: { step: number; state: string; template: { percent: string } }) => [step.step, step.state, step.template.percent])).toEqual([
      [1, "next", "100"],
      [2, "locked", "50"],
      [3, "locked", "50"],
      [4, "locked", "25"],
    ]);
  });
});
