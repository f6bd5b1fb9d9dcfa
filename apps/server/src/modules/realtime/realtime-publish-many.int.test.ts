import { asc, count, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../test/test-server.ts";
import { createPlayer, signIn, startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { realtimeOutbox } from "./realtime.schema.ts";
import { PUBLISH_MANY_BATCH } from "./realtime.service.ts";
import { connectCentrifuge, fetchConnectionToken, waitFor, websocketUrl } from "./realtime-test-kit.ts";

const RECIPIENTS = 2_000;

describe("publishMany (campaign fan-out into the outbox)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer();
  });
  afterAll(async () => server?.close());

  it(`writes ${RECIPIENTS} publications with a few multi-row inserts, in order, and delivers them`, async () => {
    const player = await createPlayer(server);
    const accessToken = (await signIn(server, player.id)).accessToken;
    const connection = connectCentrifuge(websocketUrl(server.baseUrl), { getToken: () => fetchConnectionToken(server, accessToken) });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected");
      const [before] = await server.database.db.select({ id: realtimeOutbox.id }).from(realtimeOutbox).orderBy(asc(realtimeOutbox.id)).limit(1);
      const startId = before?.id ?? 0n;
      // Every 400th publication is for the connected player; the others for players who are not online.
      const publications = Array.from({ length: RECIPIENTS }, (_, index) => ({
        channel: index % 400 === 0 ? `messenger:pushes#${player.id}` : `messenger:pushes#offline-${index}`,
        data: { type: "push", push: { id: String(index), content: { title: `Weekend bonus ${index}` } }, totalUnread: 1 },
      }));
      const startedAt = performance.now();
      await server.database.db.transaction((tx) => server.app.services.realtime.publishMany(tx, publications));
      const elapsedMs = performance.now() - startedAt;
      console.info(`publishMany: ${RECIPIENTS} publications committed in ${elapsedMs.toFixed(0)} ms (${Math.ceil(RECIPIENTS / PUBLISH_MANY_BATCH)} inserts)`);
      // About 35 ms on PostgreSQL and 0.15-0.3 s on PGlite here; the bound leaves room for a busy machine.
      expect(elapsedMs).toBeLessThan(3_000);

      const rows = await server.database.db.select({ channel: realtimeOutbox.channel }).from(realtimeOutbox).where(gt(realtimeOutbox.id, startId)).orderBy(asc(realtimeOutbox.id));
      expect(rows.slice(-RECIPIENTS).map((row) => row.channel)).toEqual(publications.map((publication) => publication.channel));
      const mine = await waitFor(() => {
        const received = connection.publications.filter((context) => context.channel === `messenger:pushes#${player.id}`);
        return received.length === 5 && received;
      }, 5_000, "the connected player's five pushes");
      expect(mine.map((context) => (context.data as { push: { id: string } }).push.id)).toEqual(["0", "400", "800", "1200", "1600"]);
    } finally {
      connection.client.disconnect();
    }
  });

  it("is several times faster than one publish per recipient", async () => {
    const publications = Array.from({ length: RECIPIENTS }, (_, index) => ({ channel: `messenger:pushes#compare-${index}`, data: { type: "push", index } }));
    const realtime = server.app.services.realtime;
    const oneByOneStarted = performance.now();
    await server.database.db.transaction(async (tx) => {
      for (const { channel, data } of publications) await realtime.publish(tx, channel, data);
    });
    const oneByOneMs = performance.now() - oneByOneStarted;
    const batchedStarted = performance.now();
    await server.database.db.transaction((tx) => realtime.publishMany(tx, publications));
    const batchedMs = performance.now() - batchedStarted;
    console.info(`${RECIPIENTS} publications: one by one ${oneByOneMs.toFixed(0)} ms, publishMany ${batchedMs.toFixed(0)} ms`);
    expect(batchedMs * 3).toBeLessThan(oneByOneMs);
  });

  it("publishes nothing when the transaction rolls back, and accepts an empty list", async () => {
    const channels = [`wallet:accounts#rollback-1`, `wallet:accounts#rollback-2`];
    await expect(
      server.database.db.transaction(async (tx) => {
        await server.app.services.realtime.publishMany(tx, channels.map((channel) => ({ channel, data: { event: "never" } })));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await server.database.db.transaction((tx) => server.app.services.realtime.publishMany(tx, []));
    const [row] = await server.database.db.select({ total: count() }).from(realtimeOutbox).where(inArray(realtimeOutbox.channel, channels));
    expect(row?.total).toBe(0);
  });
});
