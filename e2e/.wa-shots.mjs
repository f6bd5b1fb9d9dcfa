import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:3112";
const shots = (process.env.SHOTS ?? "sign-in,sign-up").split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const variants = [
  { name: "desktop-light", width: 1280, height: 900, theme: "light", lang: "" },
  { name: "mobile-light", width: 360, height: 780, theme: "light", lang: "" },
  { name: "desktop-dark", width: 1280, height: 900, theme: "dark", lang: "" },
  { name: "fa-dark", width: 1280, height: 900, theme: "dark", lang: "/fa" },
];
for (const variant of variants) {
  const context = await browser.newContext({ viewport: { width: variant.width, height: variant.height }, colorScheme: variant.theme });
  await context.addCookies([{ name: "theme", value: variant.theme, url: base }]);
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log(variant.name, m.type(), m.text()); });
  for (const modal of shots) {
    await page.goto(`${base}${variant.lang}/?${modal}=true`);
    await page.waitForSelector("html[data-hydrated=true]");
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/wa-shots/${modal}-${variant.name}.png` });
  }
  await context.close();
}
await browser.close();
