import { PLAYER_STATUS } from "@playfair/contracts/constants";
import { messagesChannelOf, pushesChannelOf } from "@playfair/contracts/notification-constants";
import { randomUUID } from "node:crypto";
import { and, count, eq, isNull, lte, notInArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { createCampaign } from "./campaigns.ts";
import { notificationCampaigns, notificationMessages, pushNotifications } from "./notification.schema.ts";
import { call, createPlayer, OPERATOR_KEY, outboxEvents, sendCampaign, signIn, startNotificationServer } from "./notification-test-kit.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startNotificationServer({ env: { OPERATOR_API_KEYS: `${OPERATOR_KEY},second-operator-key` } });
});
afterAll(async () => server?.close());

/** Players an everyone-campaign reaches: open accounts that are not self-excluded or cooling off. */
async function openPlayerCount(): Promise<number> {
  const now = new Date();
  const [row] = await server.database.db
    .select({ total: count() })
    .from(players)
    .where(
      and(
        notInArray(players.status, [PLAYER_STATUS.closed, PLAYER_STATUS.selfExcluded, PLAYER_STATUS.coolingOff]),
        or(isNull(players.selfExcludedUntil), lte(players.selfExcludedUntil, now)),
        or(isNull(players.coolingOffUntil), lte(players.coolingOffUntil, now)),
      ),
    );
  return row?.total ?? 0;
}

describe("operator authentication", () => {
  it("refuses calls without a valid operator key (player tokens included)", async () => {
    const player = await createPlayer(server);
    const playerToken = await signIn(server, player.id);
    const body = { kind: "message", audience: "all", title: "T", body: "B" };
    for (const token of [undefined, "wrong-key", `${OPERATOR_KEY}x`, playerToken]) {
      const campaign = await server.request("/api/operator/campaigns", call("POST", { body, token }));
      expect(campaign.status).toBe(401);
      expect(await readJson(campaign)).toMatchObject({ code: "UNAUTHORIZED" });
      const list = await server.request("/api/operator/communications", call("GET", { token }));
      expect(list.status).toBe(401);
    }
    const [campaigns] = await server.database.db.select({ total: count() }).from(notificationCampaigns);
    expect(campaigns?.total).toBe(0);
  });

  it("accepts every configured key and records which one sent a campaign", async () => {
    const player = await createPlayer(server);
    const first = await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title: "T", body: "B" });
    const second = await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title: "T", body: "B" }, "second-operator-key");
    const rows = await server.database.db.select({ id: notificationCampaigns.id, createdBy: notificationCampaigns.createdBy }).from(notificationCampaigns);
    const authors = new Map(rows.map((row) => [row.id, row.createdBy]));
    expect(authors.get(first.id)).toMatch(/^key:[0-9a-f]{12}$/);
    expect(authors.get(second.id)).toMatch(/^key:[0-9a-f]{12}$/);
    expect(authors.get(first.id)).not.toBe(authors.get(second.id));
    expect([...authors.values()].join()).not.toContain(OPERATOR_KEY);
  });
});

