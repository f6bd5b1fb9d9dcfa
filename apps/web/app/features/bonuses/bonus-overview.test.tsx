// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BonusOverview } from "./bonus-overview.tsx";
import { CURRENCIES, renderWithApp } from "./bonus-test-kit.tsx";
import { playerBonus } from "#app/features/bonus-data/player-bonus-fixture.ts";

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));

const ACTIVE = playerBonus();
const FINISHED = playerBonus({ id: "0b5a5a8e-7d1c-4c1e-9a53-1f3c2a7b9d09", status: 3, result: 2, title: "Reload", convertedAmount: "31.40", finishedAt: "2026-11-29T10:00:00.000Z" });

beforeEach(() => {
  api.apiRequest.mockReset().mockImplementation(async (path: string, options: { query?: { status?: string } } = {}) => {
    if (path === "/api/settings/currencies") return CURRENCIES;
    if (path === "/api/game/player-bonuses") return { data: options.query?.status === "3" ? [FINISHED] : [ACTIVE] };
    return { data: [] };
  });
});
afterEach(cleanup);

const statusesAsked = (path: string) => api.apiRequest.mock.calls.filter(([called]) => called === path).map(([, options]) => (options as { query: { status: string } }).query.status);

describe("the bonus overview", () => {
  it("lists the active bonus with its live balance and wagering, and reads only statuses 1 and 2 at first", async () => {
    renderWithApp(<BonusOverview />);
    const card = await screen.findByRole("listitem", { name: "Welcome bonus" });
    expect(within(card).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "24");
    expect(await within(card).findByText("€42.10")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "About this bonus" })).toHaveAttribute("href", "/bonus/welcome-bonus");
    expect(statusesAsked("/api/game/player-bonuses")).toEqual(["1,2"]);
    expect(statusesAsked("/api/game/player-freespins")).toEqual(["1,2"]);
  });

  it("explains how a bonus arrives when nothing waits for activation", async () => {
    renderWithApp(<BonusOverview />);
    await screen.findByRole("listitem", { name: "Welcome bonus" });
    await userEvent.click(screen.getByRole("tab", { name: "Waiting" }));
    expect(screen.getByRole("heading", { name: "Nothing waiting for activation" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See the welcome package" })).toHaveAttribute("href", "/welcome-package");
  });

  it("reads the finished bonuses (status 3) when the history is opened, and says what became real money", async () => {
    renderWithApp(<BonusOverview />);
    await screen.findByRole("listitem", { name: "Welcome bonus" });
    await userEvent.click(screen.getByRole("tab", { name: "History" }));
    const card = await screen.findByRole("listitem", { name: "Reload" });
    expect(within(card).getByText("Completed")).toBeInTheDocument();
    expect(await within(card).findByText("€31.40")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Cancel bonus" })).toBeNull();
    expect(statusesAsked("/api/game/player-bonuses")).toEqual(["1,2", "3"]);
  });
});
