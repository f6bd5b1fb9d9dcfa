import { CurrenciesResponseSchema } from "@playfair/contracts/settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { currencies } from "./settings.schema.ts";

const REFERENCE_ADDRESSES = [
  "/api/settings/currencies",
  "/api/settings/currencies?visible=true",
  "/api/settings/locales",
  "/api/settings/countries",
  "/api/settings/constants",
];
const STRONG_ETAG = /^"[A-Za-z0-9_-]+"$/;

describe(`reference data revalidation (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  async function etagOf(address: string): Promise<string> {
    const response = await server.request(address);
    expect(response.status, address).toBe(200);
    await response.arrayBuffer();
    const etag = response.headers.get("etag");
    if (etag === null) throw new Error(`${address} sent no ETag`);
    return etag;
  }

  it("tags every reference answer with a strong ETag and answers 304 without a body when it matches", async () => {
    const tags = new Set<string>();
    for (const address of REFERENCE_ADDRESSES) {
      const full = await server.request(address);
      expect(full.status, address).toBe(200);
      expect(full.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const etag = full.headers.get("etag") ?? "";
      expect(etag, address).toMatch(STRONG_ETAG);
      expect((await full.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(await etagOf(address), "the same data keeps its tag").toBe(etag);
      tags.add(etag);

      const revalidated = await server.request(address, { headers: { "if-none-match": etag } });
      expect(revalidated.status, address).toBe(304);
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(revalidated.headers.get("cache-control")).toBe(full.headers.get("cache-control"));
      expect(revalidated.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      expect(revalidated.headers.get("x-trace-id")).toBeTruthy();
      expect(await revalidated.text()).toBe("");
    }
    // Different data (the visible currencies against all of them) never shares a tag.
    expect(tags.size).toBe(REFERENCE_ADDRESSES.length);
  });

  it("reads If-None-Match as RFC 9110 does: a list of tags, weak comparison, and *", async () => {
    const address = "/api/settings/locales";
    const etag = await etagOf(address);
    const statusWith = async (ifNoneMatch: string) => {
      const response = await server.request(address, { headers: { "if-none-match": ifNoneMatch } });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await statusWith(`"stale-1", ${etag}, "stale-2"`)).toBe(304);
    expect(await statusWith(`"stale-1",${etag}`)).toBe(304);
    expect(await statusWith(`W/${etag}`)).toBe(304);
    expect(await statusWith("*")).toBe(304);
    expect(await statusWith(`"stale-1", "stale-2"`)).toBe(200);
    expect(await statusWith(etag.slice(0, -2) + '"')).toBe(200);
    expect(await statusWith(etag.slice(1, -1))).toBe(200);
    // HEAD revalidates the same way.
    const head = await server.request(address, { method: "HEAD", headers: { "if-none-match": etag } });
    expect(head.status).toBe(304);
  });

  it("changes the tag when an operator edits the data, so a revalidating client gets the edit", async () => {
    const address = "/api/settings/currencies";
    const before = await etagOf(address);
    const original = await server.database.db.select({ symbol: currencies.symbol }).from(currencies).where(eq(currencies.code, "PLN"));
    await server.database.db.update(currencies).set({ symbol: "PLN-edited" }).where(eq(currencies.code, "PLN"));
    try {
      server.app.services.settings.invalidate();
      const revalidated = await server.request(address, { headers: { "if-none-match": before } });
      expect(revalidated.status).toBe(200);
      const after = revalidated.headers.get("etag") ?? "";
      expect(after).toMatch(STRONG_ETAG);
      expect(after).not.toBe(before);
      const body = CurrenciesResponseSchema.parse(await readJson(revalidated));
      expect(body.data.find((currency) => currency.code === "PLN")?.symbol).toBe("PLN-edited");
      const again = await server.request(address, { headers: { "if-none-match": after } });
      expect(again.status).toBe(304);
    } finally {
      await server.database.db.update(currencies).set({ symbol: original[0]?.symbol ?? "zł" }).where(eq(currencies.code, "PLN"));
      server.app.services.settings.invalidate();
    }
    expect(await etagOf(address)).toBe(before);
  });
});
