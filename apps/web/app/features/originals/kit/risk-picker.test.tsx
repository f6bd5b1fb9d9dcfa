// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { tableMultiplier } from "./format.ts";
import { RiskPicker } from "./risk-picker.tsx";

afterEach(cleanup);

describe("the risk picker", () => {
  it("offers the game's risks by their shared names, and arrow keys choose the next one", () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18nFor("en")}>
        <RiskPicker label="Risk" name="test-risk" risks={["low", "medium", "high"] as const} value="medium" onChange={onChange} disabled={false} />
      </I18nextProvider>,
    );
    const group = screen.getByRole("radiogroup", { name: "Risk" });
    expect(group).toHaveAttribute("data-choice-group", "test-risk");
    expect(screen.getAllByRole("radio").map((radio) => radio.textContent)).toEqual(["Low", "Medium", "High"]);
    expect(screen.getByRole("radio", { name: "Medium" })).toHaveAttribute("aria-checked", "true");
    fireEvent.keyDown(group, { key: "ArrowRight" });
    expect(onChange).toHaveBeenLastCalledWith("high");
  });

  it("writes a paytable's multiplier short", () => {
    expect(tableMultiplier(200)).toBe("2");
    expect(tableMultiplier(1550)).toBe("15.50");
    expect(tableMultiplier(50)).toBe("0.50");
    expect(tableMultiplier(0)).toBe("0");
  });
});
