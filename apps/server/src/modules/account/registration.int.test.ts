import { REFRESH_TOKEN_COOKIE, RegisterResponseSchema } from "@playfair/contracts/player/auth";
import { sign } from "@telegram-apps/init-data-node";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { outboxMessages } from "../messaging/messaging.schema.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";
import { playerFieldSettings, players } from "../player/player.schema.ts";
import { jsonPost, movableClock, refreshCookieOf, registrationBody, startAccountsServer, TEST_PASSWORD, uniqueEmail } from "../player/player-test-helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startAccountsServer();
});

afterAll(async () => {
  await server.close();
});

async function register(body: Record<string, unknown>, path = "/api/player/register", headers: Record<string, string> = {}) {
  const response = await server.request(path, jsonPost(body, headers));
  return { response, json: await readJson(response) };
}

async function playerRow(playerId: string) {
  const [row] = await server.database.db.select().from(players).where(eq(players.id, playerId));
  return row;
}

describe(`POST /api/player/register (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("creates the player with the first wallet account, sends the confirmation e-mail and signs in", async () => {
    const email = uniqueEmail("Mixed.Case");
    const { response, json } = await register(
      registrationBody({ email, affiliateTag: "stag-42", ref_id: "ref-7", bonusCode: "WELCOME", receiveEmailPromo: true, language: "de" }),
      "/api/player/register",
      { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" },
    );
    expect(response.status).toBe(201);
    const body = RegisterResponseSchema.parse(json);
    expect(body.emailConfirmationSent).toBe(true);
    expect(body.session?.profile).toMatchObject({ id: body.playerId, email: email.toLowerCase(), emailVerified: false, currency: "EUR", country: "DE", language: "de", isNewlyRegistered: true, hasPassword: true, receiveEmailPromo: true });

    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${REFRESH_TOKEN_COOKIE}=`));
    expect(cookie).toMatch(/Path=\/api\/player\/sessions/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);

    const row = await playerRow(body.playerId);
    expect(row).toMatchObject({ affiliateTag: "stag-42", referrerId: "ref-7", registrationBonusCode: "WELCOME", registrationIp: "127.0.0.1", signInCount: 1 });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const accounts = await server.database.db.select().from(walletAccounts).where(eq(walletAccounts.playerId, body.playerId));
    expect(accounts).toEqual([expect.objectContaining({ currency: "EUR", isSelected: true, status: 1 })]);
    const [message] = await server.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email.toLowerCase()))
      .orderBy(desc(outboxMessages.createdAt));
    expect(message?.textBody).toMatch(/\/de\/verify\/[A-Za-z0-9_-]+/);
  });

  it("creates the account without signing in when skipLogin is set", async () => {
    const { response, json } = await register(registrationBody({ skipLogin: true }));
    expect(response.status).toBe(201);
    expect(json.session).toBeNull();
    expect(refreshCookieOf(response)).toBeNull();
    expect((await playerRow(json.playerId))?.signInCount).toBe(0);
  });

  it("answers 422 with the standard messages per field and creates nothing", async () => {
    const email = "not-an-address";
    const { response, json } = await register({ email, password: "short", country: "DE", currency: "EUR", agreements: false });
    expect(response.status).toBe(422);
    expect(json.code).toBe("VALIDATION_FAILED");
    expect(json.errors).toEqual({
      email: ["Value is not a valid email address"],
      password: ["This field should be at least 8 characters long"],
      agreements: ["This field must be accepted"],
    });
    const missing = await register({ email: uniqueEmail(), password: TEST_PASSWORD, country: "", currency: "", agreements: true });
    expect(missing.response.status).toBe(422);
    expect(missing.json.errors).toEqual({ country: ["Value is required"], currency: ["Value is required"] });
  });

  it("refuses excluded and unknown countries and currencies that are not enabled", async () => {
    for (const country of ["US", "GB", "XX"]) {
      const { response, json } = await register(registrationBody({ country }));
      expect(response.status, country).toBe(422);
      expect(json.errors).toEqual({ country: ["This country is not available."] });
    }
    const { response, json } = await register(registrationBody({ currency: "ZZZ" }));
    expect(response.status).toBe(422);
    expect(json.errors).toEqual({ currency: ["This currency is not available."] });
  });

  it("refuses an e-mail address that is already registered, whatever its case", async () => {
    const email = uniqueEmail();
    expect((await register(registrationBody({ email }))).response.status).toBe(201);
    const { response, json } = await register(registrationBody({ email: email.toUpperCase() }));
    expect(response.status).toBe(422);
    expect(json.errors).toEqual({ email: ["This e-mail address is already registered."] });
  });

  it("lets exactly one of two parallel registrations of one address through", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all([register(registrationBody({ email })), register(registrationBody({ email }))]);
    expect(results.map((result) => result.response.status).sort()).toEqual([201, 422]);
    const refused = results.find((result) => result.response.status === 422);
    expect(refused?.json.errors).toEqual({ email: ["This e-mail address is already registered."] });
    expect(refused && refreshCookieOf(refused.response)).toBeNull();
    const rows = await server.database.db.select().from(players).where(eq(players.email, email));
    expect(rows).toHaveLength(1);
  });

  it("applies the operator's registration list: a field it marks required is required", async () => {
    await server.database.db.insert(playerFieldSettings).values({ scenario: "registration", field: "nickname", isEnabled: true, isRequired: true, sortOrder: 5 });
    server.app.services.players.fields.invalidate();
    try {
      const { response, json } = await register(registrationBody());
      expect(response.status).toBe(422);
      expect(json.errors).toEqual({ nickname: ["Value is required"] });
      const nickname = `Nick_${Date.now().toString(36)}`;
      const created = await register(registrationBody({ nickname }));
      expect(created.response.status).toBe(201);
      expect(created.json.session.profile.nickname).toBe(nickname);
      const taken = await register(registrationBody({ nickname: nickname.toLowerCase() }));
      expect(taken.json.errors).toEqual({ nickname: ["This nickname is taken."] });
    } finally {
      await server.database.db.delete(playerFieldSettings).where(and(eq(playerFieldSettings.scenario, "registration"), eq(playerFieldSettings.field, "nickname")));
      server.app.services.players.fields.invalidate();
    }
  });
});

