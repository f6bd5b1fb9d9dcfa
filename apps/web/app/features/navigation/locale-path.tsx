// The shell compares unprefixed paths ("/games") to highlight the current section, whatever the
// page's language prefix ("/de/games").
import { useLocation } from "react-router";
import { useEnabledLanguages } from "#app/lib/locale-hooks.ts";
import { splitLocalePrefix } from "#app/lib/locale.ts";

/** The current pathname without its locale prefix. */
export function useUnprefixedPathname(): string {
  const { pathname } = useLocation();
  return splitLocalePrefix(pathname, useEnabledLanguages()).unprefixed;
}
