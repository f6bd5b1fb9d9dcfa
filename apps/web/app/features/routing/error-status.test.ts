import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { errorPageKind, errorStatus, readablePath } from "./error-status.ts";

/** What a loader's `throw data(…)` becomes by the time an error boundary sees it. */
async function thrownByLoader(response: ReturnType<typeof data>): Promise<unknown> {
  const { createStaticHandler } = await import("react-router");
  const handler = createStaticHandler([
    {
      id: "page",
      path: "/",
      loader: () => {
        throw response;
      },
    },
  ]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("expected a render context, got a response");
  return context.errors?.page;
}

describe("errorStatus", () => {
  it("keeps the status of a route's 404 response", async () => {
    expect(errorStatus(await thrownByLoader(data(null, { status: 404 })))).toBe(404);
  });

  it("keeps other client error statuses", async () => {
    expect(errorStatus(await thrownByLoader(data(null, { status: 403 })))).toBe(403);
  });

  it("answers 500 for a loader that throws an ordinary error", async () => {
    const { createStaticHandler } = await import("react-router");
    const handler = createStaticHandler([
      {
        id: "page",
        path: "/",
        loader: () => {
          throw new Error("database unreachable");
        },
      },
    ]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("expected a render context, got a response");
    expect(context.statusCode).toBe(500);
    expect(errorStatus(context.errors?.page)).toBe(500);
  });

  it("treats anything else thrown as an unhandled error with status 500", () => {
    expect(errorStatus(new Error("boom"))).toBe(500);
    expect(errorStatus(new TypeError("undefined is not a function"))).toBe(500);
    expect(errorStatus("a string")).toBe(500);
    expect(errorStatus(undefined)).toBe(500);
  });
});

describe("errorPageKind", () => {
  it("shows the not-found texts for 404 only", () => {
    expect(errorPageKind(404)).toBe("not-found");
    expect(errorPageKind(403)).toBe("client-error");
    expect(errorPageKind(500)).toBe("server-error");
    expect(errorPageKind(503)).toBe("server-error");
  });
});

describe("readablePath", () => {
  it("shows percent-encoded addresses as people typed them", () => {
    expect(readablePath("/caf%C3%A9/men%C3%BC")).toBe("/café/menü");
    expect(readablePath("/a%20b")).toBe("/a b");
    expect(readablePath("/plain/path")).toBe("/plain/path");
  });

  it("keeps an address that is not valid percent-encoding as it came", () => {
    expect(readablePath("/bad%E0%A4%A")).toBe("/bad%E0%A4%A");
  });
});
