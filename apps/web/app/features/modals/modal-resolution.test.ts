import { describe, expect, it } from "vitest";
import { MODAL_IDS, MODALS, modalForParam, modalZIndex } from "./modal-registry.ts";
import {
  modalSearch,
  onlyModalParamsChanged,
  revalidateUnlessOnlyModalsChanged,
  resolveModalParams,
  signInRedirectPath,
  type ModalAccessContext,
} from "./modal-resolution.ts";
import { modalTitleKey } from "./modal-titles.ts";

const guest: ModalAccessContext = { session: { status: "guest" }, authorizationState: null };
const player: ModalAccessContext = {
  session: { status: "signedIn", playerId: "p1", profileConfirmed: false },
  authorizationState: null,
};
const confirmedPlayer: ModalAccessContext = {
  session: { status: "signedIn", playerId: "p1", profileConfirmed: true },
  authorizationState: null,
};
const guestInFlow: ModalAccessContext = { ...guest, authorizationState: { email: "ana@example.org" } };

const resolve = (search: string, context: ModalAccessContext = guest, route = "index") =>
  resolveModalParams(new URLSearchParams(search), context, route);

describe("modal registry", () => {
  it("registers every identifier of the spec, including the further modals", () => {
    expect(MODAL_IDS).toHaveLength(50);
    expect(new Set(MODAL_IDS).size).toBe(MODAL_IDS.length);
    for (const id of ["sign-in", "wallet-telegram-app", "install-app", "quests-hub", "wallet-bonus-info", "confirm-bonus-unsettled"]) {
      expect(MODAL_IDS).toContain(id);
    }
  });

  it("shows wallet-telegram-app in the address as tg-wallet, the others under their id", () => {
    expect(MODALS["wallet-telegram-app"].param).toBe("tg-wallet");
    expect(modalForParam("tg-wallet")?.id).toBe("wallet-telegram-app");
    expect(modalForParam("wallet-telegram-app")).toBeUndefined();
    expect(MODALS["global-search"].param).toBe("global-search");
  });

  it("lets the wallet take deposit or withdraw, add-limit name an exclusion, and every other modal take true", () => {
    expect(MODALS.wallet.values).toEqual(["deposit", "withdraw"]);
    expect(MODALS["add-limit"].values).toEqual(["true", "self-exclusion", "cooling-off"]);
    for (const id of MODAL_IDS.filter((id) => id !== "wallet" && id !== "add-limit")) expect(MODALS[id].values).toEqual(["true"]);
  });

  it("titles the self-exclusion and take-a-break sheets apart from adding a limit", () => {
    expect(modalTitleKey({ id: "add-limit", value: "self-exclusion" })).toBe("add-limit-self-exclusion");
    expect(modalTitleKey({ id: "add-limit", value: "cooling-off" })).toBe("add-limit-cooling-off");
    expect(modalTitleKey({ id: "add-limit", value: "true" })).toBe("add-limit");
  });

  it("follows the spec's access lists", () => {
    const byAccess = (access: string) => MODAL_IDS.filter((id) => MODALS[id].access === access);
    expect(byAccess("guest")).toEqual(["sign-in", "sign-up", "reset-pass", "forgot-pass", "reset-email-send"]);
    expect(byAccess("signedIn").sort()).toEqual(
      [
        "change-pass", "change-nickname", "phone", "email", "deposit-error", "deposit-success", "deposit-status",
        "referral-transfer", "fiat", "confirm", "confirm-email", "wallet", "wallet-telegram-app",
        "confirm-session-logout", "avatars",
      ].sort(),
    );
    expect(MODALS["games-filter"].access).toBe("anyone");
    expect(MODALS["bonus-details"].access).toBe("anyone");
  });

  it("stacks layers from 1000 in steps of 2", () => {
    expect([0, 1, 2].map(modalZIndex)).toEqual([1000, 1002, 1004]);
  });
});

