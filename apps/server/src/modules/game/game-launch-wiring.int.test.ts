import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { bearer, fund, json, newPlayer } from "./play/game-play-test-kit.ts";

// The casino's parts wired as `npm start` wires them: the play call hands a studio's game to the
// catalogue and the aggregator, and a real launch lands in the player's recently played list.

let server: TestServer;
let thirdParty: { identity: string; hasDemo: boolean };

beforeAll(async () => {
  server = await startTestServer({ env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false" } });
  const page = await readJson(await server.request("/api/game/games?perPage=100&sort=name"));
  thirdParty = page.data.find((game: { isOriginal: boolean; hasDemo: boolean }) => !game.isOriginal && game.hasDemo);
  expect(thirdParty).toBeDefined();
});
afterAll(async () => server?.close());

describe("launching a studio's game", () => {
  it("gives a guest a demo in the sandbox aggregator's frame, and asks a guest to sign in for real money", async () => {
    const demo = await server.request(`/api/game/games/${thirdParty.identity}/play`, json("POST", { demo: true }));
    expect(demo.status).toBe(201);
    const launch = await readJson(demo);
    expect(launch).toMatchObject({ kind: "iframe", demo: true, url: expect.stringMatching(/^\/sandbox-aggregator\/launch\?/) });
    const page = await server.request(launch.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");

    expect((await server.request(`/api/game/games/${thirdParty.identity}/play`, json("POST", {}))).status).toBe(401);
    expect((await server.request("/api/game/games/no-such-game/play", json("POST", { demo: true }))).status).toBe(404);
  });

  it("plays a player's real money in their selected currency and lists the game as recently played", async () => {
    const player = await newPlayer(server);
    await fund(server, player.playerId, "20.00");
    const real = await server.request(`/api/game/games/${thirdParty.identity}/play`, bearer(player, json("POST", {})));
    expect(real.status).toBe(201);
    expect(await readJson(real)).toMatchObject({ kind: "iframe", demo: false, currency: "EUR" });

    const original = await server.request("/api/game/games/playfair-dice/play", bearer(player, json("POST", {})));
    expect(original.status).toBe(201);

    const played = await readJson(await server.request("/api/game/games/played", bearer(player)));
    const identities = played.data.map((game: { identity: string }) => game.identity);
    expect(identities).toEqual(expect.arrayContaining([thirdParty.identity, "playfair-dice"]));
  });
});
