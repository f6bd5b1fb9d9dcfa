// Throwaway screenshot helper (web-profile helper) with the player API mocked; not a test.
import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:3113";
const out = "/tmp/web-profile-shots";
const pages = (process.env.PAGES ?? "info,personal,sessions,settings/account,settings/notifications").split(",").filter(Boolean);
const modals = (process.env.MODALS ?? "").split(",").filter(Boolean);
const variants = (process.env.VARIANTS ?? "1280-light-en,360-dark-en,1280-dark-fa").split(",");
const b64 = (o) => Buffer.from(JSON.stringify(o)).toString("base64url");
const token = `${b64({ alg: "HS256" })}.${b64({ sub: "p1", sid: "s1", exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
const now = Date.now();
const iso = (ms) => new Date(now - ms).toISOString();
let profile = {
  id: "0193a1f2-7c4e-7b7a-9f1e-3c2d1b0a9f8e", nickname: process.env.NONICK ? null : "lucky_ada", firstName: "Ada", lastName: "Lovelace", fullName: null,
  email: "ada.lovelace@example.com", emailVerified: !process.env.UNVERIFIED, phone: process.env.NOPHONE ? null : "+49 151 23456789", phoneVerified: false, tgUserId: null,
  language: "en", isNewlyRegistered: false, freshchatRestoreId: null, gender: "female", birthdate: "1990-12-10", nationality: null, country: "DE",
  city: "Berlin", address: "Unter den Linden 5", additionalAddress: null, postalCode: "10117", timeZone: "Europe/Berlin", profession: null,
  placeOfBirth: null, personalIdNumber: null, securityQuestion: null, cpf_number: null, wallet_id: null, currency: "EUR",
  receiveEmailPromo: true, receiveSmsPromo: false, receiveBonus: true, avatarId: process.env.AVATAR ?? null,
  avatarUrl: process.env.AVATAR ? `/avatars/${process.env.AVATAR}.svg` : null, hasPassword: true, status: 1, createdAt: "2025-03-14T10:00:00Z",
};
const sessions = [
  { id: "s1", device: null, browser: "Chrome 131", os: "Windows 11", ip: "84.161.12.7", country: "DE", method: "password", platform: "web", createdAt: iso(3600e3), lastActiveAt: iso(5e3), isCurrent: true },
  { id: "s2", device: "mobile", browser: "Mobile Safari 18.1", os: "iOS 18.1", ip: "2a02:8108:1a3f:7b00::4c1", country: "DE", method: "password", platform: "web", createdAt: iso(86400e3 * 3), lastActiveAt: iso(3 * 3600e3), isCurrent: false },
  { id: "s3", device: "tablet", browser: "Chrome 130", os: "Android 14", ip: "91.203.4.18", country: "TR", method: "social", platform: "tg", createdAt: iso(86400e3 * 9), lastActiveAt: iso(86400e3 * 2), isCurrent: false },
  { id: "s4", device: null, browser: "Firefox 133", os: "macOS 15.1", ip: "185.44.2.90", country: null, method: "password", platform: "web", createdAt: iso(86400e3 * 20), lastActiveAt: iso(86400e3 * 12), isCurrent: false },
];
const fields = ["nickname", "firstName", "lastName", "birthdate", "gender", "country", "city", "address", "postalCode", "timeZone", "language", "receiveEmailPromo", "receiveSmsPromo", "receiveBonus"];
const json = (route, body, status = 200) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
async function mock(context) {
  await context.route("**/api/player/**", async (route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace("/api/player", "");
    const method = route.request().method();
    if (path === "/profile" && method === "GET") return json(route, profile);
    if (path === "/profile" && method === "PUT") { const body = route.request().postDataJSON(); if (body.nickname === "taken") return json(route, { status: 422, code: "VALIDATION_FAILED", message: "Validation failed", errors: { nickname: ["This nickname is taken."] } }, 422); profile = { ...profile, ...body }; return json(route, profile); }
    if (path === "/fields/validations") return json(route, { scenario: "profile", fields: fields.map((name) => ({ name, required: name === "firstName" })) });
    if (path === "/sessions" && method === "GET") return json(route, { data: sessions, meta: { page: 1, perPage: 10, totalPages: 1, totalRows: sessions.length } });
    if (path === "/avatar/list") return json(route, { data: Array.from({ length: 12 }, (_, i) => ({ id: `avatar-${String(i + 1).padStart(2, "0")}`, url: `/avatars/avatar-${String(i + 1).padStart(2, "0")}.svg` })) });
    if (path === "/social-connections") return json(route, { connections: [{ provider: "Google", socialType: "google", email: "ada@gmail.com", createdAt: "2025-04-02T10:00:00Z" }], available: [{ socialType: "google", name: "Google" }, { socialType: "apple", name: "Apple" }, { socialType: "discord", name: "Discord" }] });
    if (path.startsWith("/otp")) return json(route, { expiresAt: new Date(now + 300e3).toISOString(), resendAvailableAt: new Date(now + 45e3).toISOString(), codeLength: 6 });
    if (path === "/init") return json(route, { profile, accounts: [], socialConnections: [], realtimeChannels: [] });
    return json(route, {});
  });
}
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const variant of variants) {
  const [width, theme, lang] = variant.split("-");
  const context = await browser.newContext({ baseURL: base, viewport: { width: Number(width), height: Number(process.env.HEIGHT ?? 900) }, locale: "en-US", reducedMotion: "reduce" });
  await context.addCookies([{ name: "access_token", value: token, url: base }, { name: "theme", value: theme, url: base }]);
  await mock(context);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  page.on("console", (m) => { if (m.type() === "error") console.log("console", m.text()); });
  const prefix = lang === "en" ? "" : `/${lang}`;
  for (const p of pages) {
    await page.goto(`${prefix}/profile/${p}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/${p.replace("/", "-")}-${variant}.png`, fullPage: true });
  }
  for (const m of modals) {
    const [modal, on] = m.split("@");
    if (modal === "confirm-session-logout") { await page.goto(`${prefix}/profile/sessions`); await page.waitForTimeout(1500); await page.locator("[data-session-id=s2] button").click(); }
    else { await page.goto(`${prefix}/profile/${on ?? "info"}`); await page.waitForTimeout(1500); await page.locator(`a[href*="${modal}=true"]`).first().click(); }
    await page.waitForSelector("html[data-hydrated]");
    await page.waitForTimeout(1500);
    if (process.env.ACTION === "submit") { await page.locator("[role=dialog] button[type=submit]").click(); await page.waitForTimeout(800); }
    await page.screenshot({ path: `${out}/modal-${modal}-${variant}.png` });
  }
  await context.close();
}
await browser.close();
console.log("done");
