import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/test-server.ts";
import { communications, notificationCampaigns, notificationMessages, pushNotifications } from "./notification.schema.ts";
import { call, createPlayer } from "./notification-test-kit.ts";

// `npm run ops` end to end: a demo server (no OPERATOR_API_KEYS) writes its generated key to
// <DATA_DIR>/operator-key on start; the CLI, spawned with the same node as the tests, reads it
// from there and drives the operator API over HTTP.

const run = promisify(execFile);
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "..", "..", "..", "..", "..");
let server: TestServer;
let dataDir: string;
/** Every line the server logged from its start on. */
const logLines: string[] = [];

async function ops(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/ops.ts", ...args], {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env },
      timeout: 30_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failure.stdout ?? "", stderr: failure.stderr ?? "", code: typeof failure.code === "number" ? failure.code : 1 };
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ops-cli-"));
  server = await startTestServer({
    env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false", DATA_DIR: dataDir, OPERATOR_KEY_FILE: "true" },
    logger: { level: "trace", stream: { write: (line: string) => void logLines.push(line) } },
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run ops", () => {
  it("the start-up log says where the demo key file is, never the key itself", async () => {
    const key = await server.app.services.secrets.get("operator-api-key");
    const file = path.join(dataDir, "operator-key");
    const log = logLines.join("");
    expect(log).toContain(file);
    expect(log).not.toContain(key);
  });

  it("prints the key the demo server wrote (owner-only file)", async () => {
    const file = path.join(dataDir, "operator-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { stdout, code } = await ops(["key"]);
    expect(code).toBe(0);
    const key = stdout.trim();
    expect(key).toBe(await server.app.services.secrets.get("operator-api-key"));
    expect((await server.request("/api/operator/communications", call("GET", { token: key }))).status).toBe(200);
  });

  it("sends a message to a player by e-mail and a push to a segment", async () => {
    const player = await createPlayer(server, { country: "DE", currency: "EUR" });
    const message = await ops(["message", "--url", server.baseUrl, "--to", player.email, "--title", "Welcome", "--body", "Your bonus is ready"]);
    expect(message.stderr).toBe("");
    expect(message.stdout).toMatch(/^Sent message to 1 player \(campaign [0-9a-f-]{36}\)\.\n$/);
    const [row] = await server.database.db.select().from(notificationMessages).where(eq(notificationMessages.playerId, player.id));
    expect(row).toMatchObject({ title: "Welcome", body: "Your bonus is ready", state: 1 });

    const push = await ops(["push", "--url", server.baseUrl, "--to", "segment:country=DE", "--title", "Match day", "--body", "Odds boosted", "--link", "/sport"]);
    expect(push.stdout).toMatch(/^Sent push to \d+ players? \(campaign/);
    const [campaign] = await server.database.db.select().from(notificationCampaigns).orderBy(desc(notificationCampaigns.createdAt)).limit(1);
    expect(campaign).toMatchObject({ kind: "push", audience: "segment", audienceFilter: { country: "DE" }, url: "/sport" });
    const [pushRow] = await server.database.db.select().from(pushNotifications).where(eq(pushNotifications.playerId, player.id));
    expect(pushRow).toMatchObject({ title: "Match day", url: "/sport" });
  });

  it("lists contact messages", async () => {
    await server.request("/api/notification/communications", call("POST", { body: { name: "Ann", email: "ann@example.com", subject: "KYC", message: "Which documents?" } }));
    const { stdout, code } = await ops(["communications", "--url", server.baseUrl]);
    expect(code).toBe(0);
    expect(stdout).toContain("Ann <ann@example.com>");
    expect(stdout).toContain("Subject: KYC");
    expect(stdout).toContain("Which documents?");
    expect(stdout).toMatch(/Page 1 of 1 \(\d+ messages?\)\./);
    expect((await server.database.db.select().from(communications)).length).toBeGreaterThan(0);
  });

  it("explains bad input, wrong keys and an unreachable server, exiting non-zero", async () => {
    const badTarget = await ops(["message", "--url", server.baseUrl, "--to", "someone", "--title", "T", "--body", "B"]);
    expect(badTarget.code).toBe(1);
    expect(badTarget.stderr).toContain('bad --to "someone"');

    const wrongKey = await ops(["communications", "--url", server.baseUrl, "--key", "not-the-key"]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain("the server answered 401");

    const unknownPlayer = await ops(["message", "--url", server.baseUrl, "--to", "nobody@example.com", "--title", "T", "--body", "B"]);
    expect(unknownPlayer.stderr).toContain("the server answered 404");

    const invalid = await ops(["push", "--url", server.baseUrl, "--to", "all", "--title", "T", "--body", "B", "--link", "javascript:alert(1)"]);
    expect(invalid.stderr).toMatch(/422[\s\S]*url:/);

    const noKey = await ops(["key"], { DATA_DIR: path.join(dataDir, "missing") });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain("no operator key");

    const unreachable = await ops(["communications", "--url", "http://127.0.0.1:9"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("cannot reach the server");

    expect((await ops(["launch-rockets"])).stderr).toContain('unknown command "launch-rockets"');
  });
});
