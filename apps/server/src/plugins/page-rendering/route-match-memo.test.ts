import { createStaticHandler, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { memoizeRouteMatching } from "./route-match-memo.ts";

const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "game", path: "game/:id" },
      { id: "locale", path: ":locale", children: [{ id: "locale-game", path: "game/:id" }] },
      { id: "not-found", path: "*" },
    ],
  },
];

type Matched = { route: { id: string }; params: Record<string, string | undefined>; pathname: string }[] | null;
const matchOf = (handler: ReturnType<typeof createStaticHandler>, address: string) => (handler as unknown as { match(address: string): Matched }).match(address);
const idsOf = (matches: Matched) => matches?.map((match) => match.route.id);

describe("remembered route matching", () => {
  it("patches the matcher of the React Router this process loads", async () => {
    expect(await memoizeRouteMatching()).toBe(true);
    const matcherModule = (await import(new URL("./lib/router/matcher.js", import.meta.resolve("react-router")).href)) as { V6RegExMatcher: { prototype: Record<symbol, unknown> } };
    expect(matcherModule.V6RegExMatcher.prototype[Symbol.for("playfair.routeMatchMemo")]).toBe(true);
  });

  it("answers every address as React Router does, each caller with its own objects", async () => {
    expect(await memoizeRouteMatching()).toBe(true);
    const handler = createStaticHandler(routes);
    for (let round = 0; round < 2; round++) {
      expect(idsOf(matchOf(handler, "/"))).toEqual(["root", "home"]);
      expect(idsOf(matchOf(handler, "/game/7"))).toEqual(["root", "game"]);
      expect(idsOf(matchOf(handler, "/de/game/8"))).toEqual(["root", "locale", "locale-game"]);
      expect(idsOf(matchOf(handler, "/a/b/c/d"))).toEqual(["root", "not-found"]);
    }
    const first = matchOf(handler, "/de/game/8")!;
    const second = matchOf(handler, "/de/game/8")!;
    expect(first).not.toBe(second);
    expect(first[2]!.params).toEqual({ locale: "de", id: "8" });
    first[2]!.params.id = "tampered";
    expect(second[2]!.params.id).toBe("8");
    expect(matchOf(handler, "/de/game/8")![2]!.params.id).toBe("8");
    // The branches' shared params object stays shared within one answer.
    expect(second[0]!.params).toBe(second[2]!.params);
  });

  it("forgets its answers when the route table changes", async () => {
    expect(await memoizeRouteMatching()).toBe(true);
    const handler = createStaticHandler(routes);
    expect(idsOf(matchOf(handler, "/game/1"))).toEqual(["root", "game"]);
    const other = createStaticHandler([{ id: "only", path: "game/:id" }]);
    expect(idsOf(matchOf(other, "/game/1"))).toEqual(["only"]);
    expect(idsOf(matchOf(handler, "/game/1"))).toEqual(["root", "game"]);
  });
});
