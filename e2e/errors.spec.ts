import { enErrors, expect, expectRouteName, fill, readCatalogue, test, type ErrorsCatalogue } from "./fixtures.ts";

const fatalMessage = (path: string) => fill(enErrors.notFound.fatal, { path });
const nonFatalMessage = (path: string) => fill(enErrors.notFound.nonFatal, { path });

/** The text of server HTML with the markup removed (the path sits in its own <bdi>). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, "");

test.describe("error pages (spec 2.2)", () => {
  test("a failed validity check is the fatal 404 page with 'Page Not Found: {path}'", async ({ request }) => {
    for (const path of [
      "/xx/wallet", // not a locale
      "/foo/bar", // two segments, the first not a locale
      "/static/no-such-page", // a content page that does not exist
      "/no-such-page-here", // a slug without a page
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(textOf(html), path).toContain(fatalMessage(path));
      expect(html, path).toContain(enErrors.page.title);
      expect(html, path).toContain(enErrors.page.description);
      expect(html, path).toContain(`>${enErrors.page.homepage}<`);
      expect(html, path).toContain("data-error-page=\"404\"");
    }
  });

  test("an address nothing matches is a 404 page on first load", async ({ request }) => {
    for (const path of ["/a/b/c", "/wallet/history/extra", "/de/a/b/c"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain("data-error-page=\"404\"");
    }
    expect(textOf(await (await request.get("/a/b/c")).text())).toContain(fatalMessage("/a/b/c"));
  });

  test("the fatal page speaks the prefix's language and its Homepage button keeps the prefix", async ({ page, pageErrors }) => {
    const german = readCatalogue<ErrorsCatalogue>("de", "errors");
    const response = await page.goto("/de/static/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(german.page.title);
    await expect(page.getByText(fill(german.notFound.fatal, { path: "/de/static/no-such-page" }))).toBeVisible();

    const homepage = page.getByRole("link", { name: german.page.homepage, exact: true });
    await expect(homepage).toHaveAttribute("href", "/de");
    await homepage.click();
    await expect(page).toHaveURL(/\/de$/);
    await expectRouteName(page, "locale");
    expect(pageErrors.filter((error) => !error.includes("404"))).toEqual([]);
  });

  test("an unmatched address after client-side navigation keeps the layout: 'Page not found: {path}'", async ({ page }) => {
    // First load: the fatal page, without the layout.
    const response = await page.goto("/a/b/c");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("banner")).toHaveCount(1); // the error page's own slim header
    await expect(page.locator("[data-error-page]")).toBeVisible();

    // Inside the app: home, then back to the unmatched address, handled in the browser.
    await page.getByRole("link", { name: enErrors.page.homepage, exact: true }).click();
    await expectRouteName(page, "index");
    await page.goBack();
    await expect(page).toHaveURL(/\/a\/b\/c$/);
    await expectRouteName(page, "not-found");
    await expect(page.locator("[data-error-page]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(nonFatalMessage("/a/b/c"));
    // The default layout is still there around it.
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("main")).toContainText(nonFatalMessage("/a/b/c"));
  });
});
