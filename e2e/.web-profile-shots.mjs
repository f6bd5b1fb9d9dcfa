// Throwaway screenshot helper (web-profile helper); not a test.
import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:3113";
const out = "/tmp/web-profile-shots";
const pages = (process.env.PAGES ?? "info,personal,sessions,settings/account,settings/notifications").split(",");
const modals = (process.env.MODALS ?? "").split(",").filter(Boolean);
const variants = (process.env.VARIANTS ?? "1280-light-en,360-dark-en,1280-dark-fa").split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const setup = await browser.newContext({ baseURL: base });
const email = `shots-${Date.now()}@e2e.playfair.test`;
const reg = await setup.request.post("/api/player/register", { data: { email, password: "Correct-Horse-42", password_confirmation: "Correct-Horse-42", country: "DE", currency: "EUR", agreements: true } });
const body = await reg.json();
if (!body.session) { console.error(reg.status(), body); process.exit(1); }
const token = body.session.accessToken;
if (process.env.NICK) await setup.request.put("/api/player/profile", { headers: { authorization: `Bearer ${token}` }, data: { nickname: process.env.NICK, firstName: "Ada", lastName: "Lovelace", city: "Berlin" } });
if (process.env.AVATAR) await setup.request.post("/api/player/avatar/set-avatar", { headers: { authorization: `Bearer ${token}` }, data: { avatarId: process.env.AVATAR } });
for (const variant of variants) {
  const [width, theme, lang] = variant.split("-");
  const context = await browser.newContext({ baseURL: base, viewport: { width: Number(width), height: 900 }, locale: "en-US" });
  await context.addCookies([{ name: "access_token", value: token, url: base }, { name: "theme", value: theme, url: base }]);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  page.on("console", (m) => { if (m.type() === "error") console.log("console", m.text()); });
  const prefix = lang === "en" ? "" : `/${lang}`;
  for (const p of pages) {
    await page.goto(`${prefix}/profile/${p}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.waitForTimeout(900);
    await page.screenshot({ path: `${out}/${p.replace("/", "-")}-${variant}.png`, fullPage: true });
  }
  for (const m of modals) {
    const [modal, on] = m.split("@");
    await page.goto(`${prefix}/profile/${on ?? "info"}?${modal}=true`);
    await page.waitForSelector("html[data-hydrated]");
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/modal-${modal}-${variant}.png` });
  }
  await context.close();
}
await browser.close();
console.log("done", email);
