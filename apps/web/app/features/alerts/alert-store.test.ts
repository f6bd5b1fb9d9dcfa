import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAlertStore, type AlertStore } from "./alert-store.ts";

const titles = (store: AlertStore) => store.getVisible().map((alert) => alert.title);

describe("alert store", () => {
  let store: AlertStore;

  beforeEach(() => {
    vi.useFakeTimers();
    store = createAlertStore();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows an alert at once and hides it after 3000 ms", () => {
    store.show({ kind: "success", title: "Saved" });
    expect(titles(store)).toEqual(["Saved"]);
    vi.advanceTimersByTime(2999);
    expect(titles(store)).toEqual(["Saved"]);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual([]);
  });

  it("keeps an alert with a description for 5000 ms", () => {
    store.show({ kind: "error", title: "Deposit failed", description: "The card was declined." });
    vi.advanceTimersByTime(4999);
    expect(titles(store)).toEqual(["Deposit failed"]);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual([]);
  });

  it("lets at least 400 ms pass between two alerts appearing", () => {
    store.show({ kind: "success", title: "A" });
    store.show({ kind: "attention", title: "B" });
    store.show({ kind: "error", title: "C" });
    expect(titles(store)).toEqual(["A"]);
    vi.advanceTimersByTime(399);
    expect(titles(store)).toEqual(["A"]);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual(["A", "B"]);
    vi.advanceTimersByTime(400);
    expect(titles(store)).toEqual(["A", "B", "C"]);
  });

  it("counts each alert's time from when it appears, not from when it was queued", () => {
    store.show({ kind: "success", title: "A" });
    store.show({ kind: "success", title: "B" });
    vi.advanceTimersByTime(3000);
    expect(titles(store)).toEqual(["B"]);
    vi.advanceTimersByTime(399);
    expect(titles(store)).toEqual(["B"]);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual([]);
  });

  it("waits only for what is left of the interval", () => {
    store.show({ kind: "success", title: "A" });
    vi.advanceTimersByTime(250);
    store.show({ kind: "success", title: "B" });
    vi.advanceTimersByTime(149);
    expect(titles(store)).toEqual(["A"]);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual(["A", "B"]);
  });

  it("shows at once when the last alert appeared long enough ago", () => {
    store.show({ kind: "success", title: "A" });
    vi.advanceTimersByTime(400);
    store.show({ kind: "success", title: "B" });
    expect(titles(store)).toEqual(["A", "B"]);
  });

  it("suppresses an alert whose dedupe key is queued or showing, and allows it again later", () => {
    expect(store.show({ kind: "error", title: "Offline", dedupeKey: "network" })).not.toBeNull();
    expect(store.show({ kind: "success", title: "Other", dedupeKey: "other" })).not.toBeNull();
    // "network" is showing, "other" is queued: both keys are taken.
    expect(store.show({ kind: "error", title: "Still offline", dedupeKey: "network" })).toBeNull();
    expect(store.show({ kind: "success", title: "Other again", dedupeKey: "other" })).toBeNull();
    vi.advanceTimersByTime(3000);
    expect(titles(store)).toEqual(["Other"]);
    expect(store.show({ kind: "error", title: "Offline", dedupeKey: "network" })).not.toBeNull();
  });

  it("suppresses the same kind and title only when asked to", () => {
    store.show({ kind: "success", title: "Copied" });
    expect(store.show({ kind: "success", title: "Copied" })).not.toBeNull();
    expect(store.show({ kind: "success", title: "Copied", suppressDuplicates: true })).toBeNull();
    expect(store.show({ kind: "attention", title: "Copied", suppressDuplicates: true })).not.toBeNull();
    vi.advanceTimersByTime(800);
    expect(titles(store)).toEqual(["Copied", "Copied", "Copied"]);
  });

  it("dismisses a showing alert at once and a queued one before it appears", () => {
    const first = store.show({ kind: "success", title: "A" });
    const second = store.show({ kind: "success", title: "B" });
    store.show({ kind: "success", title: "C" });
    store.dismiss(first ?? 0);
    expect(titles(store)).toEqual([]);
    store.dismiss(second ?? 0);
    vi.advanceTimersByTime(400);
    expect(titles(store)).toEqual(["C"]);
  });

  it("tells subscribers when the visible alerts change", () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show({ kind: "success", title: "A" });
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ kind: "success", title: "B" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
