import { CONTACT_RATE_LIMIT, messagesChannelOf, pushesChannelOf } from "@playfair/contracts/notification-constants";
import { CommunicationListSchema, MessageEventSchema, MessageListSchema, PushEventSchema, PushListSchema } from "@playfair/contracts/notification";
import { VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { communications } from "./notification.schema.ts";
import { call, createPlayer, outboxEvents, sendCampaign, signIn, startNotificationServer, testClock } from "./notification-test-kit.ts";

const clock = testClock();
let server: TestServer;

beforeAll(async () => {
  // The loopback peer is a trusted proxy, so tests can act from several client IPs (x-forwarded-for).
  server = await startNotificationServer({ now: clock.now, env: { TRUSTED_PROXIES: "127.0.0.1" } });
});
afterAll(async () => server?.close());

async function signedInPlayer(input: Parameters<typeof createPlayer>[1] = {}) {
  const player = await createPlayer(server, input);
  return { ...player, token: await signIn(server, player.id) };
}

async function messagesOf(token: string, query = "") {
  const response = await server.request(`/api/notification/messenger/messages${query}`, call("GET", { token }));
  expect(response.status).toBe(200);
  return MessageListSchema.parse(await readJson(response));
}

async function pushesOf(token: string, query = "") {
  const response = await server.request(`/api/notification/pushes${query}`, call("GET", { token }));
  expect(response.status).toBe(200);
  return PushListSchema.parse(await readJson(response));
}

describe("messages", () => {
  it("lists nothing for a new player", async () => {
    const player = await signedInPlayer();
    const list = await messagesOf(player.token);
    expect(list).toEqual({ data: [], meta: { page: 1, perPage: 20, totalPages: 1, totalRows: 0, totalUnread: 0 } });
  });

  it("lists a player's messages newest first with page meta, and announces each on the player's channel", async () => {
    const player = await signedInPlayer();
    for (const title of ["First", "Second", "Third"]) {
      await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title, body: `${title} body` });
      clock.advanceSeconds(1);
    }
    const firstPage = await messagesOf(player.token, "?page=1&perPage=2");
    expect(firstPage.data.map((message) => message.content.title)).toEqual(["Third", "Second"]);
    expect(firstPage.meta).toEqual({ page: 1, perPage: 2, totalPages: 2, totalRows: 3, totalUnread: 3 });
    expect(firstPage.data[0]).toMatchObject({ state: 1, readAt: null, content: { title: "Third", body: "Third body" } });
    const secondPage = await messagesOf(player.token, "?page=2&perPage=2");
    expect(secondPage.data.map((message) => message.content.title)).toEqual(["First"]);

    const events = (await outboxEvents(server, messagesChannelOf(player.id))).map((event) => MessageEventSchema.parse(event));
    expect(events.map((event) => (event.type === "message" ? [event.message.content.title, event.totalUnread] : null))).toEqual([
      ["First", 1],
      ["Second", 2],
      ["Third", 3],
    ]);
  });

  it("reads only the caller's messages, ignores unknown ids, and returns the unread count", async () => {
    const player = await signedInPlayer();
    const other = await signedInPlayer();
    await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title: "A", body: "a" });
    await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title: "B", body: "b" });
    await sendCampaign(server, { kind: "message", audience: "player", playerId: other.id, title: "Other", body: "o" });
    const [newest, oldest] = (await messagesOf(player.token)).data;
    const [othersMessage] = (await messagesOf(other.token)).data;

    const response = await server.request(
      "/api/notification/messenger/messages/read",
      call("POST", { token: player.token, body: { messageIds: [newest?.id, othersMessage?.id, randomUUID()] } }),
    );
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ totalUnread: 1 });

    const after = await messagesOf(player.token);
    expect(after.data[0]).toMatchObject({ id: newest?.id, state: 2, readAt: clock.now().toISOString() });
    expect(after.data[1]).toMatchObject({ id: oldest?.id, state: 1, readAt: null });
    expect((await messagesOf(other.token)).data[0]).toMatchObject({ state: 1 });

    const events = (await outboxEvents(server, messagesChannelOf(player.id))).map((event) => MessageEventSchema.parse(event));
    expect(events.at(-1)).toEqual({ type: "read", totalUnread: 1 });
  });

  it("reads all, then deletes: deleted messages disappear from the list and the counts", async () => {
    const player = await signedInPlayer();
    for (const title of ["A", "B", "C"]) await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title, body: "x" });
    const [first, second] = (await messagesOf(player.token)).data;

    const deleted = await server.request("/api/notification/messenger/messages", call("DELETE", { token: player.token, body: { messageIds: [first?.id] } }));
    expect(deleted.status).toBe(200);
    expect(await readJson(deleted)).toEqual({ totalUnread: 2 });
    const afterDelete = await messagesOf(player.token);
    expect(afterDelete.data.map((message) => message.id)).not.toContain(first?.id);
    expect(afterDelete.meta).toMatchObject({ totalRows: 2, totalUnread: 2 });

    // A deleted message cannot be read back into the count.
    const readDeleted = await server.request("/api/notification/messenger/messages/read", call("POST", { token: player.token, body: { messageIds: [first?.id] } }));
    expect(await readJson(readDeleted)).toEqual({ totalUnread: 2 });

    const readAll = await server.request("/api/notification/messenger/messages/read/all", call("POST", { token: player.token }));
    expect(readAll.status).toBe(200);
    expect(await readJson(readAll)).toEqual({ totalUnread: 0 });
    const afterReadAll = await messagesOf(player.token);
    expect(afterReadAll.data.every((message) => message.state === 2 && message.readAt !== null)).toBe(true);
    expect(afterReadAll.data.map((message) => message.id)).toContain(second?.id);
  });

  it("refuses bad ids and paging with 422, changing nothing", async () => {
    const player = await signedInPlayer();
    await sendCampaign(server, { kind: "message", audience: "player", playerId: player.id, title: "A", body: "a" });
    for (const body of [{ messageIds: ["not-a-uuid"] }, { messageIds: [] }, {}, { messageIds: "x" }]) {
      const response = await server.request("/api/notification/messenger/messages/read", call("POST", { token: player.token, body }));
      expect(response.status).toBe(422);
      const json = await readJson(response);
      expect(json.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(json.errors).every((field) => field.startsWith("messageIds"))).toBe(true);
    }
    const deleteResponse = await server.request("/api/notification/messenger/messages", call("DELETE", { token: player.token, body: { messageIds: [42] } }));
    expect(deleteResponse.status).toBe(422);
    for (const query of ["?page=0", "?perPage=101", "?page=x"]) {
      const response = await server.request(`/api/notification/messenger/messages${query}`, call("GET", { token: player.token }));
      expect(response.status).toBe(422);
    }
    expect((await messagesOf(player.token)).meta).toMatchObject({ totalRows: 1, totalUnread: 1 });
  });

  it("answers 401 without a valid session", async () => {
    const requests: [string, RequestInit][] = [
      ["/api/notification/messenger/messages", call("GET")],
      ["/api/notification/messenger/messages", call("GET", { token: "forged.token.value" })],
      ["/api/notification/messenger/messages/read", call("POST", { body: { messageIds: [randomUUID()] } })],
      ["/api/notification/messenger/messages/read/all", call("POST")],
      ["/api/notification/messenger/messages", call("DELETE", { body: { messageIds: [randomUUID()] } })],
      ["/api/notification/pushes", call("GET")],
      ["/api/notification/pushes/read", call("POST", { body: { pushIds: [randomUUID()] } })],
      ["/api/notification/pushes/read/all", call("POST")],
    ];
    for (const [path, init] of requests) {
      const response = await server.request(path, init);
      expect(response.status, path).toBe(401);
      expect(await readJson(response)).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });
});

