// First: configures zod before any schema parses (see the module).
import "#app/lib/zod-browser-config.ts";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadLanguage } from "#app/lib/i18n.ts";
import { requestedLanguage } from "#app/lib/locale.ts";

/**
 * The server rendered the page in the language of its address. The browser bundle holds only
 * English, so that language's catalogues are fetched first: hydrating with English text would not
 * match the server's HTML and would flash English before the right text.
 */
async function hydrate() {
  try {
    await loadLanguage(requestedLanguage(window.location.pathname));
  } catch (error) {
    // Still hydrate: the page works, with English text where the catalogue is missing.
    console.warn("Language catalogue could not be loaded before hydration", error);
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
