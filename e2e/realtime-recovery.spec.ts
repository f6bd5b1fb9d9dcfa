// The tab's realtime connection across drops (spec 7 "Realtime"): when the websocket drops
// and comes back, the publications missed meanwhile are replayed by the server from the channel's
// history, so a message sent during the outage reaches the bell without reloading the list; and a
// "session check" close makes the tab fetch a new token before reconnecting.
import path from "node:path";
import { readFile } from "node:fs/promises";
import type { Page, WebSocketRoute } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie } from "./support/accounts.ts";

const MESSAGES_PATH = "/api/notification/messenger/messages";

const bell = (page: Page) => page.locator('[data-panel-trigger="notification-panel"]');

async function operatorKey(): Promise<string> {
  const file = path.join(process.env.PLAYFAIR_E2E_DATA_DIR ?? "", "operator-key");
  await expect.poll(async () => (await readFile(file, "utf8").catch(() => "")).trim().length, { message: file }).toBeGreaterThan(0);
  return (await readFile(file, "utf8")).trim();
}

test("a message sent while the connection was down arrives after the reconnect, replayed, not reloaded", async ({ page, context, baseURL, pageErrors }) => {
  test.slow();
  // Between the page and the server: lets the test cut the websocket and refuse new ones for a while.
  let networkUp = true;
  let refusedReconnects = 0;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/connection\/websocket$/, (socket) => {
    if (!networkUp) {
      refusedReconnects++;
      void socket.close({ code: 3000, reason: "network down" });
      return;
    }
    socket.connectToServer();
    open.push(socket);
  });

  const player = await registerPlayer(page.request);
  await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
  const listLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === MESSAGES_PATH);
  await gotoHydrated(page, "/");
  await listLoaded;
  await expect(page.locator('[data-realtime="connected"]')).toBeAttached({ timeout: 15_000 });

  networkUp = false;
  for (const socket of open.splice(0)) await socket.close({ code: 3000, reason: "network down" });
  await expect(page.locator('[data-realtime="connected"]')).toHaveCount(0);

  const title = `Sent during the outage ${Date.now().toString(36)}`;
  const response = await page.request.post("/api/operator/campaigns", {
    headers: { authorization: `Bearer ${await operatorKey()}` },
    data: { kind: "message", audience: "player", playerId: player.playerId, title, body: "Missed while offline." },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);

  const listReloads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === MESSAGES_PATH) listReloads.push(request.url());
  });
  // The tab tries again after the message went out and is still cut off: it missed the delivery.
  const refusedBeforeSend = refusedReconnects;
  await expect.poll(() => refusedReconnects, { timeout: 30_000 }).toBeGreaterThan(refusedBeforeSend);
  networkUp = true;

  await expect(page.locator('[data-realtime="connected"]')).toBeAttached({ timeout: 20_000 });
  await expect(bell(page).locator("[data-notification-count]")).toHaveText("1");
  await expect(page.locator("[data-alert-viewport]").locator('[data-alert-kind="attention"]', { hasText: title })).toBeVisible();
  // The server replayed it (recovered): the store did not have to read the list again.
  expect(listReloads).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("a 'session check' close (Centrifugo mode, a session of the player revoked) makes the tab ask for a new token before it reconnects", async ({ page, context, baseURL }) => {
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/connection\/websocket$/, (socket) => {
    socket.connectToServer();
    open.push(socket);
  });
  const player = await registerPlayer(page.request);
  await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
  const tokenRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/realtime/token") tokenRequests.push(request.url());
  });
  await gotoHydrated(page, "/");
  await expect(page.locator('[data-realtime="connected"]')).toBeAttached({ timeout: 15_000 });
  expect(tokenRequests).toHaveLength(1);

  // An ordinary drop reconnects with the token in hand.
  for (const socket of open.splice(0)) await socket.close({ code: 3000, reason: "connection closed" });
  await expect.poll(() => open.length, { timeout: 20_000 }).toBe(1);
  await expect(page.locator('[data-realtime="connected"]')).toBeAttached({ timeout: 20_000 });
  expect(tokenRequests).toHaveLength(1);

  // The session check: the token may be a revoked session's, so a new one is asked for first.
  for (const socket of open.splice(0)) await socket.close({ code: 4001, reason: "session check" });
  await expect.poll(() => tokenRequests.length, { timeout: 20_000 }).toBe(2);
  await expect(page.locator('[data-realtime="connected"]')).toBeAttached({ timeout: 20_000 });
});
