import { CRASH_CHANNEL } from "@playfair/contracts/game/crash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { startPlayServer } from "../play/game-play-test-kit.ts";
import { outboxOn } from "./crash-test-kit.ts";

// The loop on its own timer, as a deployment runs it, with short phases.

let server: TestServer;

beforeAll(async () => {
  server = await startPlayServer({ env: { CRASH_LOOP_ENABLED: "true", CRASH_CHAIN_LENGTH: "100", CRASH_BETTING_MS: "200", CRASH_PAUSE_MS: "0", CRASH_TICK_MS: "20" } });
});

afterAll(async () => {
  await server?.close();
});

describe("the crash loop's timer", () => {
  it("opens a round for bets, then starts it on its own, announcing each phase on the public channel", async () => {
    const deadline = Date.now() + 20_000;
    let status: string | undefined;
    while (Date.now() < deadline) {
      status = (await readJson(await server.request("/api/game/crash/round"))).data.round?.status;
      if (status === "running" || status === "crashed") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(["running", "crashed"]).toContain(status);
    expect(server.app.services.crash.loop.isLeader()).toBe(true);
    const phases = (await outboxOn(server.database.db, CRASH_CHANNEL)).map((event) => (event.round as { status: string }).status);
    expect(phases.slice(0, 2)).toEqual(["betting", "running"]);
  });
});
