// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { mayCelebrate, UK_JURISDICTION_RULES } from "@playfair/contracts/game/jurisdiction";
import { settleSpin, SLOT_REELS } from "@playfair/fairness/games/slot";
import { act, cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { SlotCelebration, SlotReels, SlotWins, useSlotPlayback, type SlotRound } from "./slot-board.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const stopShowing = (reel: number, symbol: string) => SLOT_REELS[reel]!.indexOf(symbol as never);
const TRIGGER = [stopShowing(0, "S"), 0, stopShowing(2, "S"), 0, stopShowing(4, "S")];

function Stage({ round, reducedMotion, onDone = () => undefined, celebrate }: { round: SlotRound; reducedMotion: boolean; onDone?: () => void; celebrate?: (round: SlotRound) => boolean }) {
  const playback = useSlotPlayback(round, reducedMotion, onDone);
  const format = (amount: string) => `${amount} FUN`;
  return (
    <div>
      <SlotReels playback={playback} reducedMotion={reducedMotion} spinningAll={false} glow={celebrate ? celebrate(round) : true} />
      <SlotWins round={round} playback={playback} formatAmount={format} subunitToUnit="100" {...(celebrate ? { celebrate } : {})} />
      <SlotCelebration round={round} playback={playback} formatAmount={format} subunitToUnit="100" onClose={() => undefined} />
    </div>
  );
}

function renderStage(round: SlotRound, reducedMotion: boolean, onDone?: () => void, celebrate?: (round: SlotRound) => boolean) {
  return render(
    <I18nextProvider i18n={i18nFor("en")}>
      <Stage round={round} reducedMotion={reducedMotion} onDone={onDone} {...(celebrate ? { celebrate } : {})} />
    </I18nextProvider>,
  );
}

describe("Starfall's stage", () => {
  it("stops the reels left to right on the server's stops, then says the round is over", () => {
    vi.useFakeTimers();
    const spin = settleSpin([3, 17, 30, 0, 31], 1);
    const onDone = vi.fn();
    renderStage({ id: "r1", stake: "1.00", payout: "0.00", outcome: { spins: [spin], payoutMultiplier: "0" } }, false, onDone);
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getAllByRole("img", { name: "The reels are spinning…" })).toHaveLength(4);
    expect(screen.getByRole("img", { name: /^Reel 1:/ })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByRole("img", { name: "The reels are spinning…" })).toBeNull();
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.getByText("No win this time")).toBeInTheDocument();
  });

  it("plays the free spins back one by one with their counter and running total", () => {
    vi.useFakeTimers();
    const trigger = settleSpin(TRIGGER, 1);
    const free = Array.from({ length: 10 }, (_, index) => settleSpin([index, index * 3, index * 2, index * 5, index], 2));
    const payout = ((trigger.total + free.reduce((sum, spin) => sum + spin.total, 0)) / 100).toFixed(2);
    renderStage({ id: "r2", stake: "1.00", payout, outcome: { spins: [trigger, ...free], payoutMultiplier: payout } }, false);
    act(() => vi.advanceTimersByTime(1600));
    expect(screen.getByText("10 free spins at double pay!")).toBeInTheDocument();
    expect(screen.getByText("3 × Scatter planet: 10 free spins")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1200));
    expect(screen.getByText("Free spin 1 of 10")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText("Free spin 10 of 10")).toBeInTheDocument();
    const featureTotal = free.reduce((sum, spin) => sum + spin.total, 0);
    expect(screen.getByText(`${(featureTotal / 100).toFixed(2)} FUN`, { selector: "strong" })).toBeInTheDocument();
    expect(screen.getByText(`You won ${payout} FUN`)).toBeInTheDocument();
  });

  it("with reduced motion shows the end at once, its lines lit and listed, and celebrates only a return above the stake", () => {
    const stops = [SLOT_REELS[0]!.indexOf("gem") - 1, SLOT_REELS[1]!.indexOf("W") - 1, SLOT_REELS[2]!.indexOf("gem") - 1, 0, 0];
    const spin = settleSpin(stops, 1);
    expect(spin.lineWins.some((win) => win.line === 1 && win.symbol === "gem")).toBe(true);
    const view = renderStage({ id: "r3", stake: "1.00", payout: "3.00", outcome: { spins: [spin], payoutMultiplier: "3.00" } }, true);
    expect(screen.getByText("Line 1: 3 × Star crystal")).toBeInTheDocument();
    expect(document.querySelector('[data-payline="1"]')).not.toBeNull();
    expect(document.querySelector('[data-cell="0-1"]')).toHaveAttribute("data-lit");
    expect(screen.getByText("Nice win!")).toBeInTheDocument();
    view.unmount();
    renderStage({ id: "r4", stake: "1.00", payout: "0.40", outcome: { spins: [spin], payoutMultiplier: "0.40" } }, true);
    expect(screen.getByText("You won 0.40 FUN")).toBeInTheDocument();
    expect(screen.queryByText("Nice win!")).toBeNull();
  });

  it("under the UK's rules tells a return not above the stake plainly, with no win colours or celebration", () => {
    const celebrate = (played: SlotRound) => mayCelebrate(UK_JURISDICTION_RULES, played.stake, played.payout);
    const spin = settleSpin([3, 17, 30, 0, 31], 1);
    const view = renderStage({ id: "r5", stake: "1.00", payout: "0.40", outcome: { spins: [spin], payoutMultiplier: "0.40" } }, true, undefined, celebrate);
    expect(screen.getByText("Returned 0.40 FUN of your 1.00 FUN stake")).toHaveAttribute("data-slot-outcome", "return");
    expect(screen.queryByText(/You won/)).toBeNull();
    expect(document.querySelector("[data-celebration]")).toBeNull();
    view.unmount();
    renderStage({ id: "r6", stake: "1.00", payout: "1.00", outcome: { spins: [spin], payoutMultiplier: "1.00" } }, true, undefined, celebrate);
    expect(screen.getByText("Returned 1.00 FUN of your 1.00 FUN stake")).toBeInTheDocument();
    expect(document.querySelector("[data-celebration]")).toBeNull();
  });

  it("under the UK's rules lights no winning line and draws no payline for a return not above the stake, and does for one above it", () => {
    const celebrate = (played: SlotRound) => mayCelebrate(UK_JURISDICTION_RULES, played.stake, played.payout);
    const stops = [SLOT_REELS[0]!.indexOf("gem") - 1, SLOT_REELS[1]!.indexOf("W") - 1, SLOT_REELS[2]!.indexOf("gem") - 1, 0, 0];
    const spin = settleSpin(stops, 1);
    const view = renderStage({ id: "r7", stake: "1.00", payout: "0.40", outcome: { spins: [spin], payoutMultiplier: "0.40" } }, true, undefined, celebrate);
    expect(screen.getByText("Returned 0.40 FUN of your 1.00 FUN stake")).toBeInTheDocument();
    // The line is still listed as a fact, but nothing on the reels glows or is dimmed around it.
    expect(screen.getByText("Line 1: 3 × Star crystal")).toBeInTheDocument();
    expect(document.querySelector("[data-lit]")).toBeNull();
    expect(document.querySelector("[data-payline]")).toBeNull();
    expect(document.querySelector(".opacity-40")).toBeNull();
    view.unmount();
    renderStage({ id: "r8", stake: "1.00", payout: "3.00", outcome: { spins: [spin], payoutMultiplier: "3.00" } }, true, undefined, celebrate);
    expect(document.querySelector('[data-cell="0-1"]')).toHaveAttribute("data-lit");
    expect(document.querySelector('[data-payline="1"]')).not.toBeNull();
  });
});
