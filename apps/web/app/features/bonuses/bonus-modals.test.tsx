// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BonusCard, cancelModalOf } from "./bonus-card.tsx";
import { BonusCancelLockModal, ConfirmBonusModal, ConfirmBonusUnsettledModal, lockGamePath } from "./bonus-modals.tsx";
import { rememberBonusTarget } from "./bonus-target.ts";
import { CURRENCIES, renderWithApp } from "./bonus-test-kit.tsx";
import { playerBonus } from "#app/features/bonus-data/player-bonus-fixture.ts";
import { ApiRequestError } from "#app/lib/api-client.ts";

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));

type Answer = (path: string, options: { method?: string }) => unknown;
function answer(handler: Answer) {
  api.apiRequest.mockReset().mockImplementation(async (path: string, options: { method?: string } = {}) => {
    if (path === "/api/settings/currencies") return CURRENCIES;
    return handler(path, options);
  });
}

const modalProps = (id: "confirm-bonus" | "confirm-bonus-unsettled" | "bonus-cancel-lock") => ({ id, value: "true", title: "", close: vi.fn() });

beforeEach(() => {
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe("cancelling a bonus", () => {
  it("goes straight to the cancel lock while a round of the bonus is open", async () => {
    expect(cancelModalOf({ hasOpenRounds: true })).toBe("bonus-cancel-lock");
    expect(cancelModalOf({ hasOpenRounds: false })).toBe("confirm-bonus-unsettled");
    answer(() => ({ data: [] }));
    const { router } = renderWithApp(
      <ul>
        <BonusCard bonus={playerBonus({ hasOpenRounds: true })} />
      </ul>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Cancel bonus" }));
    await waitFor(() => expect(router.state.location.search).toBe("?bonus-cancel-lock=true"));
  });

  it("asks first, and switches to the cancel lock when the server says a round opened meanwhile", async () => {
    const bonus = playerBonus();
    rememberBonusTarget({ kind: "bonus", id: bonus.id });
    answer((path, { method }) => {
      if (method === "PUT") throw new ApiRequestError({ status: 409, code: "CONFLICT", message: "open rounds", reason: "bonusHasOpenRounds" });
      return { data: path === "/api/game/player-bonuses" ? [bonus] : [] };
    });
    const { router } = renderWithApp(<ConfirmBonusUnsettledModal {...modalProps("confirm-bonus-unsettled")} />, { path: "/bonuses?confirm-bonus-unsettled=true" });
    expect(await screen.findByText(/Cancelling removes the bonus balance of €42.10/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel the bonus" }));
    await waitFor(() => expect(router.state.location.search).toBe("?bonus-cancel-lock=true"));
    expect(api.apiRequest).toHaveBeenCalledWith(`/api/game/player-bonuses/${bonus.id}/cancel`, expect.objectContaining({ method: "PUT" }));
  });

  it("explains the lock and links to the game the player left", async () => {
    const bonus = playerBonus({ hasOpenRounds: true });
    rememberBonusTarget({ kind: "bonus", id: bonus.id });
    window.sessionStorage.setItem("returnToGame", JSON.stringify({ gameId: "playfair-mines", path: "/game/playfair-mines", savedAt: 1 }));
    answer(() => ({ data: [bonus] }));
    renderWithApp(<BonusCancelLockModal {...modalProps("bonus-cancel-lock")} />, { path: "/bonuses?bonus-cancel-lock=true" });
    expect(await screen.findByText(/A round played with this bonus is still open/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the game" })).toHaveAttribute("href", "/game/playfair-mines");
    expect(lockGamePath(bonus, null)).toBe("/recently-played");
    expect(lockGamePath(playerBonus({ wagerCasinoConditions: { gameIds: ["playfair-slot"] } }), null)).toBe("/game/playfair-slot");
  });
});

describe("activating a bonus", () => {
  it("shows the terms before the player accepts, then activates", async () => {
    const bonus = playerBonus({ status: 1, result: 1, balance: "0", activatedAt: null });
    rememberBonusTarget({ kind: "bonus", id: bonus.id });
    answer((path, { method }) => (method === "PUT" ? { data: { ...bonus, status: 2 } } : { data: path === "/api/game/player-bonuses" ? [bonus] : [] }));
    const props = modalProps("confirm-bonus");
    renderWithApp(<ConfirmBonusModal {...props} />, { path: "/bonuses?confirm-bonus=true" });
    const accept = await screen.findByRole("button", { name: "Accept and activate" });
    const terms = screen.getByRole("region", { name: "Bonus conditions" });
    expect(terms).toHaveTextContent("10× the bonus");
    await waitFor(() => expect(terms).toHaveTextContent("€5.00"));
    expect(terms).toHaveTextContent("Slots: 100%");
    expect(api.apiRequest).not.toHaveBeenCalledWith(expect.stringContaining("/activate"), expect.anything());
    await userEvent.click(accept);
    await waitFor(() => expect(props.close).toHaveBeenCalled());
    expect(api.apiRequest).toHaveBeenCalledWith(`/api/game/player-bonuses/${bonus.id}/activate`, expect.objectContaining({ method: "PUT" }));
  });

  it("says why when another bonus of the currency is already active", async () => {
    const bonus = playerBonus({ status: 1, result: 1 });
    rememberBonusTarget({ kind: "bonus", id: bonus.id });
    answer((path, { method }) => {
      if (method === "PUT") throw new ApiRequestError({ status: 409, code: "CONFLICT", message: "active", reason: "bonusAlreadyActive" });
      return { data: path === "/api/game/player-bonuses" ? [bonus] : [] };
    });
    renderWithApp(<ConfirmBonusModal {...modalProps("confirm-bonus")} />, { path: "/bonuses?confirm-bonus=true" });
    await userEvent.click(await screen.findByRole("button", { name: "Accept and activate" }));
    expect(await screen.findByText("Another bonus in this currency is already active. Finish or cancel it first.")).toBeInTheDocument();
  });
});
