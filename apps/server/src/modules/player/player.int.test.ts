import { AvatarListSchema } from "@playfair/contracts/player/avatars";
import { FieldListResponseSchema } from "@playfair/contracts/player/fields";
import { PlayerInitSchema } from "@playfair/contracts/player/init";
import { ProfileSchema } from "@playfair/contracts/player/profile";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";
import { bearer, jsonPost, registerPlayer, startAccountsServer, uniqueEmail, type RegisteredPlayer } from "./player-test-helpers.ts";

let server: TestServer;
let player: RegisteredPlayer;

beforeAll(async () => {
  server = await startAccountsServer();
  player = await registerPlayer(server);
});

afterAll(async () => {
  await server.close();
});

async function getProfile(accessToken = player.accessToken) {
  const response = await server.request("/api/player/profile", bearer(accessToken));
  return { response, json: await readJson(response) };
}

async function putProfile(body: unknown, accessToken = player.accessToken) {
  const response = await server.request("/api/player/profile", bearer(accessToken, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
  return { response, json: await readJson(response) };
}

describe(`GET/PUT /api/player/profile (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("answers the profile of the signed-in player and 401 without a token", async () => {
    const { response, json } = await getProfile();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(ProfileSchema.parse(json)).toMatchObject({ id: player.playerId, email: player.email, nickname: null, avatarUrl: null });
    expect(json).not.toHaveProperty("securityAnswer");
    expect((await server.request("/api/player/profile")).status).toBe(401);
  });

  it("changes every field the operator's profile list enables and shows the change at once", async () => {
    // Read first, so a stale cached copy would show if the write did not invalidate it.
    await getProfile();
    const change = {
      nickname: "Lucky_Star-7",
      firstName: "Ada",
      lastName: "Lovelace",
      birthdate: "1990-12-10",
      gender: "female",
      country: "BR",
      city: "São Paulo",
      address: "Rua Augusta 1",
      postalCode: "01305-000",
      timeZone: "Europe/Berlin",
      language: "pt-br",
      receiveEmailPromo: true,
      receiveSmsPromo: "on",
      receiveBonus: true,
    };
    const { response, json } = await putProfile(change);
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ ...change, receiveSmsPromo: true });
    expect((await getProfile()).json).toMatchObject({ ...change, receiveSmsPromo: true });

    const cleared = await putProfile({ city: "", address: "" });
    expect(cleared.json).toMatchObject({ city: null, address: null, nickname: "Lucky_Star-7" });
  });

  it("applies the nickname rules and case-insensitive uniqueness", async () => {
    const other = await registerPlayer(server);
    expect((await putProfile({ nickname: "ab" }, other.accessToken)).json.errors).toEqual({ nickname: ["The value must be between 3 and 24 characters long"] });
    expect((await putProfile({ nickname: "no spaces" }, other.accessToken)).json.errors).toEqual({
      nickname: ["The value may only contain letters, digits, underscores and hyphens"],
    });
    const taken = await putProfile({ nickname: "LUCKY_STAR-7" }, other.accessToken);
    expect(taken.response.status).toBe(422);
    expect(taken.json.errors).toEqual({ nickname: ["This nickname is taken."] });
    // One's own nickname in another case is fine.
    expect((await putProfile({ nickname: "lucky_star-7" })).response.status).toBe(200);
  });

  it("refuses e-mail, phone, password and fields outside the operator's list, field by field", async () => {
    const { response, json } = await putProfile({ email: "new@example.com", phone: "+4915100000000", password: "whatever123", fullName: "Ada Lovelace", city: "Berlin" });
    expect(response.status).toBe(422);
    expect(json.errors).toEqual({
      email: ["This field cannot be changed here."],
      phone: ["This field cannot be changed here."],
      password: ["This field cannot be changed here."],
      fullName: ["This field cannot be changed here."],
    });
    expect((await getProfile()).json.city).toBeNull();
  });

  it("checks values against the reference data", async () => {
    const { response, json } = await putProfile({ country: "US", gender: "unknown", language: "xx", timeZone: "Mars/Olympus", birthdate: "1990-02-30" });
    expect(response.status).toBe(422);
    expect(json.errors).toEqual({ birthdate: ["The value is not a valid date"] });
    const reference = await putProfile({ country: "US", gender: "unknown", language: "xx", timeZone: "Mars/Olympus" });
    expect(reference.json.errors).toEqual({
      country: ["This country is not available."],
      gender: ["The value format is invalid"],
      language: ["The value is not a valid language code"],
      timeZone: ["The value format is invalid"],
    });
  });
});

describe("GET /api/player/fields/validations", () => {
  it("answers the seeded registration and profile lists", async () => {
    const registration = FieldListResponseSchema.parse(await readJson(await server.request("/api/player/fields/validations?scenario=registration")));
    expect(registration.fields).toEqual([
      { name: "email", required: true },
      { name: "phone", required: true },
      { name: "password", required: true },
      { name: "country", required: true },
      { name: "currency", required: true },
      { name: "agreements", required: true },
      { name: "receiveEmailPromo", required: false },
      { name: "receiveSmsPromo", required: false },
      { name: "bonusCode", required: false },
    ]);
    const profile = FieldListResponseSchema.parse(await readJson(await server.request("/api/player/fields/validations?scenario=profile")));
    expect(profile.fields.map((field) => field.name)).toEqual([
      "nickname",
      "firstName",
      "lastName",
      "birthdate",
      "gender",
      "country",
      "city",
      "address",
      "postalCode",
      "timeZone",
      "language",
      "receiveEmailPromo",
      "receiveSmsPromo",
      "receiveBonus",
    ]);
    expect((await server.request("/api/player/fields/validations?scenario=checkout")).status).toBe(422);
  });
});

describe("avatars", () => {
  it("lists 12 avatars and sets one", async () => {
    const list = AvatarListSchema.parse(await readJson(await server.request("/api/player/avatar/list")));
    expect(list.data).toHaveLength(12);
    expect(list.data[0]).toEqual({ id: "avatar-01", url: "/avatars/avatar-01.svg" });
    expect(list.data[11]?.id).toBe("avatar-12");

    const response = await server.request("/api/player/avatar/set-avatar", bearer(player.accessToken, jsonPost({ avatarId: "avatar-07" })));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ avatarId: "avatar-07", avatarUrl: "/avatars/avatar-07.svg" });
    expect((await getProfile()).json.avatarId).toBe("avatar-07");

    const unknown = await server.request("/api/player/avatar/set-avatar", bearer(player.accessToken, jsonPost({ avatarId: "avatar-13" })));
    expect(unknown.status).toBe(422);
    expect((await readJson(unknown)).errors).toEqual({ avatarId: ["This avatar does not exist."] });
    expect((await server.request("/api/player/avatar/set-avatar", jsonPost({ avatarId: "avatar-01" }))).status).toBe(401);
  });
});

describe("GET /api/player/init", () => {
  it("answers profile, wallet accounts, social connections and the player's realtime channels", async () => {
    const response = await server.request("/api/player/init", bearer(player.accessToken));
    expect(response.status).toBe(200);
    const init = PlayerInitSchema.parse(await readJson(response));
    expect(init.profile.id).toBe(player.playerId);
    expect(init.accounts).toEqual([expect.objectContaining({ currency: "EUR", status: 1, isSelected: true, isHidden: false })]);
    expect(init.socialConnections).toEqual([]);
    expect(init.realtimeChannels).toHaveLength(12);
    expect(init.realtimeChannels).toEqual(expect.arrayContaining([`wallet:accounts#${player.playerId}`, `messenger:pushes#${player.playerId}`, "global:online"]));
    expect((await server.request("/api/player/init")).status).toBe(401);
  });
});

