import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis } from "../../test/redis-server.ts";
import { readJson, startTestServer, type TestServer } from "../../test/test-server.ts";

describe("rate limiting across nodes (Redis store)", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_ENABLED: "true", RATE_LIMIT_MAX: "4", RATE_LIMIT_WINDOW_MS: "60000" };
    nodeA = await startTestServer({ env });
    nodeB = await startTestServer({ env });
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await redis?.stop();
  });

  it("draws requests to either node from one budget per client IP", async () => {
    const statuses: string[] = [];
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      const node = attempt % 2 === 0 ? nodeA : nodeB;
      const response = await node.request("/api/settings/locales");
      statuses.push(`${node === nodeA ? "A" : "B"}:${response.status}`);
      if (response.status === 429) refused = response;
      else await response.arrayBuffer();
    }
    // Four requests in all, two on each node, use up the budget of four: a per-node budget would
    // have let all six through.
    expect(statuses).toEqual(["A:200", "B:200", "A:200", "B:200", "A:429", "B:429"]);
    if (!refused) throw new Error("no refusal");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(ApiErrorSchema.parse(await readJson(refused)).code).toBe("RATE_LIMITED");
  });
});
