import { VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { isUniqueViolation } from "../../db/sql-errors.ts";
import { NICKNAME_TAKEN } from "../account/player.service.ts";
import { nicknameKey } from "./nickname-key.ts";
import { backfillNicknameKeys, insertPlayer } from "./player.repository.ts";
import { players } from "./player.schema.ts";
import { bearer, registerPlayer, startAccountsServer } from "./player-test-helpers.ts";

let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await startAccountsServer();
});

afterAll(async () => {
  await server.close();
});

/** A nickname no other test of this file uses, in plain Latin letters. */
function freshNickname(): string {
  sequence += 1;
  return `player_${"abcdefghij"[sequence % 10]}${Date.now().toString(36).replace(/\d/g, "x")}`;
}

async function putNickname(accessToken: string, nickname: string) {
  const response = await server.request(
    "/api/player/profile",
    bearer(accessToken, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ nickname }) }),
  );
  return { status: response.status, json: await readJson(response) };
}

describe(`nicknames: one player per look (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("refuses the same nickname with a Cyrillic letter in it as already taken", async () => {
    const [owner, impostor] = [await registerPlayer(server), await registerPlayer(server)];
    const nickname = freshNickname();
    expect((await putNickname(owner.accessToken, nickname)).status).toBe(200);
    // The first "a" is U+0430 CYRILLIC SMALL LETTER A.
    const lookAlike = nickname.replace("a", "\u0430");
    expect(lookAlike).not.toBe(nickname);
    const refused = await putNickname(impostor.accessToken, lookAlike);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ nickname: [NICKNAME_TAKEN] });
  });

  it("treats fullwidth letters and other cases as the same nickname, and lets the owner restyle it", async () => {
    const [owner, other] = [await registerPlayer(server), await registerPlayer(server)];
    const nickname = freshNickname();
    expect((await putNickname(owner.accessToken, nickname)).status).toBe(200);
    const fullwidth = [...nickname].map((character) => (/[a-z]/.test(character) ? String.fromCodePoint(character.codePointAt(0)! - 0x61 + 0xff41) : character)).join("");
    for (const variant of [fullwidth, nickname.toUpperCase()]) {
      const refused = await putNickname(other.accessToken, variant);
      expect(refused.json.errors, variant).toEqual({ nickname: [NICKNAME_TAKEN] });
    }
    const restyled = await putNickname(owner.accessToken, nickname.toUpperCase());
    expect(restyled.status).toBe(200);
    expect(restyled.json.nickname).toBe(nickname.toUpperCase());
  });

  it("refuses a nickname with a zero-width joiner or non-joiner in it", async () => {
    const player = await registerPlayer(server);
    for (const nickname of ["lucky\u200Dace", "lucky\u200Cace"]) {
      const refused = await putNickname(player.accessToken, nickname);
      expect(refused.status, JSON.stringify(nickname)).toBe(422);
      expect(refused.json.errors).toEqual({ nickname: [VALIDATION_MESSAGES_EN.notRegex] });
    }
  });

  it("lets exactly one of two players claiming look-alikes at the same time win", async () => {
    for (let round = 0; round < 3; round += 1) {
      const [first, second] = [await registerPlayer(server), await registerPlayer(server)];
      const nickname = freshNickname();
      const results = await Promise.all([putNickname(first.accessToken, nickname), putNickname(second.accessToken, nickname.replace("a", "\u0430"))]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 422]);
      expect(results.find((result) => result.status === 422)?.json.errors).toEqual({ nickname: [NICKNAME_TAKEN] });
    }
  });

  it("has the database refuse a look-alike written past the service's check", async () => {
    const nickname = freshNickname();
    await insertPlayer(server.database.db, { email: null, nickname, currency: "USD" });
    const attempt = insertPlayer(server.database.db, { email: null, nickname: `ｐ${nickname.slice(1).replace("a", "\u0430")}`, currency: "USD" });
    await expect(attempt.catch((error: unknown) => isUniqueViolation(error))).resolves.toBe(true);
  });

  it("gives nicknames stored before look-alike keys their key at start-up, the oldest player keeping a clash", async () => {
    const nickname = freshNickname();
    const rows = await server.database.db
      .insert(players)
      .values([
        { nickname, currency: "USD", createdAt: new Date(Date.now() - 60_000) },
        { nickname: nickname.toUpperCase(), currency: "USD" },
      ])
      .returning({ id: players.id });
    expect(await backfillNicknameKeys(server.database.db)).toBe(1);
    const stored = await server.database.db
      .select({ nickname: players.nickname, nicknameKey: players.nicknameKey })
      .from(players)
      .where(inArray(players.id, rows.map((row) => row.id)));
    expect(stored).toEqual(expect.arrayContaining([{ nickname, nicknameKey: nicknameKey(nickname) }, { nickname: nickname.toUpperCase(), nicknameKey: null }]));
    const newcomer = await registerPlayer(server);
    expect((await putNickname(newcomer.accessToken, nickname.replace("a", "\u0430"))).json.errors).toEqual({ nickname: [NICKNAME_TAKEN] });
    await server.database.db.delete(players).where(eq(players.id, rows[1]!.id));
  });
});
