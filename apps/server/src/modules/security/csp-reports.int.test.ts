import { Writable } from "node:stream";
import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { CSP_REPORTS_PATH } from "@playfair/contracts/web-services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";

type LogLine = { level: number; msg: string; cspViolation?: Record<string, unknown> };

const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
    callback();
  },
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logger: { level: "warn", stream } });
});

afterAll(async () => {
  await server.close();
});

const violationLines = () => lines.filter((line) => line.msg === "content security policy violation");

function post(body: string, contentType: string) {
  return server.request(CSP_REPORTS_PATH, { method: "POST", headers: { "content-type": contentType }, body });
}

describe(`Content-Security-Policy violation reports (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("logs a report-uri report as a warning with the page's path and the blocked origin, never their queries", async () => {
    lines.length = 0;
    const report = {
      "csp-report": {
        "document-uri": "https://playfair.example/wallet?token=secret#top",
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "blocked-uri": "https://tags.example.com/gtm.js?id=GTM-1&player=42",
        "source-file": "https://playfair.example/assets/root-abc.js",
        "line-number": 12,
        disposition: "enforce",
      },
    };
    const response = await post(JSON.stringify(report), "application/csp-report");
    expect(response.status).toBe(204);
    expect(violationLines()).toEqual([
      expect.objectContaining({
        level: 40,
        cspViolation: {
          directive: "script-src-elem",
          blocked: "https://tags.example.com",
          page: "/wallet",
          source: "https://playfair.example",
          line: 12,
          disposition: "enforce",
        },
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret");
    expect(JSON.stringify(lines)).not.toContain("player=42");
  });

  it("logs every csp-violation of a Reporting API batch and ignores its other report types", async () => {
    lines.length = 0;
    const batch = [
      { type: "csp-violation", url: "https://playfair.example/", body: { documentURL: "https://playfair.example/", effectiveDirective: "connect-src", blockedURL: "wss://chat.example.net/socket", disposition: "enforce" } },
      { type: "deprecation", url: "https://playfair.example/", body: {} },
      { type: "csp-violation", url: "https://playfair.example/casino", body: { documentURL: "https://playfair.example/casino", effectiveDirective: "script-src-elem", blockedURL: "inline", lineNumber: 3 } },
      { type: "csp-violation", url: "https://playfair.example/", body: { documentURL: "https://playfair.example/", effectiveDirective: "img-src", blockedURL: "/art/x.svg?session=abc" } },
    ];
    const response = await post(JSON.stringify(batch), "application/reports+json");
    expect(response.status).toBe(204);
    expect(violationLines().map((line) => line.cspViolation)).toEqual([
      { directive: "connect-src", blocked: "wss://chat.example.net", page: "/", source: "", line: null, disposition: "enforce" },
      { directive: "script-src-elem", blocked: "inline", page: "/casino", source: "", line: 3, disposition: "enforce" },
      { directive: "img-src", blocked: "/art/x.svg", page: "/", source: "", line: null, disposition: "enforce" },
    ]);
  });

  it("refuses a report that is not JSON, not a report, or too large, and logs nothing for it", async () => {
    lines.length = 0;
    const malformed = await post("{not json", "application/csp-report");
    expect(malformed.status).toBe(400);
    expect(ApiErrorSchema.parse(await readJson(malformed)).code).toBe("MALFORMED_JSON");

    const wrongShape = await post(JSON.stringify({ report: "hello" }), "application/csp-report");
    expect(wrongShape.status).toBe(422);

    const huge = await post(JSON.stringify({ "csp-report": { "document-uri": "x".repeat(20_000) } }), "application/csp-report");
    expect(huge.status).toBe(413);
    expect(violationLines()).toEqual([]);
  });

  it("is described in the OpenAPI document", async () => {
    const document = await readJson(await server.request("/api/docs/json"));
    expect(document.paths[CSP_REPORTS_PATH]?.post?.summary).toContain("Content-Security-Policy");
  });
});
