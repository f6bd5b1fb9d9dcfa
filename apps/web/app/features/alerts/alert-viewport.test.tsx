// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { showAlert } from "./alert-store.ts";
import { AlertViewport } from "./alert-viewport.tsx";
import { i18nFor } from "#app/lib/i18n.ts";

// One fake clock for the whole file: the page's alert store remembers when its last alert
// appeared, so its clock must not jump back between tests.
beforeAll(() => {
  vi.useFakeTimers();
});

afterAll(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  render(
    <I18nextProvider i18n={i18nFor("en")}>
      <AlertViewport />
    </I18nextProvider>,
  );
});

afterEach(() => {
  // Let whatever is still showing expire, so the page's store is empty for the next test.
  act(() => vi.advanceTimersByTime(60_000));
  cleanup();
  document.body.innerHTML = "";
});

const region = () => screen.getByRole("status");
/** The cards load with the first alert (their own chunk): lets that import finish and render. */
async function cardsLoaded() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}
const cards = () => [...document.querySelectorAll<HTMLElement>("[data-alert-kind]")];

describe("AlertViewport", () => {
  it("keeps an empty polite live region ready outside the app's element", () => {
    expect(region()).toHaveAttribute("aria-live", "polite");
    expect(region()).toBeEmptyDOMElement();
    expect(region().closest('[data-overlay-root="alerts"]')).not.toBeNull();
    expect(screen.getByRole("region", { name: "Notifications" })).toContainElement(region());
    expect(cards()).toHaveLength(0);
  });

  it("announces each alert with its kind, title and description, and removes it when its time is up", async () => {
    act(() => {
      showAlert({ kind: "error", title: "Deposit failed", description: "The card was declined." });
    });
    await cardsLoaded();
    const [card] = cards();
    expect(card).toHaveAttribute("data-alert-kind", "error");
    expect(region()).toHaveTextContent("Error: Deposit failed");
    expect(region()).toHaveTextContent("The card was declined.");
    act(() => vi.advanceTimersByTime(5000));
    expect(cards()).toHaveLength(0);
  });

  it("styles success, attention and error alerts differently", async () => {
    act(() => {
      showAlert({ kind: "success", title: "Saved" });
      showAlert({ kind: "attention", title: "Check your limits" });
      showAlert({ kind: "error", title: "Try again" });
    });
    act(() => vi.advanceTimersByTime(800));
    await cardsLoaded();
    const tiles = cards().map((card) => card.querySelector("span")?.className ?? "");
    expect(tiles[0]).toContain("text-success");
    expect(tiles[1]).toContain("text-attention");
    expect(tiles[2]).toContain("text-error");
  });

  it("dismisses an alert with its button", async () => {
    act(() => {
      showAlert({ kind: "success", title: "Copied" });
    });
    await cardsLoaded();
    const [card] = cards();
    if (!card) throw new Error("the alert is not shown");
    fireEvent.click(within(card).getByRole("button", { name: "Dismiss notification" }));
    expect(cards()).toHaveLength(0);
  });
});
