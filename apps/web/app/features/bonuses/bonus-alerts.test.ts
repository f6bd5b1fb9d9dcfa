import { describe, expect, it } from "vitest";
import { bonusAlert, codeAlert, freespinAlert, type AlertContext } from "./bonus-alerts.ts";
import { bonusAlertState, codeOutcome, debounce, playerBonusFromEvent, refusedCodeOutcome } from "./bonus-events.ts";
import { playerBonus } from "#app/features/bonus-data/player-bonus-fixture.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { vi } from "vitest";

const context: AlertContext = {
  t: i18nFor("en").getFixedT("en", "bonuses"),
  money: (amount, currency) => `${currency} ${amount}`,
  localizedPath: (path) => `/de${path}`,
};

describe("bonus notifications (spec 4)", () => {
  it("alert only on a change of status or result, never on a progress update", () => {
    expect(bonusAlertState(undefined, { status: 1, result: 1 })).toBe("issued");
    expect(bonusAlertState("1-1", { status: 2, result: 1 })).toBe("activated");
    expect(bonusAlertState("2-1", { status: 2, result: 1 })).toBeNull();
    expect(bonusAlertState("2-1", { status: 3, result: 2 })).toBe("played");
    expect(bonusAlertState("2-1", { status: 3, result: 3 })).toBe("canceled");
    expect(bonusAlertState("1-1", { status: 3, result: 4 })).toBe("expired");
    expect(bonusAlertState("2-1", { status: 3, result: 5 })).toBe("expired");
    expect(bonusAlertState(undefined, { status: 3, result: 9 })).toBeNull();
  });

  it("style played as success, the other endings as errors", () => {
    expect(bonusAlert(playerBonus({ status: 3, result: 2, convertedAmount: "30.00" }), "played", context).kind).toBe("success");
    expect(bonusAlert(playerBonus({ status: 3, result: 3 }), "canceled", context).kind).toBe("error");
    expect(bonusAlert(playerBonus({ status: 3, result: 4 }), "expired", context).kind).toBe("error");
    expect(bonusAlert(playerBonus({ status: 3, result: 5 }), "expired", context).kind).toBe("error");
  });

  it("word a bonus for all games, one game or several games", () => {
    const all = bonusAlert(playerBonus({ status: 1, result: 1 }), "issued", context);
    expect(all.title).toBe("Bonus received: Welcome bonus");
    expect(all.description).toBe("EUR 50.00 is waiting for you. Activate it to play any game.");
    expect(all.action?.href).toBe("/de/bonuses");

    const one = bonusAlert(playerBonus({ wagerCasinoConditions: { gameIds: ["playfair-slot"] } }), "activated", context);
    expect(one.description).toBe("EUR 50.00 is in your bonus balance for one game.");
    expect(one.action).toEqual({ label: "Open the game", href: "/de/game/playfair-slot" });

    const several = bonusAlert(playerBonus({ status: 1, result: 1, wagerCasinoConditions: { gameIds: ["a", "b", "c"] } }), "issued", context);
    expect(several.description).toBe("EUR 50.00 is waiting for you. Activate it to play the selected games (3).");
    expect(several.action?.href).toBe("/de/bonuses");
  });

  it("say what became real money when wagering completes", () => {
    expect(bonusAlert(playerBonus({ status: 3, result: 2, convertedAmount: "30.00" }), "played", context).description).toBe("EUR 30.00 moved to your real-money balance.");
    expect(bonusAlert(playerBonus({ status: 3, result: 2, convertedAmount: "0" }), "played", context).description).toBe("No bonus money was left to move to your real-money balance.");
  });

  it("link free spins to their game, and show them without the link when the game is unknown (spec 8)", () => {
    const spins = { id: "f", status: 1, result: 1, count: 20, remaining: 20, gameId: "playfair-slot", gameName: "Starfall", title: "20 spins" } as Parameters<typeof freespinAlert>[0];
    const alert = freespinAlert(spins, "issued", context);
    expect(alert.description).toBe("Spins: 20 · Starfall");
    expect(alert.action?.href).toBe("/de/game/playfair-slot");
    expect(freespinAlert({ ...spins, gameId: "", gameName: "" }, "issued", context).action).toBeUndefined();
  });

  it("ignore payloads that are not a player bonus", () => {
    expect(playerBonusFromEvent({ event: "playerBonus", playerBonus: { id: 1 } })).toBeNull();
    expect(playerBonusFromEvent({ event: "other", playerBonus: playerBonus() })).toBeNull();
    expect(playerBonusFromEvent({ event: "playerBonus", playerBonus: playerBonus() })?.id).toBe(playerBonus().id);
  });
});

describe("bonus code alerts (spec 4, 8)", () => {
  it("turn statuses 3 and 4 into error alerts, incorrect and not available", () => {
    expect(codeOutcome(3)).toBe("incorrect");
    expect(codeOutcome(4)).toBe("notAvailable");
    const incorrect = codeAlert("incorrect", "NOPE", null, context.t);
    expect(incorrect).toMatchObject({ kind: "error", title: "Incorrect bonus code" });
    expect(codeAlert("notAvailable", "OLD", null, context.t)).toMatchObject({ kind: "error", title: "Bonus code not available" });
    expect(codeAlert("accepted", "FREE10", "10 EUR free", context.t)).toMatchObject({ kind: "success", description: "You received: 10 EUR free" });
  });

  it("read a refused code's status from the error's reason", () => {
    expect(refusedCodeOutcome("4")).toBe("notAvailable");
    expect(refusedCodeOutcome("3")).toBe("incorrect");
    expect(refusedCodeOutcome(undefined)).toBe("incorrect");
  });
});

describe("list updates (spec 9)", () => {
  it("run once, 500 ms after the last of a burst", () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const refetch = debounce(run, 500);
    refetch.call();
    vi.advanceTimersByTime(300);
    refetch.call();
    vi.advanceTimersByTime(499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
