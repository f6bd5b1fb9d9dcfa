// @vitest-environment happy-dom
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import type { Game } from "@playfair/contracts/game/catalogue";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import WalletHeaderBalance from "../wallet-header-balance.tsx";
import { bonusPage, BonusHistory } from "./bonus-history.tsx";
import { rememberBonusMaxBet } from "./bonus-max-bet.ts";
import GameBonusLine, { launchFreespinOf, maxBetRefusalOf } from "./game-bonus-line.tsx";
import { EUR, publish, renderAsPlayer, requestsTo } from "./bonus-test-kit.tsx";
import WalletBonusInfoModal from "./wallet-bonus-info-modal.tsx";
import { playerBonus } from "#app/features/bonus-data/player-bonus-fixture.ts";
import { RoundErrorNotice } from "#app/features/originals/kit/round-error-notice.tsx";
import { roundErrorOf } from "#app/features/originals/kit/round-errors.ts";
import { ApiRequestError } from "#app/lib/api-client.ts";
import { i18nFor } from "#app/lib/i18n.ts";

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));

function account(cash: string, bonus: string): WalletAccount {
  const balance = (Number(cash) + Number(bonus)).toFixed(2);
  return { id: "acc-eur", currency: "EUR", balance, cash, bonus, pendingWithdrawal: "0", status: 1, isSelected: true, isHidden: false, equivalent: null };
}

let bonusSeq = 0;
/** The shared bonus view with an id of its own, so a list can hold several. */
function bonus(overrides: Partial<PlayerBonus> = {}): PlayerBonus {
  bonusSeq += 1;
  return playerBonus({ id: `00000000-0000-4000-8000-${String(bonusSeq).padStart(12, "0")}`, ...overrides });
}

let accounts: WalletAccount[] = [];
let bonuses: PlayerBonus[] = [];

beforeEach(() => {
  accounts = [account("40.00", "80.00")];
  bonuses = [bonus()];
  api.apiRequest.mockReset().mockImplementation((path: string) => {
    if (path === "/api/settings/currencies") return Promise.resolve({ data: [EUR] });
    if (path === "/api/wallet/accounts") return Promise.resolve({ data: accounts });
    if (path === "/api/game/player-bonuses") return Promise.resolve({ data: bonuses });
    return Promise.reject(new Error(`unexpected ${path}`));
  });
});
afterEach(() => {
  cleanup();
  rememberBonusMaxBet(null);
});

const renderWith = (element: ReactNode) => renderAsPlayer(element, "/game/playfair-dice");

describe("the header balance", () => {
  it("shows cash and bonus side by side while the account holds bonus money, the bonus opening its wagering", async () => {
    const router = renderWith(<WalletHeaderBalance />);
    const cash = await screen.findByRole("link", { name: "Cash €40.00, open the wallet" });
    expect(cash).toHaveTextContent("€40.00");
    const bonusLink = screen.getByRole("link", { name: "Bonus €80.00, see its wagering" });
    expect(bonusLink).toHaveTextContent("€80.00");
    act(() => bonusLink.click());
    await waitFor(() => expect(router.state.location.search).toContain("wallet-bonus-info"));
  });

  it("shows the one balance when there is no bonus money", async () => {
    accounts = [account("40.00", "0")];
    renderWith(<WalletHeaderBalance />);
    expect(await screen.findByRole("link", { name: "Balance €40.00, open the wallet" })).toBeInTheDocument();
    expect(document.querySelector("[data-header-bonus]")).toBeNull();
  });
});

describe("the wallet bonus info", () => {
  it("separates what can be played from what can be withdrawn, and shows the active bonus's wagering, max bet and expiry", async () => {
    renderWith(<WalletBonusInfoModal id="wallet-bonus-info" value="true" title="Bonus balance" close={() => undefined} />);
    const split = await screen.findByText("Playable");
    await waitFor(() => expect(split.closest("div")).toHaveTextContent("€120.00"));
    expect(screen.getByText("Withdrawable").closest("div")).toHaveTextContent("€40.00");
    expect(screen.getByRole("progressbar", { name: "Wagering" })).toHaveAttribute("aria-valuetext", "€120.00 of €500.00");
    expect(document.querySelector('[data-bonus-fact="max-bet"]')).toHaveTextContent("€5.00");
    expect(document.querySelector('[data-bonus-fact="games"]')).toHaveTextContent("All games");
    expect(screen.getByRole("link", { name: "My bonuses" })).toHaveAttribute("href", "/bonuses");
  });

  it("says so when no bonus is active in the selected currency", async () => {
    bonuses = [bonus({ currency: "USD" })];
    renderWith(<WalletBonusInfoModal id="wallet-bonus-info" value="true" title="Bonus balance" close={() => undefined} />);
    expect(await screen.findByText("You have no active bonus in EUR.")).toBeInTheDocument();
  });
});

const GAME = { identity: "playfair-dice", provider: { identity: "playfair", name: "Playfair" } } as Game;
const LAUNCH: GameLaunch = { kind: "original", url: null, sessionId: "s-1", demo: false, currency: "EUR" };