describe("pushes", () => {
  it("lists pushes 20 a page by default, newest first, with url and unread count", async () => {
    const player = await signedInPlayer();
    for (let index = 1; index <= 21; index++) {
      await sendCampaign(server, { kind: "push", audience: "player", playerId: player.id, title: `Push ${index}`, body: "b", url: "/promotions" });
      clock.advanceSeconds(1);
    }
    const list = await pushesOf(player.token);
    expect(list.data).toHaveLength(20);
    expect(list.data[0]).toMatchObject({ state: 1, readAt: null, content: { title: "Push 21", body: "b", url: "/promotions" } });
    expect(list.meta).toEqual({ page: 1, perPage: 20, totalPages: 2, totalRows: 21, totalUnread: 21 });
    expect((await pushesOf(player.token, "?page=2")).data.map((push) => push.content.title)).toEqual(["Push 1"]);

    const events = (await outboxEvents(server, pushesChannelOf(player.id))).map((event) => PushEventSchema.parse(event));
    expect(events).toHaveLength(21);
    expect(events.at(-1)).toMatchObject({ type: "push", push: { content: { title: "Push 21" } }, totalUnread: 21 });
  });

  it("reads the caller's pushes by id (others ignored) and all at once", async () => {
    const player = await signedInPlayer();
    const other = await signedInPlayer();
    await sendCampaign(server, { kind: "push", audience: "player", playerId: player.id, title: "P1", body: "b" });
    await sendCampaign(server, { kind: "push", audience: "player", playerId: player.id, title: "P2", body: "b" });
    await sendCampaign(server, { kind: "push", audience: "player", playerId: other.id, title: "O", body: "b" });
    const [newest] = (await pushesOf(player.token)).data;
    const [othersPush] = (await pushesOf(other.token)).data;

    const read = await server.request("/api/notification/pushes/read", call("POST", { token: player.token, body: { pushIds: [newest?.id, othersPush?.id, randomUUID()] } }));
    expect(read.status).toBe(200);
    expect(await readJson(read)).toEqual({ totalUnread: 1 });
    expect((await pushesOf(player.token)).data[0]).toMatchObject({ id: newest?.id, state: 2 });
    expect((await pushesOf(other.token)).meta.totalUnread).toBe(1);

    const readAll = await server.request("/api/notification/pushes/read/all", call("POST", { token: player.token }));
    expect(await readJson(readAll)).toEqual({ totalUnread: 0 });
    expect((await pushesOf(player.token)).data.every((push) => push.state === 2)).toBe(true);
    expect(MessageEventSchema.safeParse((await outboxEvents(server, pushesChannelOf(player.id))).at(-1)).data).toEqual({ type: "read", totalUnread: 0 });

    const bad = await server.request("/api/notification/pushes/read", call("POST", { token: player.token, body: { pushIds: ["1"] } }));
    expect(bad.status).toBe(422);
    expect(await readJson(bad)).toMatchObject({ errors: { "pushIds.0": expect.any(Array) } });
  });
});

