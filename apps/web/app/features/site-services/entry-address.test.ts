// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { BOT_URL_KEY, carriesEntryParameter, entryParametersStored, readBotUrl, storeEntryParameters } from "./entry-address.ts";

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("the entry parameters on a first load", () => {
  it("are looked for only among stag, ref_id, preview and botURL", () => {
    for (const search of ["?stag=a", "?ref_id=r", "?preview=p", "?botURL=https%3A%2F%2Ft.me%2Fbot", "?sign-in=true&stag="]) {
      expect(carriesEntryParameter(search), search).toBe(true);
    }
    for (const search of ["", "?sign-in=true", "?provider=alpha&tag=x"]) expect(carriesEntryParameter(search), search).toBe(false);
  });

  it("store nothing and answer at once for an address without one", async () => {
    await expect(storeEntryParameters("?sign-in=true", { affiliateTagDays: 30 })).resolves.toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it("are stored by the time entryParametersStored() settles, with stag to leave the address", async () => {
    const answer = storeEntryParameters("?stag=aff-1&botURL=https%3A%2F%2Ft.me%2Fplayfair_bot", { affiliateTagDays: 30 });
    await entryParametersStored();
    expect(readBotUrl()).toBe("https://t.me/playfair_bot");
    expect(localStorage.getItem(BOT_URL_KEY)).toBe("https://t.me/playfair_bot");
    expect(JSON.parse(localStorage.getItem("affiliateTag") ?? "null")).toMatchObject({ value: "aff-1" });
    await expect(answer).resolves.toMatchObject({ replacementSearch: "?botURL=https%3A%2F%2Ft.me%2Fplayfair_bot" });
  });
});
