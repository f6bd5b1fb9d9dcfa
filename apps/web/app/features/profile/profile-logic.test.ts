import type { Profile } from "@playfair/contracts/player/profile";
import { describe, expect, it } from "vitest";
import { countdownClock, secondsUntil } from "./otp-step.tsx";
import { personalFormFields, profileChanges, profileFormValues } from "./personal-form.ts";
import { avatarInitial } from "./player-avatar.tsx";
import { formatMemberSince } from "./profile-format.ts";
import { countryFlag, countryName, deviceKind, orderSessions, relativeTime, softwareLine } from "./session-display.ts";
import { providerTone, socialRows } from "./social-connections.ts";

const NOW = new Date("2025-06-01T12:00:00Z");
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe("how a session is described", () => {
  it.each([
    [null, "desktop"],
    ["", "desktop"],
    ["mobile", "mobile"],
    ["wearable", "mobile"],
    ["tablet", "tablet"],
    ["smarttv", "desktop"],
  ] as const)("device %s shows a %s", (device, kind) => {
    expect(deviceKind(device)).toBe(kind);
  });

  it("names browser and system when known", () => {
    expect(softwareLine("Chrome 131", "Windows 11")).toBe("Chrome 131 · Windows 11");
    expect(softwareLine(null, " iOS 18 ")).toBe("iOS 18");
    expect(softwareLine(null, "")).toBeNull();
  });

  it("turns a country code into its flag and a translated name", () => {
    expect(countryFlag("de")).toBe("🇩🇪");
    expect(countryFlag("DEU")).toBeNull();
    expect(countryFlag(null)).toBeNull();
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("DE", "en")).toBe("Germany");
  });

  it("says how long ago in the largest whole unit, and nothing under a minute", () => {
    expect(relativeTime(ago(20), NOW, "en")).toBeNull();
    expect(relativeTime(ago(5 * 60), NOW, "en")).toBe("5 minutes ago");
    expect(relativeTime(ago(3 * 3600 + 59), NOW, "en")).toBe("3 hours ago");
    expect(relativeTime(ago(86_400 + 10), NOW, "en")).toBe("yesterday");
    expect(relativeTime(ago(9 * 86_400), NOW, "de")).toBe("letzte Woche");
    expect(relativeTime("not a date", NOW, "en")).toBeNull();
    // A clock slightly ahead on the server never gives "in 2 minutes".
    expect(relativeTime(new Date(NOW.getTime() + 120_000).toISOString(), NOW, "en")).toBeNull();
  });

  it("lists the current session first, then the most recently active", () => {
    const sessions = [
      { id: "old", isCurrent: false, lastActiveAt: ago(3600) },
      { id: "here", isCurrent: true, lastActiveAt: ago(7200) },
      { id: "new", isCurrent: false, lastActiveAt: ago(60) },
    ];
    expect(orderSessions(sessions).map((session) => session.id)).toEqual(["here", "new", "old"]);
    expect(sessions[0]?.id).toBe("old");
  });
});

const PROFILE = {
  id: "p-1",
  nickname: null,
  firstName: "Ada",
  lastName: null,
  email: "ada@example.com",
  tgUserId: null,
  birthdate: "1990-12-10",
  gender: null,
} as unknown as Profile;

describe("the personal details form", () => {
  it("edits the operator's editable fields, without nickname, opt-ins, e-mail, phone or passwords", () => {
    expect(personalFormFields(["nickname", "firstName", "email", "phone", "password", "birthdate", "receiveBonus", "city", "captcha", "firstName"])).toEqual([
      "firstName",
      "birthdate",
      "city",
    ]);
  });

  it("starts from the profile's text, empty where it has none", () => {
    expect(profileFormValues(PROFILE, ["firstName", "lastName", "birthdate", "securityAnswer"])).toEqual({
      firstName: "Ada",
      lastName: "",
      birthdate: "1990-12-10",
      securityAnswer: "",
    });
  });

  it("sends only what changed, trimmed, and an emptied field as null", () => {
    const initial = { firstName: "Ada", lastName: "", city: "Berlin" };
    expect(profileChanges(initial, { firstName: " Ada ", lastName: "Lovelace ", city: "" }, ["firstName", "lastName", "city"])).toEqual({
      lastName: "Lovelace",
      city: null,
    });
    expect(profileChanges(initial, initial, ["firstName", "lastName", "city"])).toEqual({});
  });
});

describe("small profile helpers", () => {
  it("uses the displayed name's first letter when there is no avatar", () => {
    expect(avatarInitial(PROFILE)).toBe("A");
    expect(avatarInitial({ ...PROFILE, nickname: "ölfan", firstName: null })).toBe("Ö");
    expect(avatarInitial({ nickname: null, firstName: null, tgUserId: null, email: null })).toBe("U");
  });

  it("writes the member-since day in the page language, the same in every time zone", () => {
    expect(formatMemberSince("2025-03-14T23:30:00Z", "en")).toBe("March 14, 2025");
    expect(formatMemberSince("2025-03-14T23:30:00Z", "de")).toBe("14. März 2025");
    expect(formatMemberSince("garbage", "en")).toBe("garbage");
  });

  it("counts down to a resend", () => {
    const now = Date.parse("2025-06-01T12:00:00Z");
    expect(secondsUntil("2025-06-01T12:01:05Z", now)).toBe(65);
    expect(secondsUntil("2025-06-01T11:59:00Z", now)).toBe(0);
    expect(secondsUntil(undefined, now)).toBe(0);
    expect(countdownClock(65)).toBe("1:05");
    expect(countdownClock(9)).toBe("0:09");
  });
});

describe("linked accounts", () => {
  it("lists every provider with its link, keeps removed-but-linked ones, and leaves Telegram to its own card", () => {
    const rows = socialRows({
      available: [
        { socialType: "google", name: "Google" },
        { socialType: "telegram", name: "Telegram" },
        { socialType: "apple", name: "Apple" },
      ],
      connections: [
        { provider: "Google", socialType: "google", email: "ada@gmail.com", createdAt: "2025-01-01T00:00:00Z" },
        { provider: "Telegram", socialType: "telegram", email: null, createdAt: "2025-01-01T00:00:00Z" },
        { provider: "Old SSO", socialType: "legacy", email: null, createdAt: "2025-01-01T00:00:00Z" },
      ],
    });
    expect(rows.map((row) => [row.socialType, row.name, row.connection !== null])).toEqual([
      ["google", "Google", true],
      ["apple", "Apple", false],
      ["legacy", "Old SSO", true],
    ]);
  });

  it("gives each provider the same colour every time", () => {
    expect(providerTone("google")).toBe(providerTone("google"));
    expect(providerTone("")).toMatch(/^bg-/);
  });
});