describe("POST /api/player/register/phone", () => {
  const phone = "+4915123456789";
  const clock = movableClock();
  let phoneServer: TestServer;
  beforeAll(async () => {
    phoneServer = await startAccountsServer({ now: clock.now });
  });
  afterAll(async () => {
    await phoneServer.close();
  });

  async function register(body: Record<string, unknown>, path: string) {
    const response = await phoneServer.request(path, jsonPost(body));
    return { response, json: await readJson(response) };
  }

  async function sendCode(destination: string): Promise<string> {
    // Past the resend pause of the previous code.
    clock.advance(5 * 60 * 1000);
    await phoneServer.app.services.otp.send({ channel: "sms", destination, purpose: "registration", locale: "en" });
    const [message] = await phoneServer.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, destination))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(message?.textBody ?? "")?.[1];
    if (!code) throw new Error(`no code in the SMS: ${message?.textBody}`);
    return code;
  }

  function phoneBody(overrides: Record<string, unknown>) {
    return { phone, password: TEST_PASSWORD, country: "DE", currency: "EUR", agreements: true, code: "000000", ...overrides };
  }

  it("refuses a wrong code and creates nothing", async () => {
    await sendCode(phone);
    const { response, json } = await register(phoneBody({ code: "12345x" }), "/api/player/register/phone");
    expect(response.status).toBe(422);
    expect(json.errors).toEqual({ code: ["The code is incorrect or has expired."] });
    expect(await phoneServer.database.db.select().from(players).where(eq(players.phone, phone))).toHaveLength(0);
  });

  it("registers a verified phone with the code (national format read with the country) and uses the code up", async () => {
    const code = await sendCode(phone);
    const { response, json } = await register(phoneBody({ code, phone: "015123456789" }), "/api/player/register/phone");
    expect(response.status).toBe(201);
    expect(json.session.profile).toMatchObject({ phone, phoneVerified: true, email: null });
    expect(json.emailConfirmationSent).toBe(false);

    const again = await register(phoneBody({ code }), "/api/player/register/phone");
    expect(again.response.status).toBe(422);
  });

  it("refuses a phone number that is already registered, before looking at the code", async () => {
    const { response, json } = await register(phoneBody({ code: "999999" }), "/api/player/register/phone");
    expect(response.status).toBe(422);
    expect(json.errors).toEqual({ phone: ["This phone number is already registered."] });
  });
});

describe("registration captcha", () => {
  let captchaServer: TestServer;
  beforeAll(async () => {
    captchaServer = await startAccountsServer({ env: { CAPTCHA_PROVIDER: "altcha" } });
  });
  afterAll(async () => {
    await captchaServer.close();
  });

  it("refuses a registration whose captcha was not solved", async () => {
    const response = await captchaServer.request("/api/player/register", jsonPost(registrationBody({ captcha: "forged" })));
    expect(response.status).toBe(422);
    expect((await readJson(response)).errors).toEqual({ captcha: ["The captcha was not solved."] });
  });
});

