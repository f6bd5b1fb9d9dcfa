// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { BetAmountControl } from "./bet-amount-control.tsx";
import { PlayButton } from "./play-button.tsx";
import { useBetAmount } from "./use-bet-amount.ts";

const ROUNDS = { currency: "FUN", stakes: { min: "0.10", max: "100.00" }, balance: "50.00" };

function Panel({ onPlay }: { onPlay: (amount: string | null) => void }) {
  const bet = useBetAmount(ROUNDS);
  return (
    <div>
      <BetAmountControl bet={bet} rounds={ROUNDS} />
      <input aria-label="Client seed" />
      <PlayButton onPlay={() => onPlay(bet.amount)} busy={false} disabled={bet.problem !== null} />
    </div>
  );
}

function renderPanel(onPlay = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <I18nextProvider i18n={i18nFor("en")}>
        <Panel onPlay={onPlay} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onPlay;
}

afterEach(cleanup);

describe("the bet panel", () => {
  it("starts at the minimum stake; ½ and 2× stay within the bounds and Max stops at the balance", () => {
    renderPanel();
    const amount = screen.getByLabelText("Bet amount");
    expect(amount).toHaveValue("0.10");
    fireEvent.click(screen.getByRole("button", { name: "Halve the bet" }));
    expect(amount).toHaveValue("0.10");
    fireEvent.click(screen.getByRole("button", { name: "Double the bet" }));
    fireEvent.click(screen.getByRole("button", { name: "Double the bet" }));
    expect(amount).toHaveValue("0.40");
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(amount).toHaveValue("50.00");
  });

  it("says why a typed amount cannot be played and disables the bet", () => {
    renderPanel();
    const amount = screen.getByLabelText("Bet amount");
    fireEvent.change(amount, { target: { value: "0.05" } });
    expect(screen.getByText(/The smallest bet is/)).toBeInTheDocument();
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Bet" })).toBeDisabled();
    fireEvent.change(amount, { target: { value: "75" } });
    expect(screen.getByText("The bet is more than your balance.")).toBeInTheDocument();
  });

  it("bets with Space or Enter from the page, but not while typing or on another button", () => {
    const onPlay = renderPanel();
    fireEvent.keyDown(document.body, { key: " " });
    expect(onPlay).toHaveBeenCalledWith("0.10");
    fireEvent.keyDown(document.body, { key: "Enter" });
    expect(onPlay).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(document.body, { key: " ", repeat: true });
    fireEvent.keyDown(screen.getByLabelText("Client seed"), { key: " " });
    fireEvent.keyDown(screen.getByLabelText("Bet amount"), { key: "Enter" });
    fireEvent.keyDown(screen.getByRole("button", { name: "Double the bet" }), { key: "Enter" });
    expect(onPlay).toHaveBeenCalledTimes(2);
  });

  it("does not bet by keyboard while the amount cannot be played", () => {
    const onPlay = renderPanel();
    fireEvent.change(screen.getByLabelText("Bet amount"), { target: { value: "" } });
    fireEvent.keyDown(document.body, { key: " " });
    expect(onPlay).not.toHaveBeenCalled();
  });
});
