// @vitest-environment happy-dom
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs } from "./tabs.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Example() {
  const [value, setValue] = useState<"deposit" | "withdraw" | "history">("deposit");
  return (
    <Tabs
      label="Wallet"
      value={value}
      onChange={setValue}
      items={[
        { value: "deposit", label: "Deposit", panel: <p>Deposit panel</p> },
        { value: "withdraw", label: "Withdraw", panel: <p>Withdraw panel</p> },
        { value: "history", label: "History", panel: <p>History panel</p> },
      ]}
    />
  );
}

const container = document.createElement("div");
document.body.append(container);
let root: ReturnType<typeof createRoot> | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

function render() {
  root = createRoot(container);
  act(() => root?.render(<Example />));
}

const tabs = () => [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const press = (key: string) =>
  act(() => {
    container.querySelector('[role="tablist"]')?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  });

describe("Tabs", () => {
  it("shows the selected tab's panel, labelled by its tab", () => {
    render();
    expect(tabs().map((tab) => tab.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
    const panel = container.querySelector('[role="tabpanel"]');
    expect(panel?.textContent).toBe("Deposit panel");
    expect(panel?.getAttribute("aria-labelledby")).toBe(tabs()[0]?.id);
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it("moves with the arrow keys, Home and End, and on click", () => {
    render();
    press("ArrowRight");
    expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("Withdraw panel");
    expect(document.activeElement).toBe(tabs()[1]);
    press("ArrowLeft");
    press("ArrowLeft");
    expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("History panel");
    press("Home");
    expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("Deposit panel");
    press("End");
    expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("History panel");
    act(() => tabs()[1]?.click());
    expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("Withdraw panel");
  });
});
