// RENDER_WORKERS=0 (the default on a one-core machine): pages render on the server's main thread
// instead of worker threads. The other browser tests run against render workers (CI has two
// cores); this one starts a second production server that renders in-process and checks a page
// from it is complete, carries the build id and hydrates cleanly.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { en, expect, gotoHydrated, test } from "./fixtures.ts";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

test.describe("pages rendered on the main thread (RENDER_WORKERS=0)", () => {
  test.describe.configure({ mode: "serial" });
  let server: ChildProcess | undefined;
  let dataDir = "";
  let origin = "";
  let output = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "playfair-e2e-main-thread-"));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["apps/server/src/server.ts"], {
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, RENDER_WORKERS: "0", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.status, { timeout: 100_000, message: `server output: ${output}` })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("serve a complete server-rendered page with the running build's id", async () => {
    const response = await fetch(`${origin}/de`, { headers: { accept: "text/html", "cache-control": "no-cache" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*\slang="de"/);
    expect(html).toMatch(/<\/html>$/);
    const { buildId } = JSON.parse(readFileSync("apps/web/build/client/builds/latest.json", "utf8")) as { buildId: string };
    expect(html).toContain(`\\"buildId\\",\\"${buildId}\\"`);
  });

  test("hydrate in the browser without errors", async ({ page, pageErrors }) => {
    await gotoHydrated(page, `${origin}/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(en.home.hero.title);
    expect(pageErrors).toEqual([]);
  });
});
