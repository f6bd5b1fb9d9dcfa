import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../../test/test-server.ts";

// `npm run ops -- games ...` and `-- collections ...` end to end: the CLI, spawned with the tests'
// node, drives the operator API of a running server over HTTP.

const run = promisify(execFile);
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "..", "..", "..", "..", "..", "..");
const OPERATOR_KEY = "ops-catalogue-operator-key-0123456789";
let server: TestServer;
let dataDir: string;

async function ops(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/ops.ts", ...args, "--url", server.baseUrl, "--key", OPERATOR_KEY], {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      timeout: 30_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failure.stdout ?? "", stderr: failure.stderr ?? "", code: typeof failure.code === "number" ? failure.code : 1 };
  }
}

const identities = async (query: string): Promise<string[]> =>
  (await readJson(await server.request(`/api/game/games?${query}`))).data.map((game: { identity: string }) => game.identity);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ops-catalogue-"));
  server = await startTestServer({ env: { OPERATOR_API_KEYS: OPERATOR_KEY, RATE_LIMIT_ENABLED: "false", DATA_DIR: dataDir } });
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run ops: the catalogue", () => {
  it("hides and unhides a game", async () => {
    const hidden = await ops(["games", "hide", "playfair-limbo"]);
    expect(hidden.code, hidden.stderr).toBe(0);
    expect(hidden.stdout).toContain("playfair-limbo");
    expect(hidden.stdout).toContain("[hidden]");
    expect(await identities("collection=originals")).not.toContain("playfair-limbo");
    expect((await ops(["games", "unhide", "playfair-limbo"])).code).toBe(0);
    expect(await identities("collection=originals")).toContain("playfair-limbo");
  });

  it("adds a game, and says what went wrong for an unknown provider", async () => {
    const added = await ops(["games", "add", "--identity", "copperfox-lantern-bay", "--name", "Lantern Bay", "--provider", "copperfox", "--rtp", "95.80", "--volatility", "high", "--categories", "slots", "--features", "free-spins,jackpot", "--math-model", "slot-classic"]);
    expect(added.code, added.stderr).toBe(0);
    expect((await readJson(await server.request("/api/game/games/copperfox-lantern-bay"))).data).toMatchObject({ name: "Lantern Bay", rtp: "95.80", features: ["free-spins", "jackpot"] });
    const refused = await ops(["games", "add", "--identity", "nowhere-game", "--name", "Nowhere", "--provider", "no-such-studio", "--rtp", "95.80", "--volatility", "high", "--categories", "slots"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("provider");
  });

  it("reorders a collection, limits it to countries, and writes one from a file", async () => {
    const order = await ops(["collections", "order", "originals", "playfair-crash,playfair-dice"]);
    expect(order.code, order.stderr).toBe(0);
    expect(await identities("collection=originals")).toEqual(["playfair-crash", "playfair-dice"]);
    expect((await ops(["collections", "countries", "originals", "de,at"])).code).toBe(0);
    expect(await identities("collection=originals")).toEqual([]);
    expect((await ops(["collections", "countries", "originals", "everywhere"])).code).toBe(0);
    const file = path.join(dataDir, "collection.json");
    writeFileSync(file, JSON.stringify({ identity: "winter-nights", names: { en: "Winter nights", de: "Winternächte" }, countries: [], position: 2, isHidden: false, games: ["playfair-slot"] }));
    expect((await ops(["collections", "put", "--file", file])).code).toBe(0);
    const listed = await ops(["collections", "list"]);
    expect(listed.stdout).toContain("winter-nights");
    expect(listed.stdout).toContain("playfair-crash, playfair-dice");
  });
});
