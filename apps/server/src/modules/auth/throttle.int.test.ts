import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { login, movableClock, registerPlayer, startAccountsServer } from "../player/player-test-helpers.ts";
import { IP_FAILURES_PER_HOUR, STREAK_LOCK_AFTER } from "./throttle.ts";

const clock = movableClock();
let server: TestServer;

beforeAll(async () => {
  server = await startAccountsServer({ now: clock.now });
});

afterAll(async () => {
  await server.close();
});

async function failLogin(name: string) {
  const response = await login(server, name, "wrong password");
  await response.arrayBuffer();
  return response.status;
}

describe(`brute-force limits (S2, ${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("locks an account for 1 minute after 10 consecutive failures, even for the right password, then doubles", async () => {
    const player = await registerPlayer(server);
    for (let attempt = 1; attempt <= STREAK_LOCK_AFTER; attempt += 1) expect(await failLogin(player.email)).toBe(401);
    const locked = await login(server, player.email);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("60");
    expect(await readJson(locked)).toMatchObject({ code: "RATE_LIMITED", message: "Too many sign-in attempts. Please try again later." });

    clock.advance(61_000);
    expect(await failLogin(player.email)).toBe(401);
    const longer = await login(server, player.email);
    expect(longer.status).toBe(429);
    expect(longer.headers.get("retry-after")).toBe("120");

    clock.advance(121_000);
    expect((await login(server, player.email)).status).toBe(200);
    // A success ends the streak: the next failure does not lock.
    expect(await failLogin(player.email)).toBe(401);
    expect((await login(server, player.email)).status).toBe(200);
  });

  it("throttles unknown logins like known ones, so 429 does not reveal which accounts exist", async () => {
    const unknown = "nobody-here@example.com";
    for (let attempt = 1; attempt <= STREAK_LOCK_AFTER; attempt += 1) expect(await failLogin(unknown)).toBe(401);
    expect(await failLogin(unknown)).toBe(429);
    clock.advance(61_000);
  });

  it(`locks an address after ${IP_FAILURES_PER_HOUR} failures in an hour across accounts`, async () => {
    const player = await registerPlayer(server);
    // Earlier tests of this file already failed 12 times from this address within the hour.
    clock.advance(61 * 60_000);
    for (let attempt = 1; attempt <= IP_FAILURES_PER_HOUR; attempt += 1) {
      expect(await failLogin(`stuffing-${attempt}@example.com`)).toBe(401);
    }
    const blocked = await login(server, player.email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3_000);
  });
});