describe("campaigns", () => {
  it("reaches one player by id or by e-mail", async () => {
    const player = await createPlayer(server);
    const byId = await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title: "By id", body: "B" });
    expect(byId).toEqual({ id: expect.any(String), recipientCount: 1 });
    const byEmail = await sendCampaign(server, { kind: "push", audience: "player", email: player.email.toUpperCase(), title: "By mail", body: "B", url: "/promotions" });
    expect(byEmail.recipientCount).toBe(1);
    const [push] = await server.database.db.select().from(pushNotifications).where(eq(pushNotifications.campaignId, byEmail.id));
    expect(push).toMatchObject({ playerId: player.id, title: "By mail", url: "/promotions", state: 1 });
    const [campaign] = await server.database.db.select().from(notificationCampaigns).where(eq(notificationCampaigns.id, byEmail.id));
    expect(campaign).toMatchObject({ kind: "push", audience: "player", recipientCount: 1, audienceFilter: { playerId: player.id } });
  });

  it("reaches a segment by country, language and currency, and never closed accounts", async () => {
    const tag = randomUUID().slice(0, 4);
    // A currency code unique to this test keeps other tests' players out of the segment.
    const currency = `T${tag.toUpperCase()}`.slice(0, 5);
    const german = await createPlayer(server, { country: "DE", language: "de", currency });
    const germanSpeakingAustrian = await createPlayer(server, { country: "AT", language: "de", currency });
    await createPlayer(server, { country: "DE", language: "de", currency, status: PLAYER_STATUS.closed });
    await createPlayer(server, { country: "DE", language: "de", currency: "EUR" });

    const byCountry = await sendCampaign(server, { kind: "message", audience: "segment", segment: { country: "de", currency }, title: "Hallo", body: "B" });
    expect(byCountry.recipientCount).toBe(1);
    const [message] = await server.database.db.select().from(notificationMessages).where(eq(notificationMessages.campaignId, byCountry.id));
    expect(message?.playerId).toBe(german.id);

    const byLanguage = await sendCampaign(server, { kind: "message", audience: "segment", segment: { language: "DE", currency: currency.toLowerCase() }, title: "Hallo", body: "B" });
    expect(byLanguage.recipientCount).toBe(2);
    const recipients = await server.database.db.select({ playerId: notificationMessages.playerId }).from(notificationMessages).where(eq(notificationMessages.campaignId, byLanguage.id));
    expect(recipients.map((row) => row.playerId).sort()).toEqual([german.id, germanSpeakingAustrian.id].sort());
  });

  it("keeps marketing campaigns from self-excluded and cooling-off players, but not a message to them alone (P3)", async () => {
    const currency = `X${randomUUID().slice(0, 4).toUpperCase()}`.slice(0, 5);
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const reachable = await createPlayer(server, { currency });
    const excluded = await createPlayer(server, { currency });
    const coolingOff = await createPlayer(server, { currency });
    await server.database.db.update(players).set({ selfExcludedUntil: later }).where(eq(players.id, excluded.id));
    await server.database.db.update(players).set({ coolingOffUntil: later }).where(eq(players.id, coolingOff.id));
    const marketing = await sendCampaign(server, { kind: "push", audience: "segment", segment: { currency }, title: "Weekend bonus", body: "B" });
    expect(marketing.recipientCount).toBe(1);
    const [push] = await server.database.db.select().from(pushNotifications).where(eq(pushNotifications.campaignId, marketing.id));
    expect(push?.playerId).toBe(reachable.id);
    const direct = await sendCampaign(server, { kind: "message", audience: "player", playerId: excluded.id, title: "Your withdrawal", body: "B" });
    expect(direct.recipientCount).toBe(1);
  });

  it("reaches everyone (thousands in one transaction) and publishes one realtime event per recipient", async () => {
    // Bulk-insert players so the campaign covers a realistic audience.
    const bulk = Array.from({ length: 2000 }, (_, index) => ({ email: `bulk-${index}-${randomUUID()}@example.com`, currency: "EUR", language: "en" }));
    await server.database.db.insert(players).values(bulk);
    const expected = await openPlayerCount();
    const startedAt = performance.now();
    const campaign = await sendCampaign(server, { kind: "push", audience: "all", title: "Weekend bonus", body: "B", url: "https://example.com/bonus" });
    const elapsedMs = performance.now() - startedAt;
    console.info(`campaign to ${expected} players: ${elapsedMs.toFixed(0)} ms (HTTP call, rows, unread counts and outbox in one transaction)`);
    expect(campaign.recipientCount).toBe(expected);
    // publishMany writes the 2,000 outbox rows in two statements: the whole call took 0.25 s on
    // PostgreSQL and about 0.5 s on PGlite here; the bound leaves room for a busy machine.
    expect(elapsedMs).toBeLessThan(3_000);

    const [rows] = await server.database.db.select({ total: count() }).from(pushNotifications).where(eq(pushNotifications.campaignId, campaign.id));
    expect(rows?.total).toBe(expected);
    const [someone] = await server.database.db.select({ playerId: pushNotifications.playerId }).from(pushNotifications).where(eq(pushNotifications.campaignId, campaign.id)).limit(1);
    const events = await outboxEvents(server, pushesChannelOf(someone?.playerId ?? ""));
    expect(events.at(-1)).toMatchObject({ type: "push", push: { content: { title: "Weekend bonus", url: "https://example.com/bonus" } } });
    const [published] = await server.database.db.select({ total: count() }).from(realtimeOutbox);
    expect(published?.total).toBeGreaterThanOrEqual(expected);
  });

  it("refuses bad campaigns with 422 or 404 and creates nothing", async () => {
    const [before] = await server.database.db.select({ total: count() }).from(notificationCampaigns);
    const player = await createPlayer(server);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: "message", audience: "player", title: "T", body: "B" }, 422, "playerId"],
      [{ kind: "message", audience: "player", playerId: player.id, email: player.email, title: "T", body: "B" }, 422, "playerId"],
      [{ kind: "message", audience: "segment", segment: {}, title: "T", body: "B" }, 422, "segment"],
      [{ kind: "message", audience: "segment", segment: { country: "Germany" }, title: "T", body: "B" }, 422, "segment.country"],
      [{ kind: "message", audience: "segment", segment: { planet: "Mars" }, title: "T", body: "B" }, 422, "segment"],
      [{ kind: "sms", audience: "all", title: "T", body: "B" }, 422, "kind"],
      [{ kind: "message", audience: "all", title: "  ", body: "B" }, 422, "title"],
      [{ kind: "message", audience: "all", title: "x".repeat(201), body: "B" }, 422, "title"],
      [{ kind: "message", audience: "all", title: "T" }, 422, "body"],
      [{ kind: "push", audience: "all", title: "T", body: "B", url: "javascript:alert(1)" }, 422, "url"],
      [{ kind: "push", audience: "all", title: "T", body: "B", url: "//evil.example" }, 422, "url"],
      [{ kind: "message", audience: "player", playerId: randomUUID(), title: "T", body: "B" }, 404, ""],
      [{ kind: "message", audience: "player", email: "nobody@example.com", title: "T", body: "B" }, 404, ""],
    ];
    for (const [body, status, field] of cases) {
      const response = await server.request("/api/operator/campaigns", call("POST", { body, token: OPERATOR_KEY }));
      expect(response.status, JSON.stringify(body)).toBe(status);
      const json = await readJson(response);
      if (field) expect(Object.keys(json.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const [after] = await server.database.db.select({ total: count() }).from(notificationCampaigns);
    expect(after?.total).toBe(before?.total);
    expect(await outboxEvents(server, messagesChannelOf(player.id))).toEqual([]);
  });
});