describe("contact form (communications)", () => {
  const contactPath = "/api/notification/communications";
  // Each test sends from its own address so the per-IP limit of one test does not reach another.
  let ipSequence = 10;
  const fromIp = () => {
    ipSequence += 1;
    return { "x-forwarded-for": `203.0.113.${ipSequence}` };
  };

  async function contact(body: unknown, init: { token?: string; headers?: Record<string, string> } = {}) {
    const request = call("POST", { body, token: init.token });
    return server.request(contactPath, { ...request, headers: { ...(request.headers as Record<string, string>), ...init.headers } });
  }

  it("stores a guest's message and shows it to operators", async () => {
    const response = await contact({ name: "Ann Guest", email: "ann@example.com", subject: "Withdrawal", message: "  Where is my money?  " });
    expect(response.status).toBe(201);
    const created = await readJson(response);
    expect(created).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const [row] = await server.database.db.select().from(communications).where(eq(communications.id, created.id));
    expect(row).toMatchObject({ playerId: null, name: "Ann Guest", email: "ann@example.com", subject: "Withdrawal", message: "Where is my money?", status: "new" });
  });

  it("files a signed-in player's message under the player, with the account's e-mail when none is given", async () => {
    const player = await signedInPlayer();
    const response = await contact({ message: "Hello" }, { token: player.token });
    expect(response.status).toBe(201);
    const [row] = await server.database.db.select().from(communications).where(eq(communications.id, (await readJson(response)).id));
    expect(row).toMatchObject({ playerId: player.id, email: player.email, message: "Hello" });
  });

  it("validates with the spec's messages and stores nothing on failure", async () => {
    const before = (await server.database.db.select({ id: communications.id }).from(communications)).length;
    const cases: [unknown, Record<string, string[]>][] = [
      [{ message: "Hi" }, { email: [VALIDATION_MESSAGES_EN.required] }],
      [{ email: "ann@example.com" }, { message: [VALIDATION_MESSAGES_EN.required] }],
      [{ email: "ann@example.com", message: "   " }, { message: [VALIDATION_MESSAGES_EN.required] }],
      [{ email: "not-an-address", message: "Hi" }, { email: [VALIDATION_MESSAGES_EN.email] }],
      [{ email: "ann@example.com", message: "x".repeat(5001) }, { message: ["The maximum length allowed is 5000"] }],
      [{ email: "ann@example.com", message: "Hi", subject: "s".repeat(201) }, { subject: ["The maximum length allowed is 200"] }],
      [{ email: "ann@example.com", message: 42 }, { message: [VALIDATION_MESSAGES_EN.string] }],
    ];
    for (const [body, errors] of cases) {
      const response = await contact(body, { headers: fromIp() });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await readJson(response)).errors).toMatchObject(errors);
    }
    const after = (await server.database.db.select({ id: communications.id }).from(communications)).length;
    expect(after).toBe(before);
  });

  it("answers 401 when a sent token is not valid", async () => {
    const response = await contact({ email: "ann@example.com", message: "Hi" }, { token: "forged.token.value" });
    expect(response.status).toBe(401);
  });

  it(`limits each IP to ${CONTACT_RATE_LIMIT.max} messages per ${CONTACT_RATE_LIMIT.windowSeconds / 60} minutes`, async () => {
    const headers = fromIp();
    for (let index = 0; index < CONTACT_RATE_LIMIT.max; index++) {
      expect((await contact({ email: "flood@example.com", message: `m${index}` }, { headers })).status).toBe(201);
    }
    const limited = await contact({ email: "flood@example.com", message: "one more" }, { headers });
    expect(limited.status).toBe(429);
    expect(await readJson(limited)).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await contact({ email: "calm@example.com", message: "hi" }, { headers: fromIp() })).status).toBe(201);

    clock.advanceSeconds(CONTACT_RATE_LIMIT.windowSeconds + 1);
    expect((await contact({ email: "flood@example.com", message: "later" }, { headers })).status).toBe(201);
  });

  it("lists communications to operators newest first, paged", async () => {
    clock.advanceSeconds(1);
    await contact({ email: "paged@example.com", message: "newest one" }, { headers: fromIp() });
    const response = await server.request("/api/operator/communications?perPage=2", call("GET", { token: "test-operator-key-0123456789" }));
    expect(response.status).toBe(200);
    const list = CommunicationListSchema.parse(await readJson(response));
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).toMatchObject({ email: "paged@example.com", message: "newest one" });
    expect(list.meta.perPage).toBe(2);
    expect(list.meta.totalRows).toBeGreaterThan(2);
  });
});
