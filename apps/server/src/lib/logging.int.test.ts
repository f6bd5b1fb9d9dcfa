import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { insertPlayer } from "../modules/player/player.repository.ts";

// A failing statement must not carry the values it was given into the logs: the probe that led
// here found an argon2id hash, an e-mail address and an IP address in a 500's log line.

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNo";
const EMAIL = "private.person@example.com";
const IP = "203.0.113.77";
const TOKEN = "tok_3f9a0c7e1b2d4e6f";

const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  server = await startTestServer({
    env: { LOG_REQUESTS: "true", RATE_LIMIT_ENABLED: "false" },
    logger: { level: "info", stream },
    configure: (app) => {
      // A statement whose values PostgreSQL refuses and quotes back (invalid input for integer).
      app.post("/test/failing-cast", async () => {
        await app.database.db.execute(sql`select ${HASH}::integer as hash, ${EMAIL} as email, ${IP} as ip`);
        return { ok: true };
      });
      // A unique violation, whose detail names the duplicate value.
      app.post("/test/duplicate-email", async () => {
        await insertPlayer(app.database.db, { email: EMAIL, passwordHash: HASH, registrationIp: IP, currency: "USD" });
        await insertPlayer(app.database.db, { email: EMAIL, passwordHash: HASH, registrationIp: IP, currency: "USD" });
        return { ok: true };
      });
      app.get("/test/log-an-object", async (request) => {
        request.log.warn(
          { password: "hunter2-hunter2", email: EMAIL, ip: IP, headers: { authorization: `Bearer ${TOKEN}`, cookie: `refresh=${TOKEN}` }, player: { phone: "+4915112345678", token: TOKEN } },
          "an object with secrets in it",
        );
        return { ok: true };
      });
    },
  });
});

afterAll(async () => {
  await server.close();
});

function logText(): string {
  return lines.join("\n");
}

describe(`logs hold no secrets and no personal data (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("logs a failed statement's 500 without the values it was given", async () => {
    for (const path of ["/test/failing-cast", "/test/duplicate-email"]) {
      const before = lines.length;
      const response = await server.request(path, { method: "POST" });
      expect(response.status, path).toBe(500);
      const written = lines.slice(before).join("\n");
      // The failure is still logged, with what an operator needs to find it.
      expect(written, path).toContain("request failed");
      expect(written, path).toMatch(/"code":"(22P02|23505)"/);
    }
    const text = logText();
    for (const secret of [HASH, "c2FsdHNhbHRzYWx0", EMAIL, IP]) expect(text).not.toContain(secret);
  });

  it("redacts passwords, tokens, headers, e-mail, phone and IP addresses in any logged object", async () => {
    const before = lines.length;
    expect((await server.request("/test/log-an-object")).status).toBe(200);
    const written = lines.slice(before).join("\n");
    expect(written).toContain("an object with secrets in it");
    expect(written).toContain("[redacted]");
    for (const secret of ["hunter2-hunter2", EMAIL, IP, TOKEN, "+4915112345678"]) expect(written).not.toContain(secret);
  });

  it("logs request URLs without their query values", async () => {
    const before = lines.length;
    await server.request(`/api/health?token=${TOKEN}&email=${encodeURIComponent(EMAIL)}`);
    const written = lines.slice(before).join("\n");
    expect(written).toContain("/api/health?token=[redacted]&email=[redacted]");
    expect(written).not.toContain(TOKEN);
  });
});
