import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

// The sportsbook widget's build (apps/sportsbook, ADR 035), served like a third-party script.
const manifestFile = new URL("../../../sportsbook/dist/manifest.json", import.meta.url);

describe("the sportsbook widget's files on the real server", () => {
  let server: TestServer;

  beforeAll(async () => {
    await import(new URL("../../../web/build/server/index.js", import.meta.url).href);
    server = await startTestServer({ web: "production", env: { RENDER_WORKERS: "0" } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("answers the manifest for revalidation and the hashed script and stylesheet for good", async () => {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { script: string; stylesheet: string };
    const answer = await fetch(`${server.baseUrl}/sportsbook/manifest.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(await answer.json()).toEqual(manifest);

    const script = await fetch(`${server.baseUrl}/sportsbook/${manifest.script}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await script.text()).toContain("PlayfairSportsbook");

    const stylesheet = await fetch(`${server.baseUrl}/sportsbook/${manifest.stylesheet}`);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get("content-type")).toMatch(/text\/css/);
    expect(stylesheet.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers an unknown widget file with the site's not-found page", async () => {
    const answer = await fetch(`${server.baseUrl}/sportsbook/sportsbook-missing.js`);
    expect(answer.status).toBe(404);
  });
});