describe("resolveModalParams", () => {
  it("opens a guest modal named by the address", () => {
    expect(resolve("?sign-in=true")).toEqual({ open: { id: "sign-in", value: "true" }, removeParams: [] });
  });

  it("opens modals open to anyone for guests and players alike", () => {
    expect(resolve("?global-search=true").open?.id).toBe("global-search");
    expect(resolve("?global-search=true", player).open?.id).toBe("global-search");
  });

  it("removes signed-in-only modals requested by a guest", () => {
    expect(resolve("?wallet=deposit")).toEqual({ open: null, removeParams: ["wallet"] });
    expect(resolve("?change-pass=true")).toEqual({ open: null, removeParams: ["change-pass"] });
    expect(resolve("?tg-wallet=true")).toEqual({ open: null, removeParams: ["tg-wallet"] });
  });

  it("removes guest-only modals requested by a signed-in player", () => {
    expect(resolve("?sign-up=true", player)).toEqual({ open: null, removeParams: ["sign-up"] });
  });

  it("opens the wallet for a player with deposit or withdraw, and removes any other value", () => {
    expect(resolve("?wallet=deposit", player).open).toEqual({ id: "wallet", value: "deposit" });
    expect(resolve("?wallet=withdraw", player).open).toEqual({ id: "wallet", value: "withdraw" });
    expect(resolve("?wallet=foo", player)).toEqual({ open: null, removeParams: ["wallet"] });
  });

  it("treats any flag value other than true as unknown", () => {
    expect(resolve("?sign-in=banana")).toEqual({ open: null, removeParams: ["sign-in"] });
    expect(resolve("?sign-in=")).toEqual({ open: null, removeParams: ["sign-in"] });
  });

  it("keeps one modal: the first acceptable one, removing the other modal parameters", () => {
    expect(resolve("?sign-in=true&sign-up=true")).toEqual({ open: { id: "sign-in", value: "true" }, removeParams: ["sign-up"] });
    expect(resolve("?wallet=deposit&sign-up=true")).toEqual({
      open: { id: "sign-up", value: "true" },
      removeParams: ["wallet"],
    });
  });

  it("leaves parameters that are not modals alone", () => {
    expect(resolve("?page=2&sign-in=true&ref_id=7")).toEqual({ open: { id: "sign-in", value: "true" }, removeParams: [] });
  });

  it("ties flow modals to a pending authorization state", () => {
    for (const param of ["forgot-pass", "reset-pass", "reset-email-send"]) {
      expect(resolve(`?${param}=true`)).toEqual({ open: null, removeParams: [param] });
      expect(resolve(`?${param}=true`, guestInFlow).open?.id).toBe(param);
    }
    expect(resolve("?confirm-email=true", player).open).toBeNull();
    expect(resolve("?confirm-email=true", { ...player, authorizationState: { email: "a@b.c" } }).open?.id).toBe("confirm-email");
  });

  it("ties the confirm modal to a confirmed profile", () => {
    expect(resolve("?confirm=true", player)).toEqual({ open: null, removeParams: ["confirm"] });
    expect(resolve("?confirm=true", confirmedPlayer).open?.id).toBe("confirm");
    expect(resolve("?confirm=true")).toEqual({ open: null, removeParams: ["confirm"] });
  });

  it("never removes modal parameters on the sport route, with or without a locale", () => {
    for (const route of ["sport", "sport-slug", "locale-sport", "locale-sport-slug"]) {
      expect(resolve("?wallet=deposit", guest, route)).toEqual({ open: null, removeParams: [] });
      expect(resolve("?sign-in=banana&sign-up=true", guest, route)).toEqual({ open: { id: "sign-up", value: "true" }, removeParams: [] });
    }
    expect(resolve("?wallet=deposit", guest, "sports-news").removeParams).toEqual(["wallet"]);
  });
});

describe("address helpers", () => {
  it("builds the search that opens a modal, dropping other modals and keeping the rest", () => {
    expect(modalSearch("sign-up")).toBe("?sign-up=true");
    expect(modalSearch("sign-up", undefined, "?sign-in=true&page=2")).toBe("?page=2&sign-up=true");
    expect(modalSearch("wallet")).toBe("?wallet=deposit");
    expect(modalSearch("wallet", "withdraw")).toBe("?wallet=withdraw");
    expect(modalSearch("wallet-telegram-app")).toBe("?tg-wallet=true");
  });

  it("sends sign-in to the home page of the visitor's language", () => {
    expect(signInRedirectPath("en")).toBe("/?sign-in=true");
    expect(signInRedirectPath("de")).toBe("/de?sign-in=true");
    expect(signInRedirectPath("pt-br")).toBe("/pt-br?sign-in=true");
  });

  it("tells modal-only address changes apart from real ones", () => {
    const url = (path: string) => new URL(path, "http://localhost");
    expect(onlyModalParamsChanged(url("/games?page=2"), url("/games?page=2&sign-in=true"))).toBe(true);
    expect(onlyModalParamsChanged(url("/games?wallet=deposit"), url("/games"))).toBe(true);
    expect(onlyModalParamsChanged(url("/games?page=2"), url("/games?page=3&sign-in=true"))).toBe(false);
    expect(onlyModalParamsChanged(url("/games"), url("/bonuses?sign-in=true"))).toBe(false);
  });

  it("skips reloading page data when only a modal opens or closes", () => {
    const url = (path: string) => new URL(path, "http://localhost");
    const args = { defaultShouldRevalidate: true, formMethod: undefined };
    expect(revalidateUnlessOnlyModalsChanged({ ...args, currentUrl: url("/"), nextUrl: url("/?sign-in=true") })).toBe(false);
    expect(revalidateUnlessOnlyModalsChanged({ ...args, currentUrl: url("/?sign-in=true"), nextUrl: url("/") })).toBe(false);
    expect(revalidateUnlessOnlyModalsChanged({ ...args, currentUrl: url("/"), nextUrl: url("/?page=2") })).toBe(true);
    expect(
      revalidateUnlessOnlyModalsChanged({ ...args, formMethod: "POST", currentUrl: url("/"), nextUrl: url("/?sign-in=true") }),
    ).toBe(true);
  });
});
