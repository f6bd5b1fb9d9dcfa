// The sportsbook widget (ADR 035): its own bundle, served by our server under /sportsbook/ and
// loaded by the sport pages only, like a third-party script.
import { expect, expectAccessible, gotoHydrated, test } from "./fixtures.ts";

test.describe("the sportsbook widget", () => {
  test("the sport page loads the widget's script and stylesheet from our server, and the widget starts", async ({ page }) => {
    const widgetFiles: { url: string; status: number; cacheControl: string | undefined }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/sportsbook/")) {
        widgetFiles.push({ url: new URL(response.url()).pathname, status: response.status(), cacheControl: response.headers()["cache-control"] });
      }
    });
    await gotoHydrated(page, "/sport/live");
    const widget = page.locator("[data-sportsbook-widget=main]");
    await expect(widget.getByRole("navigation", { name: "Sportsbook" })).toBeVisible();
    await expect(widget.getByRole("link", { name: "Live", exact: true })).toHaveAttribute("aria-current", "page");
    expect(widgetFiles.find((file) => file.url === "/sportsbook/manifest.json")).toMatchObject({ status: 200, cacheControl: "no-cache" });
    const script = widgetFiles.find((file) => /^\/sportsbook\/sportsbook-[\w-]+\.js$/.test(file.url));
    const stylesheet = widgetFiles.find((file) => /^\/sportsbook\/sportsbook-[\w-]+\.css$/.test(file.url));
    expect(script).toMatchObject({ status: 200, cacheControl: "public, max-age=31536000, immutable" });
    expect(stylesheet).toMatchObject({ status: 200 });
    // Styled by its own sheet: the widget's tabs are flex rows.
    await expect(widget.getByRole("navigation", { name: "Sportsbook" }).getByRole("list")).toHaveCSS("display", "flex");
  });

  test("the widget's links move the address, and the address moves the widget", async ({ page }) => {
    await gotoHydrated(page, "/sport?wallet=deposit");
    const widget = page.locator("[data-sportsbook-widget=main]");
    await widget.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/sport\/search\?wallet=deposit$/);
    await expect(widget.getByRole("searchbox")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/sport\?wallet=deposit$/);
    await expect(widget.getByRole("link", { name: "Sports", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("speaks the page's language, right to left in Persian, and passes axe", async ({ page }) => {
    await gotoHydrated(page, "/fa/sport/betHistory");
    const widget = page.locator("[data-sportsbook-widget=main]");
    await expect(widget.locator("[dir=rtl]")).toBeVisible();
    await expect(widget.getByRole("link", { name: "شرط‌های من" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
  });

  test("the home page does not load the widget", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/sportsbook/")) requested.push(request.url());
    });
    await gotoHydrated(page, "/");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
  });
});
