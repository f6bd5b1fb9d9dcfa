import { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { pushNotifications } from "../notification/notification.schema.ts";
import { accountOf, authorized, cardDeposit, CARD_FIELDS, createInvoice, jsonBody, newPlayer, OPERATOR_KEY, startPaymentServer } from "../payment/payment-test-kit.ts";
import { login, type RegisteredPlayer } from "../player/player-test-helpers.ts";
import { players } from "../player/player.schema.ts";

// Restricted mode (P3, P4; docs/decisions/016-restricted-mode.md): a self-excluded or cooling-off
// player signs in to withdraw and to read their history, and is refused everything else.

let server: TestServer;

beforeAll(async () => {
  server = await startPaymentServer();
});

afterAll(async () => {
  await server?.close();
});

const SKRILL_PAYOUT = { currency: "EUR", methodCode: "sandbox.withdrawal.skrill", fields: { playerEmail: "ada@example.com" } };

/** A player with 100 EUR who then starts `definition` and signs in again, to restricted mode. */
async function restrictedPlayer(exclusion: Record<string, number>): Promise<RegisteredPlayer & { until: string }> {
  const player = await newPlayer(server, "EUR");
  await cardDeposit(server, player, "100");
  const started = await server.request("/api/player/limits", authorized(player, jsonBody("POST", exclusion)));
  expect(started.status).toBe(201);
  const until = (await readJson(started)).data.endsAt as string;
  // Starting it ended every session; the old token is refused outright.
  expect((await server.request("/api/player/profile", authorized(player))).status).toBe(401);
  const signIn = await login(server, player.email);
  expect(signIn.status).toBe(200);
  const session = await readJson(signIn);
  return { ...player, accessToken: session.accessToken, until };
}

async function expectRestricted(response: Response, reason: string): Promise<void> {
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(403);
  expect(body).toMatchObject({ code: "RESTRICTED_MODE", reason });
}

describe.each([
  ["self-excluded", { definition: LIMIT_DEFINITION.selfExclusion, months: 6 }, "selfExcluded"],
  ["cooling-off", { definition: LIMIT_DEFINITION.coolingOff, days: 7 }, "coolingOff"],
] as const)("a %s player in restricted mode", (_label, exclusion, reason) => {
  it("sees the profile with the end date, the balance, the history and the limits", async () => {
    const player = await restrictedPlayer(exclusion);
    const profile = await server.request("/api/player/profile", authorized(player));
    expect(profile.status).toBe(200);
    expect((await readJson(profile)).restriction).toEqual({ reason, until: player.until });
    expect((await accountOf(server, player)).cash).toBe("100.00");
    const history = await readJson(await server.request("/api/payment/invoices", authorized(player)));
    expect(history.data).toHaveLength(1);
    expect((await server.request("/api/payment/invoices/statistics", authorized(player))).status).toBe(200);
    const limits = await readJson(await server.request("/api/player/limits", authorized(player)));
    expect(limits.data).toEqual([expect.objectContaining({ definition: exclusion.definition, endsAt: player.until })]);
  });

  it("withdraws the balance and may cancel the withdrawal", async () => {
    const player = await restrictedPlayer(exclusion);
    expect((await server.request("/api/payment/methods/withdrawal?currency=EUR&country=DE", authorized(player))).status).toBe(200);
    const withdrawal = await createInvoice(server, player, "withdrawal", { ...SKRILL_PAYOUT, amount: "60" });
    expect(withdrawal.status).toBe(201);
    const invoice = (await readJson(withdrawal)).data;
    expect(await accountOf(server, player)).toMatchObject({ cash: "40.00", pendingWithdrawal: "60.00" });
    expect((await server.request(`/api/payment/invoices/${invoice.id}/decline`, authorized(player, { method: "PUT" }))).status).toBe(200);
    expect(await createInvoice(server, player, "withdrawal", { ...SKRILL_PAYOUT, amount: "100" })).toHaveProperty("status", 201);
    expect(await accountOf(server, player)).toMatchObject({ cash: "0.00", pendingWithdrawal: "100.00" });
  });

  it("is refused deposits, bonuses and play, and changes nothing else, with 403 RESTRICTED_MODE", async () => {
    const player = await restrictedPlayer(exclusion);
    const refused: [string, RequestInit][] = [
      ["/api/payment/methods/deposit?currency=EUR", {}],
      ["/api/payment/invoices/deposit", jsonBody("POST", { amount: "10", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS })],
      ["/api/player/profile", jsonBody("PUT", { nickname: "changed_name" })],
      ["/api/player/avatar/set-avatar", jsonBody("POST", { avatarId: "1" })],
      ["/api/wallet/accounts", jsonBody("POST", { currency: "USD" })],
      ["/api/notification/web-push/subscriptions", jsonBody("POST", { endpoint: "https://push.example.com/x", keys: { p256dh: "a", auth: "b" } })],
    ];
    for (const [path, init] of refused) await expectRestricted(await server.request(path, authorized(player, init)), reason);
    const [limit] = (await readJson(await server.request("/api/player/limits", authorized(player)))).data;
    await expectRestricted(await server.request(`/api/player/limits/${limit.id}`, authorized(player, { method: "DELETE" })), reason);
    // Games and bonus claims call the same check in their own services.
    const { limits } = server.app.services;
    await expect(limits.assertMoneyInAllowed(server.app.database.db, player.playerId)).rejects.toMatchObject({ code: "RESTRICTED_MODE", reason });
    await expect(limits.assertCanStake(server.app.database.db, { playerId: player.playerId, currency: "EUR", amount: "1" })).rejects.toMatchObject({ code: "RESTRICTED_MODE", reason });
    // Nothing changed, and the session is still valid.
    const [row] = await server.database.db.select({ nickname: players.nickname }).from(players).where(eq(players.id, player.playerId));
    expect(row?.nickname).not.toBe("changed_name");
    expect((await server.request("/api/player/profile", authorized(player))).status).toBe(200);
  });

  it("gets no marketing campaign while it lasts", async () => {
    const reachable = await newPlayer(server, "EUR");
    const player = await restrictedPlayer(exclusion);
    const campaign = await server.request(
      "/api/operator/campaigns",
      { ...jsonBody("POST", { kind: "push", audience: "segment", segment: { currency: "EUR" }, title: "Weekend bonus", body: "B" }), headers: { "content-type": "application/json", authorization: `Bearer ${OPERATOR_KEY}` } },
    );
    expect(campaign.status).toBe(201);
    const { id } = await readJson(campaign);
    const pushes = await server.database.db.select({ playerId: pushNotifications.playerId }).from(pushNotifications).where(eq(pushNotifications.campaignId, id));
    expect(pushes.map((push) => push.playerId)).toContain(reachable.playerId);
    expect(pushes.map((push) => push.playerId)).not.toContain(player.playerId);
  });
});

describe("leaving restricted mode", () => {
  it("ends with the restriction: a token issued before the end stops restricting once it has passed", async () => {
    const player = await newPlayer(server, "EUR");
    // On a whole second: the token carries the end in seconds.
    const soon = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1_000);
    await server.database.db.update(players).set({ coolingOffUntil: soon }).where(eq(players.id, player.playerId));
    const session = await readJson(await login(server, player.email));
    const token = { accessToken: session.accessToken };
    await expectRestricted(await server.request("/api/payment/methods/deposit?currency=EUR", authorized(token)), "coolingOff");
    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
    expect((await server.request("/api/payment/methods/deposit?currency=EUR", authorized(token))).status).toBe(200);
  });
});
