import { describe, expect, it } from "vitest";
import { createPublicAnswerCache, PUBLIC_ANSWER_TTL_MS } from "./public-answers.ts";

describe("guests' catalogue answers in memory", () => {
  it("builds an answer once for concurrent and later callers until it expires", async () => {
    let clock = 1_000;
    const cache = createPublicAnswerCache(() => clock);
    let builds = 0;
    const build = async () => ({ data: [++builds] });
    const [a, b] = await Promise.all([cache.get("games|DE|de", build), cache.get("games|DE|de", build)]);
    expect(a).toBe(b);
    expect(JSON.parse(a.toString())).toEqual({ data: [1] });
    clock += PUBLIC_ANSWER_TTL_MS - 1;
    expect(await cache.get("games|DE|de", build)).toBe(a);
    clock += 1;
    expect(JSON.parse((await cache.get("games|DE|de", build)).toString())).toEqual({ data: [2] });
  });

  it("keeps countries and languages apart, and drops everything when the catalogue changes", async () => {
    const cache = createPublicAnswerCache(() => 0);
    let version = 1;
    const build = async () => ({ version });
    const german = await cache.get("games|DE|de", build);
    version = 2;
    expect(JSON.parse((await cache.get("games|BR|pt-br", build)).toString())).toEqual({ version: 2 });
    expect(await cache.get("games|DE|de", build)).toBe(german);
    cache.clear();
    expect(JSON.parse((await cache.get("games|DE|de", build)).toString())).toEqual({ version: 2 });
  });

  it("does not keep a failed answer, nor one built while the catalogue changed", async () => {
    const cache = createPublicAnswerCache(() => 0);
    await expect(cache.get("game|missing", async () => Promise.reject(new Error("not found")))).rejects.toThrow("not found");
    expect(JSON.parse((await cache.get("game|missing", async () => ({ found: true }))).toString())).toEqual({ found: true });
    let release: () => void = () => {};
    const slow = cache.get("games|slow", () => new Promise((resolve) => (release = () => resolve({ stale: true }))));
    cache.clear();
    release();
    await slow;
    expect(JSON.parse((await cache.get("games|slow", async () => ({ stale: false }))).toString())).toEqual({ stale: false });
  });
});
