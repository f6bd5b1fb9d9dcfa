// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "#app/lib/i18n-catalogues.server.ts";
import englishPages from "#app/locales/en/pages.json";
import germanPages from "#app/locales/de/pages.json";
import { renderHomeSections, type CurrencyChip } from "./home-sections.server.tsx";

const CURRENCIES: CurrencyChip[] = [
  { code: "EUR", type: "fiat", symbol: "€" },
  { code: "USD", type: "fiat", symbol: "USD" },
  { code: "BTC", type: "crypto", symbol: "₿" },
];

/** Puts the sections' HTML in the page the way the home page does. */
function show(html: string) {
  document.body.innerHTML = html;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the home page's pillars and accepted currencies", () => {
  it("shows the five pillars and each accepted currency under its kind", () => {
    show(renderHomeSections(CURRENCIES, "en"));
    const text = englishPages.homeSections;

    const pillars = screen.getByRole("region", { name: text.pillars.title });
    expect(within(pillars).getAllByRole("listitem").map((item) => within(item).getByRole("heading").textContent)).toEqual([
      text.pillars.casino.title,
      text.pillars.sportsbook.title,
      text.pillars.wallet.title,
      text.pillars.bonuses.title,
      text.pillars.responsible.title,
    ]);

    const currencies = screen.getByRole("region", { name: text.currencies.title });
    const fiat = currencies.querySelector('[data-currency-group="fiat"]') as HTMLElement;
    const crypto = currencies.querySelector('[data-currency-group="crypto"]') as HTMLElement;
    expect(within(fiat).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["€EUR", "USD"]);
    expect(within(crypto).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["₿BTC"]);
    expect(within(currencies).getByRole("heading", { name: text.currencies.fiat })).toBeInTheDocument();
    expect(within(currencies).getByRole("heading", { name: text.currencies.crypto })).toBeInTheDocument();
  });

  it("says the list cannot be loaded when the currencies could not be read", () => {
    show(renderHomeSections(null, "en"));
    expect(screen.getByRole("status")).toHaveTextContent(englishPages.homeSections.currencies.unavailable);
    expect(document.querySelector("[data-currency-group]")).toBeNull();
  });

  it("is written in the page's language, each language's pillars apart from the others", () => {
    show(renderHomeSections(CURRENCIES, "de"));
    expect(screen.getByRole("region", { name: germanPages.homeSections.pillars.title })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: germanPages.homeSections.pillars.casino.title })).toBeInTheDocument();

    show(renderHomeSections(CURRENCIES, "en"));
    expect(screen.getByRole("region", { name: englishPages.homeSections.pillars.title })).toBeInTheDocument();
  });
});