describe("player service for social and messenger sign-up", () => {
  it("creates an external player with a wallet account and finds it by e-mail and Telegram id", async () => {
    const { players } = server.app.services;
    const email = uniqueEmail("Social");
    const { playerId } = await players.createExternalPlayer({
      email,
      emailVerified: true,
      firstName: "Grace",
      nickname: "lucky_star-7",
      tgUserId: 7_123_456_789,
      language: "de",
      currency: "USD",
      ip: "203.0.113.9",
    });
    expect(await players.findPlayerIdByEmail(email.toUpperCase())).toBe(playerId);
    expect(await players.findPlayerIdByTelegramUser(7_123_456_789)).toBe(playerId);
    expect(await players.findPlayerIdByTelegramUser(1)).toBeNull();
    expect(await players.findPlayerIdByEmail("nobody@example.com")).toBeNull();
    const profile = await players.getProfile(playerId);
    // The nickname is taken (case-insensitively), so the account starts without one.
    expect(profile).toMatchObject({ email: email.toLowerCase(), emailVerified: true, firstName: "Grace", nickname: null, tgUserId: "7123456789", language: "de", currency: "USD", hasPassword: false });
    const accounts = await server.database.db.select().from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
    expect(accounts).toEqual([expect.objectContaining({ currency: "USD", isSelected: true })]);
  });

  it("falls back to an enabled currency when none or an unknown one is asked for", async () => {
    const { playerId } = await server.app.services.players.createExternalPlayer({ tgUserId: 42, currency: "NOPE" });
    const profile = await server.app.services.players.getProfile(playerId);
    expect(profile?.currency).toMatch(/^[A-Z0-9]{2,10}$/);
    expect(profile?.email).toBeNull();
  });
});
