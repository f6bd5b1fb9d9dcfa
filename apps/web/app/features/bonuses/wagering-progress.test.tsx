// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CURRENCIES, renderWithApp } from "./bonus-test-kit.tsx";
import { WageringProgress } from "./wagering-progress.tsx";

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));

beforeEach(() => api.apiRequest.mockReset().mockResolvedValue(CURRENCIES));
afterEach(cleanup);

describe("the wagering bar", () => {
  it("is a progressbar whose value and text say how much has been wagered of what", async () => {
    renderWithApp(<WageringProgress wagered="12.40" required="100.00" currency="EUR" />);
    const bar = screen.getByRole("progressbar", { name: "Wagering progress" });
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveAttribute("aria-valuenow", "12.4");
    expect(await screen.findByText("€12.40 of €100.00 wagered")).toBeInTheDocument();
    expect(bar).toHaveAttribute("aria-valuetext", "€12.40 of €100.00 wagered");
    expect(screen.getByText("12%")).toBeInTheDocument();
  });

  it("is full only when the requirement is met", async () => {
    renderWithApp(<WageringProgress wagered="100.00" required="100.00" currency="EUR" />);
    expect(await screen.findByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  });
});
