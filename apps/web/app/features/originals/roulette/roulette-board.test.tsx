// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { RouletteControls, RouletteStage, useRouletteTable, type RouletteLanded, type RouletteSpin } from "./roulette-board.tsx";
import { spotIdOfBet } from "./roulette-layout.ts";

afterEach(cleanup);

type Play = (spin: RouletteSpin) => Promise<{ pocket: number; payout: string } | null>;

/** The stage and controls as the game lays them out, with the server played by `play`. */
function Harness({ play, reducedMotion }: { play: Play; reducedMotion: boolean }) {
  const [landed, setLanded] = useState<RouletteLanded | null>(null);
  const table = useRouletteTable({ subunitToUnit: "100", chips: ["0.10", "0.50", "1.00"], landed });
  const format = (amount: string) => `${amount} FUN`;
  return (
    <>
      <RouletteStage table={table} disabled={table.wheelBusy} reducedMotion={reducedMotion} formatAmount={format} />
      <RouletteControls table={table} disabled={table.wheelBusy} formatAmount={format} />
      <button
        type="button"
        onClick={() => {
          const spin = table.request();
          void play(spin).then((answer) => {
            if (!answer) return;
            table.spun();
            setLanded({ id: crypto.randomUUID(), ...answer, spotIds: spin.params.bets.map((bet) => spotIdOfBet(bet) ?? "") });
          });
        }}
      >
        Spin
      </button>
    </>
  );
}

function renderBoard(play: Play, reducedMotion = true) {
  return render(
    <I18nextProvider i18n={i18nFor("en")}>
      <Harness play={play} reducedMotion={reducedMotion} />
    </I18nextProvider>,
  );
}

describe("the roulette stage and controls", () => {
  it("places the chosen chip with Enter, walks the table with the arrows and totals the stake", async () => {
    const user = userEvent.setup();
    renderBoard(vi.fn());
    const seventeen = screen.getByRole("gridcell", { name: "Straight up 17" });
    seventeen.focus();
    await user.keyboard("{Enter}{Enter}");
    expect(screen.getByRole("gridcell", { name: "Straight up 17: 1.00 FUN placed" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("gridcell", { name: "Split 17, 20" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Chip of 0.10 FUN" }));
    screen.getByRole("gridcell", { name: "Split 17, 20" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByText("1.10 FUN")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByText("1.00 FUN")).toBeInTheDocument();
  });

  it("sends each bet with its amount, then shows the server's number, the win and the winning bets", async () => {
    const user = userEvent.setup();
    const play = vi.fn(async () => ({ pocket: 17, payout: "18.00" }));
    renderBoard(play);
    await user.click(screen.getByRole("gridcell", { name: "Straight up 17" }));
    await user.click(screen.getByRole("gridcell", { name: "Red" }));
    await user.click(screen.getByRole("button", { name: "Spin" }));
    expect(play).toHaveBeenCalledWith({
      amount: "1.00",
      params: {
        bets: [
          { kind: "straight", numbers: [17], amount: "0.50" },
          { kind: "red", amount: "0.50" },
        ],
      },
    });
    await waitFor(() => expect(screen.getByText("You won 18.00 FUN")).toBeInTheDocument());
    expect(screen.getByText("17 black")).toBeInTheDocument();
    expect(screen.getByRole("gridcell", { name: "Straight up 17: 0.50 FUN placed, won" })).toBeInTheDocument();
    expect(screen.queryByRole("gridcell", { name: /^Red.*won$/ })).toBeNull();
    expect(screen.getByRole("list", { name: "Recent numbers" }).textContent).toBe("17");
    // The next spin starts from the same chips, and Repeat brings them back after a Clear.
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await user.click(screen.getByRole("button", { name: "Repeat last" }));
    expect(screen.getByText("1.00 FUN")).toBeInTheDocument();
  });

  it("keeps the chips and shows no result when the server refuses the spin", async () => {
    const user = userEvent.setup();
    renderBoard(async () => null);
    await user.click(screen.getByRole("gridcell", { name: "Odd" }));
    await user.click(screen.getByRole("button", { name: "Spin" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Spin" })).toBeEnabled());
    expect(screen.getByRole("gridcell", { name: "Odd: 0.50 FUN placed" })).toBeInTheDocument();
    expect(screen.getByText("No spins yet")).toBeInTheDocument();
  });
});
