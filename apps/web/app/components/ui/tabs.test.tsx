// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs } from "./tabs.tsx";

afterEach(cleanup);

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

describe("Tabs", () => {
  it("shows the selected tab's panel, labelled by its tab", () => {
    render(<Example />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
    expect(screen.getByRole("tablist", { name: "Wallet" })).toBeInTheDocument();
    expect(screen.getByRole("tabpanel", { name: "Deposit" })).toHaveTextContent("Deposit panel");
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it("moves with the arrow keys, Home and End, and on click", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("tab", { name: "Deposit" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Withdraw panel");
    expect(screen.getByRole("tab", { name: "Withdraw" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("History panel");
    await user.keyboard("{Home}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Deposit panel");
    await user.keyboard("{End}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("History panel");
    await user.click(screen.getByRole("tab", { name: "Withdraw" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Withdraw panel");
    expect(screen.getByRole("tab", { name: "Withdraw" })).toHaveAttribute("aria-selected", "true");
  });
});
