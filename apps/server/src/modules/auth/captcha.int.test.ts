import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, readJson, type TestServer } from "../../../test/test-server.ts";
import { createPlayer, createTestClock, jsonRequest, mailbox, startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { ALTCHA_CHALLENGE_TTL_SECONDS, ALTCHA_MAX_COUNTER } from "./captcha.ts";

const CAPTCHA_ERROR = { captcha: ["The captcha was not solved."] };

async function fetchChallenge(server: TestServer): Promise<Challenge> {
  const response = await server.request("/api/captcha/challenge");
  expect(response.status).toBe(200);
  return (await readJson(response)) as Challenge;
}

/** Solves like the browser widget does, and encodes the payload the widget puts into the form. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution found");
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
}

describe(`captcha: ALTCHA (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  const clock = createTestClock();
  let server: TestServer;

  beforeAll(async () => {
    server = await startAccountsServer({ clock, env: { CAPTCHA_PROVIDER: "altcha" } });
  });
  afterAll(async () => {
    await server.close();
  });

  function reset(email: string | null, captcha?: string) {
    return server.request("/api/player/passwords/reset", jsonRequest("POST", { email, ...(captcha === undefined ? {} : { captcha }) }));
  }

  it("hands out signed, expiring, uncacheable challenges", async () => {
    const response = await server.request("/api/captcha/challenge");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = (await readJson(response)) as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256", cost: 1, keyLength: 32 });
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBe(Math.floor(clock.now().getTime() / 1000) + ALTCHA_CHALLENGE_TTL_SECONDS);
    const other = await fetchChallenge(server);
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it("accepts a solved challenge once: a replayed solution is refused", async () => {
    const challenge = await fetchChallenge(server);
    const payload = await solve(challenge);
    const player = await createPlayer(server);
    const accepted = await reset(player.email, payload);
    expect(accepted.status).toBe(202);
    expect(await mailbox(server, player.email ?? "")).toHaveLength(1);
    const replay = await reset(player.email, payload);
    expect(replay.status).toBe(422);
    expect((await readJson(replay)).errors).toEqual(CAPTCHA_ERROR);
  });

  it("the work stays within the configured bound", async () => {
    const challenge = await fetchChallenge(server);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution?.counter).toBeLessThan(ALTCHA_MAX_COUNTER);
  });

  it("refuses a missing, malformed, tampered or foreign solution", async () => {
    const player = await createPlayer(server);
    expect((await readJson(await reset(player.email))).errors).toEqual(CAPTCHA_ERROR);
    expect((await readJson(await reset(player.email, "not base64 json"))).errors).toEqual(CAPTCHA_ERROR);
    expect((await readJson(await reset(player.email, Buffer.from("{}").toString("base64")))).errors).toEqual(CAPTCHA_ERROR);

    const challenge = await fetchChallenge(server);
    const easier: Challenge = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: "00" } };
    const tampered = await solve(easier);
    expect((await readJson(await reset(player.email, tampered))).errors).toEqual(CAPTCHA_ERROR);

    const stranger = await startAccountsServer({ env: { CAPTCHA_PROVIDER: "altcha", ALTCHA_HMAC_KEY: "another-key-entirely" } });
    try {
      const foreign = await solve(await fetchChallenge(stranger));
      expect((await readJson(await reset(player.email, foreign))).errors).toEqual(CAPTCHA_ERROR);
    } finally {
      await stranger.close();
    }
    expect(await mailbox(server, player.email ?? "")).toHaveLength(0);
  });

  it("refuses a solution after the challenge expired", async () => {
    const challenge = await fetchChallenge(server);
    const payload = await solve(challenge);
    clock.advanceSeconds(ALTCHA_CHALLENGE_TTL_SECONDS);
    const player = await createPlayer(server);
    expect((await readJson(await reset(player.email, payload))).errors).toEqual(CAPTCHA_ERROR);
  });

  it("guards public SMS codes", async () => {
    const phone = "+4915123888001";
    const refused = await server.request("/api/player/otp/send", jsonRequest("POST", { phone, purpose: "registration" }));
    expect(refused.status).toBe(422);
    expect((await readJson(refused)).errors).toEqual(CAPTCHA_ERROR);
    const payload = await solve(await fetchChallenge(server));
    expect((await server.request("/api/player/otp/send", jsonRequest("POST", { phone, purpose: "registration", captcha: payload }))).status).toBe(200);
  });

  it("verifies the other actions through the service (registration and login use it)", async () => {
    const { captcha } = server.app.services;
    const request = { client: { ip: "127.0.0.1" } } as unknown as FastifyRequest;
    const payload = await solve(await fetchChallenge(server));
    expect(await captcha.verify(payload, "registration", request)).toBe(true);
    expect(await captcha.verify(payload, "login", request)).toBe(false);
    expect(await captcha.verify(await solve(await fetchChallenge(server)), "login", request)).toBe(true);
    expect(await captcha.verify(undefined, "login", request)).toBe(false);
  });

  it("uses the configured HMAC key across restarts, and otherwise a key stored for the deployment", async () => {
    const first = await startAccountsServer({ env: { CAPTCHA_PROVIDER: "altcha", ALTCHA_HMAC_KEY: "operator-key" } });
    const second = await startAccountsServer({ env: { CAPTCHA_PROVIDER: "altcha", ALTCHA_HMAC_KEY: "operator-key" } });
    const request = { client: { ip: "127.0.0.1" } } as unknown as FastifyRequest;
    try {
      const payload = await solve(await fetchChallenge(first));
      expect(await second.app.services.captcha.verify(payload, "otp", request)).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }

    // No key configured: processes on one database share the key generated for it.
    const database = await openTestDatabase();
    const one = await startAccountsServer({ env: { CAPTCHA_PROVIDER: "altcha" }, database });
    const two = await startAccountsServer({ env: { CAPTCHA_PROVIDER: "altcha" }, database });
    try {
      const payload = await solve(await fetchChallenge(one));
      expect(await two.app.services.captcha.verify(payload, "otp", request)).toBe(true);
    } finally {
      await one.app.close();
      await two.close();
    }
  });
});

describe("captcha: off", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer({ env: { CAPTCHA_PROVIDER: "off" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("has no challenge endpoint and lets forms through", async () => {
    const response = await server.request("/api/captcha/challenge");
    expect(response.status).toBe(404);
    expect((await readJson(response)).code).toBe("NOT_FOUND");
    const player = await createPlayer(server);
    expect((await server.request("/api/player/passwords/reset", jsonRequest("POST", { email: player.email }))).status).toBe(202);
  });
});
