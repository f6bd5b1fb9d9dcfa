// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { betView, eventSummary, matchResult } from "./test-fixtures.ts";
import { mountWidget, page } from "./test-widget.tsx";

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

const liverpool = eventSummary(4502, {
  name: "Liverpool vs Everton",
  status: "live",
  home: { id: 503, name: "Liverpool", shortName: "LIV", crest: { shape: 1, primary: "#c8102e", secondary: "#ffffff" } },
  away: { id: 504, name: "Everton", shortName: "EVE", crest: { shape: 1, primary: "#274488", secondary: "#ffffff" } },
  mainMarket: matchResult(["1.50", "4.20", "6.00"]),
});
const arsenal = eventSummary(4501, { status: "live" });
const lists = { "GET /api/sportsbook/events": () => page([arsenal, liverpool]), "GET /api/sportsbook/sports": () => ({ body: { data: [] } }) };

/** What the site does when its sign-in window opens: a dialog over the page that takes the focus and answers Escape itself. */
function openSiteSignIn(): { window: HTMLElement; closed: () => boolean } {
  const window = document.createElement("div");
  window.setAttribute("role", "dialog");
  window.setAttribute("aria-label", "Sign in");
  const field = document.createElement("input");
  field.setAttribute("aria-label", "Email");
  window.append(field);
  document.body.append(window);
  field.focus();
  let closed = false;
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    closed = true;
    window.remove();
    document.removeEventListener("keydown", onKey);
  };
  document.addEventListener("keydown", onKey);
  return { window, closed: () => closed };
}

describe("the slip's sheet on a phone", () => {
  it("stays open when Escape closes the sign-in window opened from it, and closes on the next Escape", async () => {
    const { navigations } = mountWidget({ path: "/sport", routes: lists });
    const list = await screen.findByRole("list", { name: "Live now" });
    await userEvent.click(within(list).getByRole("button", { name: /Arsenal.*2\.10/ }));
    await userEvent.click(screen.getByRole("button", { name: "Bet slip, 1 selections" }));
    const sheet = screen.getByRole("dialog", { name: "Bet slip" });
    const signIn = within(sheet).getByRole("link", { name: "Sign in" });
    await userEvent.click(signIn);
    expect(navigations).toEqual(["/sport?sign-in=true"]);

    const site = openSiteSignIn();
    await userEvent.keyboard("{Escape}");
    expect(site.closed()).toBe(true);
    expect(screen.getByRole("dialog", { name: "Bet slip" })).toBeInTheDocument();

    // The site gives the focus back to the link that opened its window: the sheet is on top again.
    signIn.focus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Bet slip" })).not.toBeInTheDocument();
  });

  it("ignores Escape while the page under the site's window is inert", async () => {
    mountWidget({ path: "/sport", routes: lists });
    const list = await screen.findByRole("list", { name: "Live now" });
    await userEvent.click(within(list).getByRole("button", { name: /Arsenal.*2\.10/ }));
    await userEvent.click(screen.getByRole("button", { name: "Bet slip, 1 selections" }));
    const root = document.querySelector(".sb-root")!.parentElement!;
    root.setAttribute("inert", "");
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Bet slip" })).toBeInTheDocument();
    root.removeAttribute("inert");
  });
});

describe("choosing while a live bet waits out its delay", () => {
  it("takes the new choice for the next bet, says so, and keeps it once the pending bet is accepted", async () => {
    let decided = false;
    const pending = betView("bet-5", { status: "pending", isLive: true });
    const { slip, calls } = mountWidget({
      path: "/sport",
      token: "sb-token",
      routes: {
        ...lists,
        "POST /api/sportsbook/bets": () => ({ body: { data: pending } }),
        "GET /api/sportsbook/bets/bet-5": () => ({ body: { data: decided ? { ...pending, status: "accepted" } : pending } }),
      },
    });
    const list = await screen.findByRole("list", { name: "Live now" });
    const slipRegion = screen.getByRole("region", { name: "Bet slip" });
    await userEvent.click(within(list).getByRole("button", { name: /Arsenal.*2\.10/ }));
    await userEvent.type(within(slipRegion).getByRole("textbox", { name: "Stake (EUR)" }), "10");
    await userEvent.click(within(slipRegion).getByRole("button", { name: "Place bet" }));
    expect(await within(slipRegion).findByText("Waiting for the bookmaker to accept…")).toBeInTheDocument();

    const liverpoolPrice = within(list).getByRole("button", { name: /Liverpool.*1\.50/ });
    await userEvent.click(liverpoolPrice);
    expect(liverpoolPrice).toHaveAttribute("aria-pressed", "true");
    expect(within(slipRegion).getByText("Liverpool vs Everton", { exact: false })).toBeInTheDocument();
    expect(within(slipRegion).getByText("Your bet is being decided: the changes you make now are for your next bet.")).toBeInTheDocument();
    expect(within(slipRegion).getByRole("button", { name: "Placing…" })).toBeDisabled();

    decided = true;
    expect(await within(slipRegion).findByText("Bet accepted. Good luck!", {}, { timeout: 3_000 })).toBeInTheDocument();
    // The accepted bet's selection left the slip; the one chosen meanwhile stays for the next bet.
    expect(slip.get().selections.map((selection) => selection.eventId)).toEqual([4502]);
    expect(within(list).getByRole("button", { name: /Arsenal.*2\.10/ })).toHaveAttribute("aria-pressed", "false");
    expect(liverpoolPrice).toHaveAttribute("aria-pressed", "true");
    expect(within(slipRegion).getByRole("button", { name: "Place bet" })).toBeEnabled();
    expect(calls.filter((call) => call.method === "POST").map((call) => (call.body as { selections: { eventId: number }[] }).selections.map((selection) => selection.eventId))).toEqual([[4501]]);
  });

  it("keeps a selection of the pending bet the player chose again meanwhile", async () => {
    let decided = false;
    const pending = betView("bet-6", { status: "pending", isLive: true });
    const { slip } = mountWidget({
      path: "/sport",
      token: "sb-token",
      routes: {
        ...lists,
        "POST /api/sportsbook/bets": () => ({ body: { data: pending } }),
        "GET /api/sportsbook/bets/bet-6": () => ({ body: { data: decided ? { ...pending, status: "accepted" } : pending } }),
      },
    });
    const list = await screen.findByRole("list", { name: "Live now" });
    const slipRegion = screen.getByRole("region", { name: "Bet slip" });
    const arsenalPrice = within(list).getByRole("button", { name: /Arsenal.*2\.10/ });
    await userEvent.click(arsenalPrice);
    await userEvent.type(within(slipRegion).getByRole("textbox", { name: "Stake (EUR)" }), "5");
    await userEvent.click(within(slipRegion).getByRole("button", { name: "Place bet" }));
    await within(slipRegion).findByText("Waiting for the bookmaker to accept…");
    await userEvent.click(arsenalPrice);
    await userEvent.click(arsenalPrice);
    decided = true;
    await within(slipRegion).findByText("Bet accepted. Good luck!", {}, { timeout: 3_000 });
    expect(slip.get().selections.map((selection) => selection.eventId)).toEqual([4501]);
  });
});
