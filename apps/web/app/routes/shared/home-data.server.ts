import type { RouterContextProvider } from "react-router";
import { sportCarouselsFor } from "#app/features/sport-home/sport-carousels.server.tsx";
import type { Language } from "#app/lib/i18n.ts";
import { webServices } from "#app/lib/web-services.ts";
import { renderHomeSections, type CurrencyChip } from "./home-sections.server.tsx";

/** Accepted currencies; a failed read shows a notice, not an error page. */
async function loadCurrencies(context: Readonly<RouterContextProvider>): Promise<CurrencyChip[] | null> {
  try {
    const visible = await webServices(context).settings.listCurrencies({ visible: true });
    return visible.filter((currency) => currency.isEnabled).map(({ code, type, symbol }) => ({ code, type, symbol }));
  } catch (error) {
    console.error("Home page: the currency list could not be loaded", error);
    return null;
  }
}

/**
 * The home page's data, read in-process from the domain services (for the home route and the
 * `/:locale` dispatcher): how many currencies are accepted (for the hero), the sport carousels'
 * HTML (null when there is no sport section) and the HTML of the pillars and the accepted
 * currencies. The landing page renders whatever of it fails.
 */
export async function loadHome({ context, language }: { context: Readonly<RouterContextProvider>; language: Language; request: Request }) {
  const [currencies, sportCarousels] = await Promise.all([loadCurrencies(context), sportCarouselsFor(webServices(context).sport, language)]);
  return { currencyCount: currencies?.length ?? 0, sportCarousels, sections: renderHomeSections(currencies, language) };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;
