import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature, WEBHOOK_TOLERANCE_SECONDS } from "./webhook-signature.ts";

const NOW = new Date("2026-05-01T10:00:00Z");
const BODY = JSON.stringify({ id: "evt_1", data: { amount: "10.00" } });

describe("webhook signatures", () => {
  it("accepts a signature over this exact body, with any configured secret", () => {
    const header = signWebhook(BODY, ["current"], NOW);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(BODY, header, ["current"], NOW)).toEqual({ ok: true });
    expect(verifyWebhookSignature(BODY, signWebhook(BODY, ["previous"], NOW), ["current", "previous"], NOW)).toEqual({ ok: true });
    // A provider in the middle of a rotation signs with both; either secret verifies.
    expect(verifyWebhookSignature(BODY, signWebhook(BODY, ["new", "current"], NOW), ["current"], NOW)).toEqual({ ok: true });
  });

  it("refuses another secret, another body and a moved timestamp", () => {
    const header = signWebhook(BODY, ["current"], NOW);
    expect(verifyWebhookSignature(BODY, header, ["other"], NOW)).toEqual({ ok: false, failure: "mismatch" });
    expect(verifyWebhookSignature(`${BODY} `, header, ["current"], NOW)).toEqual({ ok: false, failure: "mismatch" });
    const signature = header.split(",v1=")[1];
    expect(verifyWebhookSignature(BODY, `t=${Math.floor(NOW.getTime() / 1000) + 1},v1=${signature}`, ["current"], NOW)).toEqual({ ok: false, failure: "mismatch" });
  });

  it("refuses callbacks outside the five-minute tolerance, in the past or the future", () => {
    const header = signWebhook(BODY, ["current"], NOW);
    const edge = new Date(NOW.getTime() + WEBHOOK_TOLERANCE_SECONDS * 1000);
    expect(verifyWebhookSignature(BODY, header, ["current"], edge)).toEqual({ ok: true });
    expect(verifyWebhookSignature(BODY, header, ["current"], new Date(edge.getTime() + 1000))).toEqual({ ok: false, failure: "outside-tolerance" });
    expect(verifyWebhookSignature(BODY, header, ["current"], new Date(NOW.getTime() - (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000))).toEqual({ ok: false, failure: "outside-tolerance" });
  });

  it("refuses missing and malformed headers without throwing", () => {
    expect(verifyWebhookSignature(BODY, undefined, ["current"], NOW)).toEqual({ ok: false, failure: "missing" });
    for (const header of ["", "garbage", "t=1", "v1=abc", "t=x,v1=" + "0".repeat(64), "t=1,t=2,v1=" + "0".repeat(64), "t=1,v1=short"]) {
      expect(verifyWebhookSignature(BODY, header, ["current"], NOW).ok, header).toBe(false);
    }
    expect(verifyWebhookSignature(BODY, signWebhook(BODY, ["current"], NOW), [], NOW)).toEqual({ ok: false, failure: "mismatch" });
  });
});
