import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { asOperator, bonusPlayer, OPERATOR_KEY, startBonusServer } from "./bonus-api-test-kit.ts";

// `npm run ops -- bonuses ...` end to end: the CLI, spawned with the tests' node, drives the
// operator API of a running server over HTTP; the operator API's refusals come back as field errors.

const run = promisify(execFile);
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "..", "..", "..", "..", "..");
let server: TestServer;
let dataDir: string;

async function ops(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/ops.ts", "bonuses", ...args, "--url", server.baseUrl, "--key", OPERATOR_KEY], {
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

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ops-bonuses-"));
  server = await startBonusServer();
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run ops: bonuses", () => {
  it("lists the seeded offers, the welcome package and the codes", async () => {
    const listed = await ops(["list"]);
    expect(listed.code, listed.stderr).toBe(0);
    for (const code of ["welcome-1", "welcome-4", "reload-50", "no-deposit-10", "starfall-20", "weekly-cashback"]) expect(listed.stdout).toContain(code);
    expect((await ops(["packages"])).stdout).toContain("welcome-1, welcome-2, welcome-3, welcome-4");
    const codes = await ops(["codes"]);
    expect(codes.stdout).toMatch(/FREE10\s+manual\s+-> no-deposit-10/);
    expect(codes.stdout).toMatch(/WELCOME\s+registration\s+-> no-deposit-10/);
    expect(codes.stdout).toMatch(/SPINS20\s+deposit\s+-> starfall-20/);
  });

  it("writes a template from a file, deactivates it, and says which field is wrong", async () => {
    const shown = await ops(["show", "reload-50"]);
    expect(shown.code, shown.stderr).toBe(0);
    const template = JSON.parse(shown.stdout);
    const file = path.join(dataDir, "friday.json");
    writeFileSync(file, JSON.stringify({ ...template, title: { en: "Friday reload" }, perPlayerLimit: 4 }));
    const saved = await ops(["set", "friday-reload", "--file", file]);
    expect(saved.code, saved.stderr).toBe(0);
    expect((await readJson(await server.request("/api/operator/bonus-templates/friday-reload", asOperator("GET")))).data).toMatchObject({ title: { en: "Friday reload" }, perPlayerLimit: 4, isActive: true });
    expect((await ops(["remove", "friday-reload"])).stdout).toContain("[inactive]");

    const noTrigger = { ...template, reward: { ...template.reward, trigger: { invoiceAmountItems: [], baseCurrencyInvoiceAmountFrom: null } } };
    const refused = await ops(["set", "broken-reload", "--json", JSON.stringify(noTrigger)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("invoiceAmountItems");
    const spins = await ops(["show", "starfall-20"]);
    const noGames = { ...JSON.parse(spins.stdout), reward: { ...JSON.parse(spins.stdout).reward, gameIds: [] } };
    const answer = await server.request("/api/operator/bonus-templates/broken-spins", asOperator("PUT", noGames));
    expect(answer.status).toBe(422);
    expect(Object.keys((await readJson(answer)).errors)).toContain("reward.gameIds");
    expect((await server.request("/api/operator/bonus-templates/broken-spins", asOperator("GET"))).status).toBe(404);
  });

  it("sets and removes a code, sets the package's steps, and issues a bonus by hand", async () => {
    const code = await ops(["codes", "set", "spring25", "--template", "reload-50", "--trigger", "deposit", "--max-uses", "100"]);
    expect(code.code, code.stderr).toBe(0);
    expect(code.stdout).toMatch(/SPRING25\s+deposit\s+-> reload-50\s+used 0 of 100/);
    expect((await ops(["codes", "remove", "SPRING25"])).code).toBe(0);
    expect((await ops(["codes"])).stdout).toMatch(/SPRING25.*\[inactive\]/);

    const package_ = await ops(["packages", "set", "welcome", "--steps", "welcome-1,welcome-2,welcome-3,reload-50"]);
    expect(package_.code, package_.stderr).toBe(0);
    expect(package_.stdout).toContain("welcome-1, welcome-2, welcome-3, reload-50");
    const notDeposit = await ops(["packages", "set", "welcome", "--steps", "welcome-1,no-deposit-10"]);
    expect(notDeposit.code).toBe(1);
    expect(notDeposit.stderr).toContain("not a deposit template");

    const player = await bonusPlayer(server);
    const issued = await ops(["issue", player.playerId, "no-deposit-10", "--currency", "EUR"]);
    expect(issued.code, issued.stderr).toBe(0);
    expect(issued.stdout).toContain("10.00 EUR");
    const again = await ops(["issue", player.playerId, "no-deposit-10", "--currency", "EUR"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already received");
  });
});
