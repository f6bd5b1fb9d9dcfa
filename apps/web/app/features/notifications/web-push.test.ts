import { describe, expect, it } from "vitest";
import { applicationServerKey, environmentState, type WebPushEnvironment } from "./web-push.ts";
import { communicationBody } from "./contact-form.tsx";

const full: WebPushEnvironment = { isSecureContext: true, hasServiceWorker: true, hasPushManager: true, hasNotification: true, permission: "default" };

describe("web push environment", () => {
  it("tells unsupported, insecure and blocked browsers apart", () => {
    expect(environmentState(full)).toBeNull();
    expect(environmentState({ ...full, hasPushManager: false })).toBe("unsupported");
    expect(environmentState({ ...full, hasPushManager: false, isSecureContext: false })).toBe("insecure");
    expect(environmentState({ ...full, isSecureContext: false })).toBe("insecure");
    expect(environmentState({ ...full, permission: "denied" })).toBe("denied");
  });

  it("decodes the base64url VAPID key", () => {
    expect([...applicationServerKey("AQID_-8")]).toEqual([1, 2, 3, 255, 239]);
  });
});

describe("contact request body", () => {
  it("trims and leaves out empty optional fields", () => {
    expect(communicationBody({ name: " ", email: " a@b.co ", subject: "", message: " Hello " })).toEqual({ email: "a@b.co", message: "Hello" });
  });
});
