// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { showAlert } from "./alert-store.ts";
import { AlertViewport } from "./alert-viewport.tsx";
import { i18nFor } from "#app/lib/i18n.ts";

// Tells React this is a test environment that wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

// One fake clock for the whole file: the page's alert store remembers when its last alert
// appeared, so its clock must not jump back between tests.
beforeAll(() => {
  vi.useFakeTimers();
});

afterAll(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <I18nextProvider i18n={i18nFor("en")}>
        <AlertViewport />
      </I18nextProvider>,
    );
  });
});

afterEach(async () => {
  // Let whatever is still showing expire, so the page's store is empty for the next test.
  await act(async () => vi.advanceTimersByTime(60_000));
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const region = () => document.querySelector('[role="status"][aria-live="polite"]');
const cards = () => [...document.querySelectorAll<HTMLElement>("[data-alert-kind]")];

describe("AlertViewport", () => {
  it("keeps an empty polite live region ready outside the app's element", () => {
    expect(region()).not.toBeNull();
    expect(region()?.closest('[data-overlay-root="alerts"]')).not.toBeNull();
    expect(region()?.closest("section")?.getAttribute("aria-label")).toBe("Notifications");
    expect(cards()).toHaveLength(0);
  });

  it("announces each alert with its kind, title and description, and removes it when its time is up", async () => {
    await act(async () => {
      showAlert({ kind: "error", title: "Deposit failed", description: "The card was declined." });
    });
    const [card] = cards();
    expect(card?.dataset.alertKind).toBe("error");
    expect(region()?.textContent).toContain("Error: Deposit failed");
    expect(region()?.textContent).toContain("The card was declined.");
    await act(async () => vi.advanceTimersByTime(5000));
    expect(cards()).toHaveLength(0);
  });

  it("styles success, attention and error alerts differently", async () => {
    await act(async () => {
      showAlert({ kind: "success", title: "Saved" });
      showAlert({ kind: "attention", title: "Check your limits" });
      showAlert({ kind: "error", title: "Try again" });
    });
    await act(async () => vi.advanceTimersByTime(800));
    const tiles = cards().map((card) => card.querySelector("span")?.className ?? "");
    expect(tiles[0]).toContain("text-success");
    expect(tiles[1]).toContain("text-attention");
    expect(tiles[2]).toContain("text-error");
  });

  it("dismisses an alert with its button", async () => {
    await act(async () => {
      showAlert({ kind: "success", title: "Copied" });
    });
    const dismiss = cards()[0]?.querySelector<HTMLButtonElement>('button[aria-label="Dismiss notification"]');
    await act(async () => dismiss?.click());
    expect(cards()).toHaveLength(0);
  });
});
