import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { accountOf, cardDeposit, createInvoice, newPlayer, OPERATOR_KEY, startPaymentServer } from "./payment-test-kit.ts";

// `npm run ops -- withdrawals ...` end to end: the CLI, spawned with the same node as the tests,
// drives the operator payout API of a running server over loopback HTTP.

const run = promisify(execFile);
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "..", "..", "..", "..", "..");
let server: TestServer;

async function ops(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/ops.ts", "withdrawals", ...args, "--url", server.baseUrl], {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH ?? "", OPERATOR_API_KEY: OPERATOR_KEY },
      timeout: 30_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failure.stdout ?? "", stderr: failure.stderr ?? "", code: typeof failure.code === "number" ? failure.code : 1 };
  }
}

beforeAll(async () => {
  server = await startPaymentServer();
});

afterAll(async () => {
  await server?.close();
});

describe("npm run ops -- withdrawals", () => {
  it("lists the requested withdrawals, completes one and rejects another", async () => {
    const player = await newPlayer(server, "EUR");
    await cardDeposit(server, player, "100");
    const payout = { currency: "EUR", methodCode: "sandbox.withdrawal.skrill", fields: { playerEmail: "ada@example.com" } };
    const first: { id: string; number: number } = (await readJson(await createInvoice(server, player, "withdrawal", { ...payout, amount: "30" }))).data;
    const second: { id: string; number: number } = (await readJson(await createInvoice(server, player, "withdrawal", { ...payout, amount: "20" }))).data;

    const listed = await ops(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`#${first.number}  ${first.id}  30.00 EUR  sandbox.withdrawal.skrill  player ${player.playerId}`);
    expect(listed.stdout).toContain("playerEmail=ada@example.com");
    expect(listed.stdout).toContain(second.id);

    const completed = await ops(["complete", first.id, "--note", "paid by the sandbox"]);
    expect(completed).toMatchObject({ code: 0, stderr: "" });
    expect(completed.stdout).toBe(`Withdrawal #${first.number} paid out: 30.00 EUR.\n`);
    const rejected = await ops(["reject", second.id]);
    expect(rejected.stdout).toBe(`Withdrawal #${second.number} rejected: 20.00 EUR returned to the player.\n`);
    expect(await accountOf(server, player)).toMatchObject({ cash: "70.00", pendingWithdrawal: "0.00" });
    expect((await ops(["list", "--status", "2"])).stdout).toContain(first.id);

    const again = await ops(["reject", first.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("the server answered 409: This withdrawal has already been paid out.");
  });

  it("explains bad usage", async () => {
    const missingId = await ops(["complete"]);
    expect(missingId.code).toBe(1);
    expect(missingId.stderr).toContain("needs the withdrawal's id");
    expect((await ops(["refund"])).stderr).toContain('unknown withdrawals command "refund"');
    expect((await ops(["list", "--status", "9"])).stderr).toContain("--status must be 1");
  });
});
