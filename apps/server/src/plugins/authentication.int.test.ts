import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    configure(app) {
      app.setAccessTokenVerifier(async (token) => (token === "valid-token" ? { playerId: "42", sessionId: "s1" } : null));
      app.get("/api/test/me", { config: { auth: "player" } }, async (request) => request.principal);
    },
  });
});

afterAll(async () => {
  await server.close();
});

describe("bearer token plumbing", () => {
  it("answers 401 with the error body when no token is sent", async () => {
    const response = await server.request("/api/test/me");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect(ApiErrorSchema.parse(await readJson(response)).code).toBe("UNAUTHORIZED");
  });

  it("answers 401 for a token the verifier rejects and for a malformed header", async () => {
    for (const authorization of ["Bearer forged", "Basic dXNlcjpwYXNz", "Bearer", "valid-token"]) {
      const response = await server.request("/api/test/me", { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
    }
  });

  it("hands the verified principal to the handler", async () => {
    const response = await server.request("/api/test/me", { headers: { authorization: "Bearer valid-token" } });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ playerId: "42", sessionId: "s1" });
  });
});
