import { WebPushKeySchema } from "@playfair/contracts/notification";
import type { WebPushPayload } from "@playfair/contracts/notification-constants";
import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../../test/raw-request.ts";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { appSecrets } from "../secrets/app-secrets.schema.ts";
import { webPushSubscriptions } from "./notification.schema.ts";
import { call, createPlayer, OPERATOR_KEY, sendCampaign, signIn, startNotificationServer } from "./notification-test-kit.ts";

// A local HTTPS server plays the browser vendor's push service: web-push posts the encrypted,
// VAPID-signed message to the subscription's endpoint, which here is on loopback. The test keeps
// the browser's side of the subscription (its P-256 key pair and auth secret) and decrypts what
// arrives (RFC 8291, aes128gcm), so the payload is checked end to end.

type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

let server: TestServer;
let pushService: https.Server;
let pushServiceOrigin: string;
let certificateDir: string;
const received: ReceivedPush[] = [];
/** The status the fake push service answers, per endpoint path. */
const answers = new Map<string, number>();
const originalGlobalAgent = https.globalAgent;

function browserSubscription(endpointPath: string) {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const auth = randomBytes(16);
  return {
    keys,
    auth,
    json: { endpoint: `${pushServiceOrigin}${endpointPath}`, expirationTime: null, keys: { p256dh: keys.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
  };
}

/** RFC 8291 / RFC 8188 decryption of a single-record aes128gcm message, as a browser does it. */
function decrypt(body: Buffer, subscription: ReturnType<typeof browserSubscription>): WebPushPayload {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  const sharedSecret = subscription.keys.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscription.keys.getPublicKey(), senderPublicKey]);
  const inputKey = Buffer.from(hkdfSync("sha256", sharedSecret, subscription.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  return JSON.parse(padded.subarray(0, end).toString("utf8")) as WebPushPayload;
}

beforeAll(async () => {
  certificateDir = mkdtempSync(path.join(tmpdir(), "push-service-"));
  const keyFile = path.join(certificateDir, "key.pem");
  const certificateFile = path.join(certificateDir, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", keyFile, "-out", certificateFile], { stdio: "ignore" });
  const certificate = readFileSync(certificateFile);
  pushService = https.createServer({ key: readFileSync(keyFile), cert: certificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const requestPath = request.url ?? "/";
      received.push({ path: requestPath, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(requestPath) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushServiceOrigin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  // web-push sends through Node's global HTTPS agent; this test trusts its own push service's certificate.
  https.globalAgent = new https.Agent({ ca: certificate });
  server = await startNotificationServer({ env: { WEB_PUSH_HOSTS: "127.0.0.1", WEB_PUSH_SUBJECT: "mailto:ops@playfair.example" } });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => pushService?.close(resolve));
  https.globalAgent = originalGlobalAgent;
  rmSync(certificateDir, { recursive: true, force: true });
});

async function subscribe(token: string, subscription: unknown) {
  return server.request("/api/notification/web-push/subscriptions", call("POST", { token, body: subscription }));
}

describe("web push", () => {
  it("serves one VAPID public key, generated once and stored in the database", async () => {
    const first = WebPushKeySchema.parse(await readJson(await server.request("/api/notification/web-push/key")));
    const second = WebPushKeySchema.parse(await readJson(await server.request("/api/notification/web-push/key")));
    expect(first.publicKey).toBe(second.publicKey);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    const [stored] = await server.database.db.select().from(appSecrets).where(eq(appSecrets.name, "web-push-vapid-keys"));
    expect(JSON.parse(stored?.value ?? "{}")).toMatchObject({ publicKey: first.publicKey, privateKey: expect.any(String) });
  });

  it("stores, moves and removes subscriptions; refuses guests and unknown push services", async () => {
    const player = await createPlayer(server);
    const other = await createPlayer(server);
    const token = await signIn(server, player.id);
    const otherToken = await signIn(server, other.id);
    const subscription = browserSubscription("/subscriptions/moving");

    expect((await server.request("/api/notification/web-push/subscriptions", call("POST", { body: subscription.json }))).status).toBe(401);
    expect((await server.request("/api/notification/web-push/subscriptions", call("DELETE", { body: { endpoint: subscription.json.endpoint } }))).status).toBe(401);
    for (const endpoint of ["https://attacker.example/push", "http://127.0.0.1:1/push", "not a url"]) {
      const response = await subscribe(token, { ...subscription.json, endpoint });
      expect(response.status, endpoint).toBe(422);
      expect(Object.keys((await readJson(response)).errors)).toEqual(["endpoint"]);
    }
    expect((await subscribe(token, { endpoint: subscription.json.endpoint })).status).toBe(422);

    const created = await subscribe(token, subscription.json);
    expect(created.status).toBe(200);
    expect(await readJson(created)).toEqual({ subscribed: true });
    // The same browser signed in as someone else: the endpoint now belongs to that player.
    expect((await subscribe(otherToken, subscription.json)).status).toBe(200);
    const rows = await server.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, subscription.json.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ playerId: other.id, isActive: true, p256dh: subscription.json.keys.p256dh });

    // Only the owner can remove it.
    await server.request("/api/notification/web-push/subscriptions", call("DELETE", { token, body: { endpoint: subscription.json.endpoint } }));
    expect(await server.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, subscription.json.endpoint))).toHaveLength(1);
    const removed = await server.request("/api/notification/web-push/subscriptions", call("DELETE", { token: otherToken, body: { endpoint: subscription.json.endpoint } }));
    expect(await readJson(removed)).toEqual({ subscribed: false });
    expect(await server.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, subscription.json.endpoint))).toHaveLength(0);
  });

  it("delivers a push to the player's subscriptions with VAPID authentication and an encrypted payload", async () => {
    const player = await createPlayer(server);
    const token = await signIn(server, player.id);
    const phone = browserSubscription("/subscriptions/phone");
    const laptop = browserSubscription("/subscriptions/laptop");
    await subscribe(token, phone.json);
    await subscribe(token, laptop.json);
    const publicKey = WebPushKeySchema.parse(await readJson(await server.request("/api/notification/web-push/key"))).publicKey;

    const campaign = await sendCampaign(server, { kind: "push", audience: "player", playerId: player.id, title: "Free spins", body: "20 free spins are waiting", url: "/promotions" });
    await server.app.services.notification.webPush.idle();

    for (const [endpointPath, subscription] of [["/subscriptions/phone", phone], ["/subscriptions/laptop", laptop]] as const) {
      const push = received.find((request) => request.path === endpointPath);
      expect(push, endpointPath).toBeDefined();
      if (!push) continue;
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      const payload = decrypt(push.body, subscription);
      expect(payload).toEqual({ id: expect.any(String), title: "Free spins", body: "20 free spins are waiting", url: "/promotions" });
    }
    expect(campaign.recipientCount).toBe(1);
    const [row] = await server.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, phone.json.endpoint));
    expect(row).toMatchObject({ failureCount: 0, lastSuccessAt: expect.any(Date) });
  });

  it("names no host the operator's request sent: the payload keeps the operator's address, VAPID the configured subject", async () => {
    const player = await createPlayer(server);
    const token = await signIn(server, player.id);
    const tablet = browserSubscription("/subscriptions/tablet");
    await subscribe(token, tablet.json);
    const foreign = { host: "attacker.example", "x-forwarded-host": "attacker.example", origin: "https://attacker.example", referer: "https://attacker.example/" };
    const sent = await rawRequest(server, "/api/operator/campaigns", {
      method: "POST",
      headers: { ...foreign, authorization: `Bearer ${OPERATOR_KEY}` },
      body: { kind: "push", audience: "player", playerId: player.id, title: "Cup final", body: "Boosted odds", url: "/sport" },
    });
    expect(sent.status, sent.text).toBe(201);
    await server.app.services.notification.webPush.idle();

    const push = received.find((request) => request.path === "/subscriptions/tablet");
    expect(push).toBeDefined();
    expect(decrypt(push!.body, tablet).url).toBe("/sport");
    const jwt = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),/.exec(String(push!.headers.authorization))?.[1] ?? "";
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as { aud: string; sub: string };
    expect(claims).toMatchObject({ aud: pushServiceOrigin, sub: "mailto:ops@playfair.example" });
    expect(JSON.stringify(push!.headers)).not.toContain("attacker.example");
  });

  it("counts failures and deactivates subscriptions the push service reports gone (404, 410)", async () => {
    const player = await createPlayer(server);
    const token = await signIn(server, player.id);
    const gone = browserSubscription("/subscriptions/gone");
    const flaky = browserSubscription("/subscriptions/flaky");
    answers.set("/subscriptions/gone", 410);
    answers.set("/subscriptions/flaky", 500);
    await subscribe(token, gone.json);
    await subscribe(token, flaky.json);
    const service = server.app.services.notification.webPush;
    const before = service.stats();

    await sendCampaign(server, { kind: "push", audience: "player", playerId: player.id, title: "One", body: "B" });
    await service.idle();
    await sendCampaign(server, { kind: "push", audience: "player", playerId: player.id, title: "Two", body: "B" });
    await service.idle();

    const rows = await server.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.playerId, player.id));
    const byEndpoint = new Map(rows.map((row) => [row.endpoint, row]));
    expect(byEndpoint.get(gone.json.endpoint)).toMatchObject({ isActive: false, failureCount: 1 });
    expect(byEndpoint.get(flaky.json.endpoint)).toMatchObject({ isActive: true, failureCount: 2 });
    // The deactivated subscription was not called for the second push.
    expect(received.filter((request) => request.path === "/subscriptions/gone")).toHaveLength(1);
    const after = service.stats();
    expect(after.failed - before.failed).toBe(3);
    expect(after.deactivated - before.deactivated).toBe(1);

    // Subscribing again (the browser renewed it) reactivates it.
    answers.delete("/subscriptions/gone");
    await subscribe(token, gone.json);
    const [renewed] = await server.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, gone.json.endpoint));
    expect(renewed).toMatchObject({ isActive: true, failureCount: 0 });
  });
});