const TELEGRAM_BOT_TOKEN = "424242:registration-allowance-bot";

describe("registrations per address", () => {
  const clock = movableClock();
  let limitedServer: TestServer;
  beforeAll(async () => {
    // The test's requests arrive through a trusted proxy, so X-Forwarded-For names each client.
    limitedServer = await startAccountsServer({
      env: { REGISTRATION_IP_MAX: "3", REGISTRATION_IP_WINDOW_MS: "3600000", TRUSTED_PROXIES: "127.0.0.1", TELEGRAM_BOT_TOKEN },
      now: clock.now,
    });
  });
  afterAll(async () => {
    await limitedServer.close();
  });

  async function registerFrom(address: string, body: Record<string, unknown> = registrationBody()) {
    const response = await limitedServer.request("/api/player/register", jsonPost(body, { "x-forwarded-for": address }));
    return { response, json: await readJson(response) };
  }

  async function playersWithEmail(email: unknown) {
    return limitedServer.database.db.select().from(players).where(eq(players.email, String(email)));
  }

  it("refuses the registration over the allowance with 429 and Retry-After; another address still registers", async () => {
    for (let index = 0; index < 3; index += 1) expect((await registerFrom("203.0.113.7")).response.status).toBe(201);
    const body = registrationBody();
    const refused = await registerFrom("203.0.113.7", body);
    expect(refused.response.status).toBe(429);
    expect(refused.json).toMatchObject({ status: 429, code: "RATE_LIMITED", message: "Too many registrations from this address. Please try again later." });
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(refreshCookieOf(refused.response)).toBeNull();
    expect(await playersWithEmail(body.email)).toHaveLength(0);

    expect((await registerFrom("203.0.113.8")).response.status).toBe(201);
    // An IPv6 subscriber counts by its /64: a new address in the same block is the same client.
    for (let index = 0; index < 3; index += 1) expect((await registerFrom(`2001:db8:1:2::${index + 1}`)).response.status).toBe(201);
    expect((await registerFrom("2001:db8:1:2::99")).response.status).toBe(429);
    expect((await registerFrom("2001:db8:1:3::1")).response.status).toBe(201);
  });

  it("counts sign-ups through Telegram against the same allowance", async () => {
    for (let index = 0; index < 3; index += 1) expect((await registerFrom("203.0.113.50")).response.status).toBe(201);
    const telegramSignUp = (address: string, id: number) =>
      limitedServer.request(
        "/api/player/tg_login",
        jsonPost({ tg_payload: sign({ user: { id, first_name: "Tess" }, query_id: "allowance", chat_type: "private" }, TELEGRAM_BOT_TOKEN, clock.now()) }, { "x-forwarded-for": address }),
      );
    const refused = await telegramSignUp("203.0.113.50", 710_000_001);
    expect(refused.status).toBe(429);
    expect(await readJson(refused)).toMatchObject({ code: "RATE_LIMITED", message: "Too many registrations from this address. Please try again later." });
    expect((await telegramSignUp("203.0.113.51", 710_000_001)).status).toBe(200);
  });

  it("counts only registrations that created an account; the duplicate-address message stays", async () => {
    const first = registrationBody();
    expect((await registerFrom("203.0.113.20", first)).response.status).toBe(201);
    const duplicate = await registerFrom("203.0.113.20", registrationBody({ email: first.email }));
    expect(duplicate.response.status).toBe(422);
    expect(duplicate.json.errors).toEqual({ email: ["This e-mail address is already registered."] });
    expect((await registerFrom("203.0.113.20")).response.status).toBe(201);
    expect((await registerFrom("203.0.113.20")).response.status).toBe(201);
    expect((await registerFrom("203.0.113.20")).response.status).toBe(429);
  });

  it("never lets parallel registrations from one address past the allowance", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => registerFrom("203.0.113.30")));
    expect(results.map((result) => result.response.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it("gives the address a new allowance when the window ends", async () => {
    for (let index = 0; index < 3; index += 1) expect((await registerFrom("203.0.113.40")).response.status).toBe(201);
    expect((await registerFrom("203.0.113.40")).response.status).toBe(429);
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await registerFrom("203.0.113.40")).response.status).toBe(201);
  });
});