describe("campaign transaction", () => {
  const input = (playerId: string) => ({
    kind: "message" as const,
    target: { audience: "player" as const, playerId },
    title: "T",
    body: "B",
    url: null,
    createdBy: "test",
    createdAt: new Date(),
  });

  it("a failing realtime publication rolls the whole campaign back", async () => {
    const player = await createPlayer(server);
    const failing = { publish: async () => Promise.reject(new Error("outbox unavailable")) };
    await expect(server.database.db.transaction((tx) => createCampaign(tx, failing, input(player.id)))).rejects.toThrow("outbox unavailable");
    expect(await server.database.db.select().from(notificationMessages).where(eq(notificationMessages.playerId, player.id))).toEqual([]);
    expect(await server.database.db.select().from(notificationCampaigns).where(eq(notificationCampaigns.createdBy, "test"))).toEqual([]);
  });

  it("hands all events to publishMany when the publisher offers it", async () => {
    const player = await createPlayer(server);
    const batches: { channel: string; data: unknown }[][] = [];
    const batching = {
      publish: async () => Promise.reject(new Error("one by one is not expected")),
      publishMany: async (_executor: unknown, events: { channel: string; data: unknown }[]) => {
        batches.push(events);
      },
    };
    const result = await server.database.db.transaction((tx) => createCampaign(tx, batching, input(player.id)));
    expect(result.recipientCount).toBe(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([{ channel: messagesChannelOf(player.id), data: expect.objectContaining({ type: "message", totalUnread: 1 }) }]);
  });
});

describe("API documentation", () => {
  it("documents the notification and operator endpoints", async () => {
    const response = await server.request("/api/docs/json");
    expect(response.status).toBe(200);
    const paths = Object.keys((await readJson(response)).paths);
    for (const path of [
      "/api/notification/messenger/messages",
      "/api/notification/messenger/messages/read",
      "/api/notification/messenger/messages/read/all",
      "/api/notification/pushes",
      "/api/notification/pushes/read",
      "/api/notification/pushes/read/all",
      "/api/notification/communications",
      "/api/notification/web-push/key",
      "/api/notification/web-push/subscriptions",
      "/api/operator/campaigns",
      "/api/operator/communications",
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe("demo and production keys", () => {
  it("a demo deployment without OPERATOR_API_KEYS accepts its generated key, stored in app_secrets", async () => {
    const demo = await startTestServer({ env: { CAPTCHA_PROVIDER: "off" } });
    try {
      const key = await demo.app.services.secrets.get("operator-api-key");
      const accepted = await demo.request("/api/operator/communications", call("GET", { token: key }));
      expect(accepted.status).toBe(200);
      expect((await demo.request("/api/operator/communications", call("GET", { token: OPERATOR_KEY }))).status).toBe(401);
    } finally {
      await demo.close();
    }
  });

  it("a production deployment without OPERATOR_API_KEYS has no operator API", async () => {
    const production = await startTestServer({
      env: { CAPTCHA_PROVIDER: "off", DEPLOYMENT: "production", AUTH_SECRETS: "a".repeat(40), PUBLIC_ORIGIN: "https://casino.example" },
    });
    try {
      const key = await production.app.services.secrets.get("operator-api-key");
      expect((await production.request("/api/operator/communications", call("GET", { token: key }))).status).toBe(401);
    } finally {
      await production.close();
    }
  });
});
