// How a modal is written into the address (spec 2.4), without the rules that decide whether it
// may open (modal-resolution.ts): the links in the header and the drawer need only this, so the
// rules stay off the first load.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { MODAL_PARAMS, MODALS, type ModalId } from "./modal-registry.ts";

/** A copy of the search parameters without the given ones (all modal parameters by default). */
export function withoutParams(search: URLSearchParams, params: readonly string[] = MODAL_PARAMS): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const param of params) next.delete(param);
  return next;
}

/** "?a=b" or "" for a set of search parameters. */
export function searchString(search: URLSearchParams): string {
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * The search string that opens a modal: the current parameters minus every other modal, plus this
 * one. With no current parameters it is just "?sign-in=true"; as a link target it keeps the path.
 */
export function modalSearch(id: ModalId, value?: string, currentSearch: string | URLSearchParams = ""): string {
  const definition = MODALS[id];
  const next = withoutParams(new URLSearchParams(currentSearch));
  next.set(definition.param, value ?? definition.values[0]);
  return searchString(next);
}

/** Whether the address names a modal at all (open or about to be cleaned away). */
export function namesModal(search: string): boolean {
  const params = new URLSearchParams(search);
  return MODAL_PARAMS.some((param) => params.has(param));
}

/**
 * True when two addresses differ only in modal parameters. Route modules can use it in
 * `shouldRevalidate` so opening or closing a modal does not reload the page's data.
 */
export function onlyModalParamsChanged(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const before = withoutParams(currentUrl.searchParams);
  const after = withoutParams(nextUrl.searchParams);
  before.sort();
  after.sort();
  return before.toString() === after.toString();
}

/**
 * A ready-made `shouldRevalidate` for route modules with loaders: opening or closing a modal does
 * not reload the page's data (form submissions still do).
 * Usage: `export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;`
 */
export function revalidateUnlessOnlyModalsChanged({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod" | "defaultShouldRevalidate">): boolean {
  if (formMethod === undefined && onlyModalParamsChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
