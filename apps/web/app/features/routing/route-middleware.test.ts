import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { routeMiddleware } from "./route-middleware.ts";

describe("routeMiddleware", () => {
  it("throws 'Unknown route middleware' for a name nobody registered", () => {
    expect(() => routeMiddleware("no-such-middleware")).toThrowError(new Error("Unknown route middleware"));
    // Names from Object.prototype are not registrations either.
    expect(() => routeMiddleware("toString")).toThrowError("Unknown route middleware");
  });

  it("lets a navigation between the question list and a question page through unchanged", async () => {
    const middleware = routeMiddleware("questions");
    const results = { "questions-pageIdentity": { type: "data" as const, result: { title: "Limits" } } };
    const next = vi.fn(async () => results);
    const args = {
      request: new Request("http://localhost/questions/limits"),
      params: { pageIdentity: "limits" },
      context: new RouterContextProvider(),
      url: new URL("http://localhost/questions/limits"),
      pattern: "/questions/:pageIdentity",
    };
    await expect(middleware(args, next)).resolves.toBe(results);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
