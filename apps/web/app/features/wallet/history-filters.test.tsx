// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { FilterPanel, SelectFilter, type FilterControlsProps } from "./history-filters.tsx";

type Filters = { kind: string; state: string };
const NONE: Filters = { kind: "", state: "" };

function Controls({ filters, onChange, idPrefix }: FilterControlsProps<Filters>) {
  return (
    <>
      <SelectFilter id={`${idPrefix}-kind`} label="Kind" value={filters.kind} onChange={(kind) => onChange({ ...filters, kind })} data={["data-test-filter", "kind"]}>
        <option value="a">A</option>
        <option value="b">B</option>
      </SelectFilter>
      <SelectFilter id={`${idPrefix}-state`} label="State" value={filters.state} onChange={(state) => onChange({ ...filters, state })} data={["data-test-filter", "state"]}>
        <option value="on">On</option>
      </SelectFilter>
    </>
  );
}

function Tab({ mobile, onChange }: { mobile: boolean; onChange: (filters: Filters) => void }) {
  const [filters, setFilters] = useState(NONE);
  return (
    <I18nextProvider i18n={i18nFor("en")}>
      <FilterPanel
        filters={filters}
        none={NONE}
        mobile={mobile}
        onChange={(next) => {
          onChange(next);
          setFilters(next);
        }}
        controls={Controls}
        desktopGrid="lg:grid-cols-3"
      />
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe("the history filter panel", () => {
  it("on desktop applies each change at once, and Reset clears them all", () => {
    const onChange = vi.fn();
    render(<Tab mobile={false} onChange={onChange} />);
    const reset = screen.getByRole("button", { name: "Reset" });
    expect(reset).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "b" } });
    expect(onChange).toHaveBeenLastCalledWith({ kind: "b", state: "" });
    expect(screen.getByLabelText("Kind")).toHaveAttribute("data-test-filter", "kind");
    fireEvent.click(reset);
    expect(onChange).toHaveBeenLastCalledWith(NONE);
  });

  it("on a phone keeps changes in the panel until Apply, then shows how many filters are set", () => {
    const onChange = vi.fn();
    render(<Tab mobile onChange={onChange} />);
    expect(screen.queryByLabelText("Kind")).toBeNull();
    const toggle = screen.getByRole("button", { name: "Filters" });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "a" } });
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "on" } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: "a", state: "on" });
    expect(screen.queryByLabelText("Kind")).toBeNull();
    expect(screen.getByRole("button", { name: /Filters/ })).toHaveTextContent("2");

    fireEvent.click(screen.getByRole("button", { name: /Filters/ }));
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(onChange).toHaveBeenLastCalledWith(NONE);
  });
});
