import { sign, signData } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import { telegramDataCheckString, verifyTelegramInitData } from "./telegram-init-data.ts";

// Signed by an independent implementation (@telegram-apps/init-data-node), never by our own code.
const BOT_TOKEN = "123456:unit-test-bot-token";
const NOW = new Date("2025-06-01T12:00:00Z");
const MAX_AGE = 86_400;
const USER = { id: 987_654_321, first_name: "Ada", last_name: "Lovelace", username: "ada_l", language_code: "de" };

function signedInitData(authDate: Date = NOW, token: string = BOT_TOKEN): string {
  return sign({ user: USER, query_id: "AAHdF6IQAAAAAN0XohDhrOrc", chat_type: "private", chat_instance: "-4242" }, token, authDate);
}

function verify(initData: string, now: Date = NOW) {
  return verifyTelegramInitData(initData, BOT_TOKEN, { now, maxAgeSeconds: MAX_AGE });
}

function withField(initData: string, key: string, value: string | null): string {
  const params = new URLSearchParams(initData);
  if (value === null) params.delete(key);
  else params.set(key, value);
  return params.toString();
}

describe("verifyTelegramInitData (S9)", () => {
  it("accepts data signed with the bot token and returns the user", () => {
    const result = verify(signedInitData());
    expect(result).toEqual({
      ok: true,
      data: {
        user: { id: USER.id, firstName: "Ada", lastName: "Lovelace", username: "ada_l", languageCode: "de" },
        authDate: NOW,
      },
    });
  });

  it("accepts the S9 form whose hash leaves `signature` out", () => {
    const authDate = String(NOW.getTime() / 1000);
    const user = JSON.stringify(USER);
    // The data-check string written out by hand, HMAC'd by the library.
    const hash = signData(`auth_date=${authDate}\nquery_id=Q1\nuser=${user}`, BOT_TOKEN);
    const initData = new URLSearchParams({ query_id: "Q1", user, auth_date: authDate, signature: "ed25519-signature", hash }).toString();
    expect(verify(initData).ok).toBe(true);
    expect(verify(withField(initData, "query_id", "Q2"))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("rejects a changed `signature` when Telegram signed it into the hash", () => {
    expect(verify(withField(signedInitData(), "signature", "forged"))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("rejects a tampered field", () => {
    const tampered = withField(signedInitData(), "user", JSON.stringify({ ...USER, id: 1 }));
    expect(verify(tampered)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verify(withField(signedInitData(), "chat_instance", "-1"))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("rejects an added field", () => {
    expect(verify(`${signedInitData()}&start_param=promo`)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("rejects data signed with another bot's token", () => {
    expect(verify(signedInitData(NOW, "999:another-bot"))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("rejects a missing or malformed hash", () => {
    expect(verify(withField(signedInitData(), "hash", null))).toEqual({ ok: false, reason: "missing_hash" });
    expect(verify(withField(signedInitData(), "hash", "zz"))).toEqual({ ok: false, reason: "bad_signature" });
    expect(verify(withField(signedInitData(), "hash", "0".repeat(64)))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("rejects a repeated key", () => {
    const initData = signedInitData();
    expect(verify(`${initData}&hash=${new URLSearchParams(initData).get("hash")}`)).toEqual({ ok: false, reason: "malformed" });
  });

  it("bounds the age of auth_date", () => {
    const signedAt = new Date(NOW.getTime() - MAX_AGE * 1000);
    expect(verify(signedInitData(signedAt)).ok).toBe(true);
    expect(verify(signedInitData(new Date(signedAt.getTime() - 1000)))).toEqual({ ok: false, reason: "expired" });
  });

  it("tolerates 60 s of clock skew into the future, not more", () => {
    expect(verify(signedInitData(new Date(NOW.getTime() + 60_000))).ok).toBe(true);
    expect(verify(signedInitData(new Date(NOW.getTime() + 61_000)))).toEqual({ ok: false, reason: "from_future" });
  });

  it("requires a user with a numeric id", () => {
    const noUser = sign({ query_id: "q", chat_type: "private" }, BOT_TOKEN, NOW);
    expect(verify(noUser)).toEqual({ ok: false, reason: "no_user" });
  });

  it("never throws on garbage", () => {
    for (const input of ["", "=", "&&&", "hash", "%zz", "user=%7B&hash=abc", "a".repeat(5000)]) {
      expect(() => verify(input)).not.toThrow();
      expect(verify(input).ok).toBe(false);
    }
  });

  it("builds the data-check string from sorted keys without hash and signature", () => {
    const fields = new Map([
      ["user", "{}"],
      ["hash", "h"],
      ["auth_date", "1"],
      ["signature", "s"],
      ["chat_type", "private"],
    ]);
    expect(telegramDataCheckString(fields)).toBe("auth_date=1\nchat_type=private\nuser={}");
  });
});