describe("the game page's bonus line", () => {
  it("shows the wagering progress and the max bet while a bonus is active in the playing currency", async () => {
    renderWith(<GameBonusLine game={GAME} launch={LAUNCH} />);
    expect(await screen.findByText("Max bet €5.00")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "24");
    expect(document.querySelector("[data-game-not-counting]")).toBeNull();
  });

  it("says when stakes on this game do not count toward the bonus", async () => {
    bonuses = [bonus({ wagerCasinoConditions: { gameIds: ["playfair-slot"] } })];
    renderWith(<GameBonusLine game={GAME} launch={LAUNCH} />);
    expect(await screen.findByText("Bets on this game do not count toward your bonus.")).toBeInTheDocument();
  });

  it("names the max bet when a stake is refused for it (game.bet.max.exceed)", async () => {
    renderWith(<GameBonusLine game={GAME} launch={LAUNCH} />);
    await screen.findByText("Max bet €5.00");
    publish("game:bets#player-1", { event: "game.bet.max.exceed", playerBonus: { id: bonuses[0]!.id, currency: "EUR", maxBetAmount: "5.00" }, gameCode: "playfair-dice", amount: "8.00" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your bet of €8.00 was refused: while your bonus is active, each bet can be at most €5.00.");
  });

  it("shows nothing in demo play and asks for no bonus", async () => {
    renderWith(<GameBonusLine game={GAME} launch={{ ...LAUNCH, demo: true }} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector("[data-game-bonus]")).toBeNull();
    expect(requestsTo(api.apiRequest, "/api/game/player-bonuses")).toEqual([]);
  });

  it("offers the launch answer's free spins for this game, and ignores a launch without them", async () => {
    expect(launchFreespinOf(LAUNCH)).toBeNull();
    const withSpins: GameLaunch = { ...LAUNCH, freespin: { id: "5b0c6f5e-8a51-4c39-9d1e-0f0d8a3c2b11", remaining: 10, spinValue: "0.20" } };
    expect(launchFreespinOf(withSpins)).toEqual(withSpins.freespin);
    bonuses = [];
    renderWith(<GameBonusLine game={GAME} launch={withSpins} />);
    expect(await screen.findByText("10 free spins are ready on this game.")).toBeInTheDocument();
  });

  it("reads only well-formed max-bet events", () => {
    expect(maxBetRefusalOf({ event: "bet.placebet" })).toBeNull();
    expect(maxBetRefusalOf({ event: "game.bet.max.exceed", playerBonus: { currency: "EUR" }, amount: "8" })).toBeNull();
    expect(maxBetRefusalOf({ event: "game.bet.max.exceed", playerBonus: { id: "b", currency: "EUR", maxBetAmount: "5" }, amount: "8" })).toEqual({ maxBet: "5", currency: "EUR", amount: "8" });
  });
});

describe("an original's stake refused for the bonus max bet", () => {
  const refused = new ApiRequestError({ status: 422, code: "VALIDATION_FAILED", message: "Bets are capped at 5.00 EUR while the bonus is active.", reason: "bonusMaxBetExceeded" });

  it("names the active bonus's max bet", () => {
    const error = roundErrorOf(refused);
    expect(error).toEqual({ kind: "bonusMaxBet", message: refused.message });
    rememberBonusMaxBet("€5.00");
    render(
      <I18nextProvider i18n={i18nFor("en")}>
        <RoundErrorNotice rounds={{ error, demo: false, dismissError: () => undefined }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("This bet is over your active bonus's max bet of €5.00. Lower the stake.");
  });

  it("falls back to the server's words when the page knows no max bet", () => {
    render(
      <I18nextProvider i18n={i18nFor("en")}>
        <RoundErrorNotice rounds={{ error: roundErrorOf(refused), demo: false, dismissError: () => undefined }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(refused.message);
  });
});

describe("the bonuses history tab", () => {
  it("lists every bonus newest first with what became of it, and pages them", async () => {
    bonuses = [
      bonus({ title: "Old played", status: 3, result: 2, convertedAmount: "60.00", issuedAt: "2026-01-01T10:00:00Z", finishedAt: "2026-01-10T10:00:00Z" }),
      bonus({ title: "Newest active", issuedAt: "2026-03-01T10:00:00Z" }),
      bonus({ title: "Expired one", status: 3, result: 5, issuedAt: "2026-02-01T10:00:00Z", finishedAt: "2026-02-08T10:00:00Z" }),
    ];
    renderWith(<BonusHistory page={1} onPage={() => undefined} />);
    await screen.findByText("Newest active");
    expect(await screen.findByText("€60.00 became cash")).toBeInTheDocument();
    const rows = [...document.querySelectorAll("[data-bonus-row]")].map((row) => row.getAttribute("data-bonus-outcome"));
    expect(rows).toEqual(["active", "expired", "played"]);
    expect(screen.getByText("Forfeited: the bonus money was removed")).toBeInTheDocument();
    expect(requestsTo(api.apiRequest, "/api/game/player-bonuses")[0]?.query).toEqual({ status: "1,2,3" });
  });

  it("cuts pages of ten and keeps a page past the end on the last one", () => {
    const many = Array.from({ length: 23 }, (_, index) => bonus({ issuedAt: `2026-01-${String(index + 1).padStart(2, "0")}T00:00:00Z` }));
    expect(bonusPage(many, 1).data).toHaveLength(10);
    expect(bonusPage(many, 1).data[0]?.issuedAt).toBe("2026-01-23T00:00:00Z");
    expect(bonusPage(many, 9).meta).toEqual({ page: 3, totalPages: 3 });
    expect(bonusPage(many, 3).data).toHaveLength(3);
  });
});
