import { describe, expect, it } from "vitest";
import {
  AFFILIATE_TAG_KEY,
  affiliateTagLifetimeMs,
  applyEntryParameters,
  PREVIEW_TOKEN_KEY,
  readAffiliateTag,
  readReferralId,
  REFERRAL_ID_KEY,
} from "./entry-parameters.ts";
import { BOT_URL_KEY } from "./entry-address.ts";
import { memoryStorage } from "./storage.ts";

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);

function stores() {
  return { local: memoryStorage(), session: memoryStorage() };
}

describe("affiliate tag (?stag)", () => {
  it("is stored with a lifetime of 86400 s times the configured days and removed from the address", () => {
    const storages = stores();
    const result = applyEntryParameters("?stag=abc&ref_id=r1&x=1", { affiliateTagDays: 7, now: NOW, stores: storages });
    expect(JSON.parse(storages.local.getItem(AFFILIATE_TAG_KEY) ?? "null")).toEqual({ value: "abc", expiresAt: NOW + 7 * DAY_MS });
    expect(result.replacementSearch).toBe("?ref_id=r1&x=1");
    expect(readAffiliateTag(NOW, storages.local)).toBe("abc");
  });

  it("leaves an empty search when stag was the only parameter, and the address alone without stag", () => {
    expect(applyEntryParameters("?stag=abc", { affiliateTagDays: 30, now: NOW, stores: stores() }).replacementSearch).toBe("");
    expect(applyEntryParameters("?ref_id=r1", { affiliateTagDays: 30, now: NOW, stores: stores() }).replacementSearch).toBeNull();
  });

  it("does not overwrite a tag that is still valid, but the second stag still leaves the address", () => {
    const storages = stores();
    applyEntryParameters("?stag=abc", { affiliateTagDays: 30, now: NOW, stores: storages });
    const second = applyEntryParameters("?stag=xyz", { affiliateTagDays: 30, now: NOW + DAY_MS, stores: storages });
    expect(second.replacementSearch).toBe("");
    expect(readAffiliateTag(NOW + DAY_MS, storages.local)).toBe("abc");
  });

  it("expires after its lifetime, after which a new tag is stored", () => {
    const storages = stores();
    applyEntryParameters("?stag=abc", { affiliateTagDays: 30, now: NOW, stores: storages });
    const justBefore = NOW + 30 * DAY_MS - 1;
    expect(readAffiliateTag(justBefore, storages.local)).toBe("abc");
    expect(readAffiliateTag(NOW + 30 * DAY_MS, storages.local)).toBeNull();
    applyEntryParameters("?stag=xyz", { affiliateTagDays: 30, now: NOW + 31 * DAY_MS, stores: storages });
    expect(readAffiliateTag(NOW + 31 * DAY_MS, storages.local)).toBe("xyz");
  });

  it("replaces an unreadable record and ignores empty or oversized tags", () => {
    const storages = stores();
    storages.local.setItem(AFFILIATE_TAG_KEY, "not json");
    expect(readAffiliateTag(NOW, storages.local)).toBeNull();
    expect(storages.local.getItem(AFFILIATE_TAG_KEY)).toBeNull();
    applyEntryParameters("?stag=%20%20", { affiliateTagDays: 30, now: NOW, stores: storages });
    applyEntryParameters(`?stag=${"a".repeat(300)}`, { affiliateTagDays: 30, now: NOW, stores: storages });
    expect(readAffiliateTag(NOW, storages.local)).toBeNull();
  });

  it("falls back to 30 days when the configured days are not usable", () => {
    expect(affiliateTagLifetimeMs(0)).toBe(30 * DAY_MS);
    expect(affiliateTagLifetimeMs(Number.NaN)).toBe(30 * DAY_MS);
    expect(affiliateTagLifetimeMs(1)).toBe(DAY_MS);
  });
});

describe("referral id (?ref_id)", () => {
  it("is kept in the address and stored under the first-come rule", () => {
    const storages = stores();
    const first = applyEntryParameters("?ref_id=friend1", { affiliateTagDays: 30, now: NOW, stores: storages });
    expect(first.replacementSearch).toBeNull();
    applyEntryParameters("?ref_id=friend2", { affiliateTagDays: 30, now: NOW, stores: storages });
    expect(readReferralId(NOW, storages.local)).toBe("friend1");
    expect(storages.local.getItem(REFERRAL_ID_KEY)).toContain("friend1");
  });
});

describe("preview and messenger modes", () => {
  it("keeps a preview token for the tab and reports that preview was requested", () => {
    const storages = stores();
    const result = applyEntryParameters("?preview=tok-1", { affiliateTagDays: 30, now: NOW, stores: storages });
    expect(result.previewRequested).toBe(true);
    expect(storages.session.getItem(PREVIEW_TOKEN_KEY)).toBe("tok-1");
    expect(applyEntryParameters("?preview", { affiliateTagDays: 30, now: NOW, stores: stores() }).previewRequested).toBe(true);
  });

  it("stores an http(s) botURL and ignores anything else", () => {
    const storages = stores();
    applyEntryParameters(`?botURL=${encodeURIComponent("https://bot.example/app")}`, { affiliateTagDays: 30, now: NOW, stores: storages });
    expect(storages.local.getItem(BOT_URL_KEY)).toBe("https://bot.example/app");
    const other = stores();
    applyEntryParameters(`?botURL=${encodeURIComponent("javascript:alert(1)")}`, { affiliateTagDays: 30, now: NOW, stores: other });
    expect(other.local.getItem(BOT_URL_KEY)).toBeNull();
  });

  it("works without any storage (private mode): nothing stored, nothing thrown", () => {
    const result = applyEntryParameters("?stag=abc", { affiliateTagDays: 30, now: NOW, stores: { local: null, session: null } });
    expect(result.replacementSearch).toBe("");
    expect(readAffiliateTag(NOW, null)).toBeNull();
  });
});
