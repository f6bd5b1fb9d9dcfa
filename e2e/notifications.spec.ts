// Notifications (spec 2 /contact, 4 "Notification read", 7 "Notifications and content" and
// "Realtime", 9 popover of 3): an operator's message reaches a signed-in player's bell live over the
// realtime connection and is read when the bell is opened; the contact form sends a message.
import type { Page } from "@playwright/test";
import type notificationsCatalogue from "../apps/web/app/locales/en/notifications.json";
import { expect, expectAccessible, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { operatorKey } from "./support/operator.ts";
import { registerPlayer, setAccessTokenCookie, uniqueEmail } from "./support/accounts.ts";

const copy = readCatalogue<typeof notificationsCatalogue>("en", "notifications");

const bell = (page: Page) => page.locator('[data-panel-trigger="notification-panel"]');
const panel = (page: Page) => page.locator("#notification-panel");
const alerts = (page: Page) => page.locator("[data-alert-viewport]");

test.describe("notification bell", () => {
  test("an operator message arrives without a reload and is read when the bell is opened", async ({ page, context, baseURL, pageErrors }) => {
    // Registration (proof of work) and two axe runs take a while on a busy machine.
    test.slow();
    const player = await registerPlayer(page.request);
    await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
    await gotoHydrated(page, "/");

    await expect(bell(page)).toHaveAttribute("aria-label", copy.bell.label);
    await expect(page.locator('[data-realtime="connected"]')).toBeAttached({ timeout: 15_000 });

    const title = `Weekend reload ${Date.now().toString(36)}`;
    const response = await page.request.post("/api/operator/campaigns", {
      headers: { authorization: `Bearer ${await operatorKey()}` },
      data: { kind: "message", audience: "player", playerId: player.playerId, title, body: "Your 50% reload bonus is waiting." },
    });
    expect(response.status(), `POST /api/operator/campaigns: ${await response.text()}`).toBeLessThan(300);

    // Live: the count, the accessible name and an attention alert with the title.
    await expect(bell(page).locator("[data-notification-count]")).toHaveText("1");
    await expect(bell(page)).toHaveAttribute("aria-label", copy.bell.labelUnread.replace("{{unread}}", "1"));
    await expect(alerts(page).locator('[data-alert-kind="attention"]', { hasText: title })).toBeVisible();

    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    const item = panel(page).locator("[data-notification-id]", { hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute("data-state", "read");
    await expect(bell(page).locator("[data-notification-count]")).toHaveCount(0);
    await expectAccessible(page);

    // Read on the server too: a reload shows no count, and the message as read.
    await page.keyboard.press("Escape");
    await gotoHydrated(page, "/");
    await expect(bell(page)).toHaveAttribute("aria-label", copy.bell.label);
    await bell(page).click();
    await expect(panel(page).locator("[data-notification-id]", { hasText: title })).toHaveAttribute("data-state", "read");

    // Deleting removes it here and on the server.
    await panel(page).getByRole("button", { name: copy.panel.delete.replace("{{title}}", title) }).click();
    await expect(panel(page).locator("[data-notification-id]", { hasText: title })).toHaveCount(0);
    await expect(panel(page).locator('[data-notifications-empty="messages"]')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("the panel has a push tab that works with the keyboard", async ({ page, context, baseURL }) => {
    const player = await registerPlayer(page.request);
    await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
    await gotoHydrated(page, "/");
    // The page fully settled (preloader gone), as a player would see it before reaching for the keyboard.
    await expect(page.locator("#site-preloader")).toHaveCount(0, { timeout: 10_000 });
    await bell(page).focus();
    await page.keyboard.press("Enter");
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole("tab", { name: copy.panel.messages }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(panel(page).getByRole("tab", { name: copy.panel.pushes })).toHaveAttribute("aria-selected", "true");
    // The tab reads its first page only when shown: on a busy machine that answer has taken over 5 s.
    await expect(panel(page).locator('[data-notifications-empty="pushes"]')).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
  });
});

test.describe("push list", () => {
  test("pages by 20: the first 20 updates, then the rest on request", async ({ page, context, baseURL }) => {
    test.slow();
    const player = await registerPlayer(page.request);
    const key = await operatorKey();
    for (let index = 1; index <= 21; index++) {
      const response = await page.request.post("/api/operator/campaigns", {
        headers: { authorization: `Bearer ${key}` },
        data: { kind: "push", audience: "player", playerId: player.playerId, title: `Update ${index}`, body: "B" },
      });
      expect(response.status()).toBeLessThan(300);
    }
    await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
    await gotoHydrated(page, "/");
    await expect(page.locator("#site-preloader")).toHaveCount(0, { timeout: 10_000 });
    await bell(page).click();
    await panel(page).getByRole("tab", { name: copy.panel.pushes }).click();
    const items = panel(page).locator('[data-notification-list="pushes"] [data-notification-id]');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText("Update 21");
    await panel(page).getByRole("button", { name: copy.panel.showMore }).click();
    await expect(items).toHaveCount(21);
    await expect(items.last()).toContainText("Update 1");
    await expect(panel(page).getByRole("button", { name: copy.panel.showMore })).toHaveCount(0);
  });
});

test.describe("contact page", () => {
  test("a guest sends a message and sees it confirmed", async ({ page, pageErrors }) => {
    await gotoHydrated(page, "/contact");
    const form = page.getByRole("form", { name: copy.contact.formLabel });
    await expectAccessible(page);

    // Nothing typed: the required fields say so and nothing is sent.
    await form.getByRole("button", { name: copy.contact.submit }).click();
    await expect(form.locator('[data-field="message"] [data-field-error]')).toBeVisible();
    await expect(form.locator('[data-field="email"] [data-field-error]')).toBeVisible();

    await form.getByLabel(copy.contact.fields.name).fill("Ada Lovelace");
    await form.getByLabel(copy.contact.fields.email).fill(uniqueEmail("contact"));
    await form.getByLabel(copy.contact.fields.subject).fill("Withdrawal question");
    await form.getByLabel(copy.contact.fields.message).fill("How long does a bank withdrawal take?");
    await form.getByRole("button", { name: copy.contact.submit }).click();

    await expect(alerts(page).locator('[data-alert-kind="success"]', { hasText: copy.contact.sent.title })).toBeVisible();
    await expect(form.locator("[data-contact-sent]")).toBeVisible();
    await expect(form.getByLabel(copy.contact.fields.message)).toHaveValue("");
    await expect(form.getByLabel(copy.contact.fields.name)).toHaveValue("");
    await expectAccessible(page);
    expect(pageErrors).toEqual([]);
  });

  test("a player's e-mail is filled in and optional", async ({ page, context, baseURL }) => {
    const player = await registerPlayer(page.request);
    await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
    await gotoHydrated(page, "/contact");
    const form = page.getByRole("form", { name: copy.contact.formLabel });
    await expect(form.getByLabel(copy.contact.fields.emailOptional)).toHaveValue(player.email);
    await form.getByLabel(copy.contact.fields.message).fill("Thanks for the quick payout!");
    await form.getByRole("button", { name: copy.contact.submit }).click();
    await expect(alerts(page).locator('[data-alert-kind="success"]', { hasText: copy.contact.sent.title })).toBeVisible();
  });
});

test.describe("contact page limits", () => {
  test("too many messages: the form says so and keeps the text", async ({ page }) => {
    // The server's limit (5 per 10 minutes per address) is its own tests' business; here only the
    // page's answer to a 429 is checked, so other tests' messages cannot interfere.
    await page.route("**/api/notification/communications", (route) =>
      route.fulfill({
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "120" },
        body: JSON.stringify({ code: "RATE_LIMITED", message: "Too many requests." }),
      }),
    );
    await gotoHydrated(page, "/contact");
    const form = page.getByRole("form", { name: copy.contact.formLabel });
    await form.getByLabel(copy.contact.fields.email).fill(uniqueEmail("contact"));
    await form.getByLabel(copy.contact.fields.message).fill("Hello again");
    await form.getByRole("button", { name: copy.contact.submit }).click();
    await expect(form.locator('[data-form-error="rateLimited"]')).toBeVisible();
    await expect(form.getByLabel(copy.contact.fields.message)).toHaveValue("Hello again");
  });
});

test.describe("browser notifications setting", () => {
  test("shows this browser's state honestly", async ({ page, context, baseURL }) => {
    const player = await registerPlayer(page.request);
    await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
    const section = page.locator("[data-web-push]");

    await gotoHydrated(page, "/profile/settings/notifications");
    await expect(section).toHaveAttribute("data-web-push", "unsubscribed");
    await expect(section.getByRole("button", { name: copy.webPush.enable })).toBeVisible();
    await expectAccessible(page);

    // Blocked for the site: no button, and how to undo it.
    await page.addInitScript(() => Object.defineProperty(Notification, "permission", { get: () => "denied" }));
    await gotoHydrated(page, "/profile/settings/notifications");
    await expect(section).toHaveAttribute("data-web-push", "denied");
    await expect(section).toContainText(copy.webPush.state.denied);
    await expect(section.getByRole("button")).toHaveCount(0);

    // A browser without push.
    await page.addInitScript(() => Reflect.deleteProperty(window, "PushManager"));
    await gotoHydrated(page, "/profile/settings/notifications");
    await expect(section).toHaveAttribute("data-web-push", "unsupported");
    await expect(section).toContainText(copy.webPush.state.unsupported);
  });
});
