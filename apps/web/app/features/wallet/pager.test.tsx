// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "#app/lib/i18n.ts";
import { Pager } from "./pager.tsx";

afterEach(cleanup);

/** The sessions list's pager, worded from the profile namespace as the page does. */
function SessionPages({ totalPages }: { totalPages: number }) {
  const { t } = useTranslation("profile");
  const [page, setPage] = useState(1);
  return <Pager page={page} totalPages={totalPages} onPage={setPage} text={(part, values) => t(`sessions.pagination.${part}`, values)} />;
}

describe("the pager of a paged list", () => {
  it("steps through the pages, names its landmark in the caller's words and stops at either end", () => {
    render(
      <I18nextProvider i18n={i18nFor("en")}>
        <SessionPages totalPages={2} />
      </I18nextProvider>,
    );
    const pager = screen.getByRole("navigation", { name: "Session pages" });
    expect(pager).toHaveTextContent("Page 1 of 2");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(pager).toHaveTextContent("Page 2 of 2");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(pager).toHaveTextContent("Page 1 of 2");
  });
});
