import { describe, expect, it } from "vitest";
import { apiHeadersOf, DOCUMENT_ONLY_HEADERS, isApiAnswerPath, recordHelmetHeaders } from "./security-headers.ts";

describe("security headers", () => {
  const documentHeaders = recordHelmetHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });

  it("gives documents helmet's whole set and API answers the set that matters for JSON", () => {
    expect(documentHeaders).toMatchObject({
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "cross-origin-opener-policy": "same-origin",
      "origin-agent-cluster": "?1",
    });
    const apiHeaders = apiHeadersOf(documentHeaders);
    expect(Object.keys(apiHeaders).sort()).toEqual(
      ["cross-origin-resource-policy", "referrer-policy", "strict-transport-security", "x-content-type-options", "x-frame-options"],
    );
    for (const name of DOCUMENT_ONLY_HEADERS) expect(documentHeaders, name).toHaveProperty(name);
  });

  it("treats /api paths as API answers except the readable documentation page", () => {
    expect(isApiAnswerPath("/api/settings/currencies?visible=true")).toBe(true);
    expect(isApiAnswerPath("/api")).toBe(true);
    expect(isApiAnswerPath("/api?x=1")).toBe(true);
    expect(isApiAnswerPath("/api/docs/json")).toBe(true);
    expect(isApiAnswerPath("/api/docs")).toBe(false);
    expect(isApiAnswerPath("/api/docs/static/index.html")).toBe(false);
    expect(isApiAnswerPath("/apiary")).toBe(false);
    expect(isApiAnswerPath("/")).toBe(false);
    expect(isApiAnswerPath("/en/wallet")).toBe(false);
  });
});
