import type { SupportedLocaleCode } from "@playfair/contracts/constants";
import { useEffect, useState, type AnchorHTMLAttributes, type FocusEvent, type MouseEvent, type TouchEvent } from "react";
import { Link, NavLink, PrefetchPageLinks, useNavigate, type LinkProps, type NavLinkProps, type PrefetchBehavior, type To } from "react-router";
import { canPrefetch } from "#app/lib/network.ts";
import { localizePath } from "#app/lib/locale.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

/**
 * Links inside the site keep the visitor's locale prefix (spec 2.1): give them the unprefixed path
 * ("/wallet") and they point at "/de/wallet" on a German page. Query-only ("?wallet=deposit"),
 * hash-only and relative targets are left as they are: they already stay under the prefix.
 *
 * Most links of the site shell are plain site paths with no navigation options. Those render as
 * SitePathLink, which does what <Link> does for them (client-side navigation, route discovery,
 * prefetch on intent) without resolving the path against the route hierarchy on every render:
 * with some fifty such links per page that resolution was a notable share of a server render.
 */
export function LocalizedLink({ to, prefetch, reloadDocument, replace, state, preventScrollReset, relative, viewTransition, discover, target, ...anchorProps }: LinkProps) {
  const language = useLanguage();
  const localized = localizeTo(to, language);
  const behaviour = prefetch ?? defaultPrefetch();
  const hasNavigationOptions =
    reloadDocument !== undefined ||
    replace !== undefined ||
    state !== undefined ||
    preventScrollReset !== undefined ||
    relative !== undefined ||
    viewTransition !== undefined ||
    discover !== undefined ||
    (target !== undefined && target !== "_self");
  if (typeof localized === "string" && isSitePath(localized) && !hasNavigationOptions && (behaviour === "intent" || behaviour === "none")) {
    return <SitePathLink href={localized} prefetchOnIntent={behaviour === "intent"} target={target} {...anchorProps} />;
  }
  return (
    <Link
      to={localized}
      prefetch={behaviour}
      reloadDocument={reloadDocument}
      replace={replace}
      state={state}
      preventScrollReset={preventScrollReset}
      relative={relative}
      viewTransition={viewTransition}
      discover={discover}
      target={target}
      {...anchorProps}
    />
  );
}

/** NavLink with the locale prefix kept; "active" compares against the prefixed address. */
export function LocalizedNavLink({ to, prefetch, ...props }: NavLinkProps) {
  const language = useLanguage();
  return <NavLink to={localizeTo(to, language)} prefetch={prefetch ?? defaultPrefetch()} {...props} />;
}

/**
 * Route modules and data are fetched when the pointer rests on a link or it gets focus, so the
 * click usually finds them ready; not on slow connections or with data saver (spec 9). The server
 * renders the same markup either way: "intent" adds nothing until the pointer arrives.
 */
function defaultPrefetch(): PrefetchBehavior {
  return canPrefetch() ? "intent" : "none";
}

function localizeTo(to: To, language: SupportedLocaleCode): To {
  if (typeof to === "string") return localizePath(to, language);
  if (to.pathname === undefined) return to;
  return { ...to, pathname: localizePath(to.pathname, language) };
}

/** An absolute path of this site ("/de/wallet?tab=1"), not a protocol-relative or external address. */
function isSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

/** How long the pointer rests on a link (or focus stays) before its page is prefetched, as <Link> does. */
const PREFETCH_INTENT_DELAY_MS = 100;

type SitePathLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; prefetchOnIntent: boolean };

/**
 * A site path as a real link: a plain click navigates client-side (replacing the entry when it
 * points at the current address, like <Link>); modified clicks and other targets are left to the
 * browser. `data-discover` lets React Router's lazy route discovery find its route beforehand.
 */
function SitePathLink({ href, prefetchOnIntent, onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...anchorProps }: SitePathLinkProps) {
  const navigate = useNavigate();
  const [intent, setIntent] = useState(false);
  const [prefetching, setPrefetching] = useState(false);

  useEffect(() => {
    if (!intent) return;
    const timer = setTimeout(() => setPrefetching(true), PREFETCH_INTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [intent]);

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, anchorProps.target)) return;
    event.preventDefault();
    // Read at click time rather than subscribing to the location: every link would re-render on
    // every navigation only to know this. The browser's address is the router's.
    const { pathname, search, hash } = window.location;
    void navigate(href, { replace: `${pathname}${search}${hash}` === href });
  }

  const intentHandlers = prefetchOnIntent
    ? {
        onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => {
          onMouseEnter?.(event);
          if (!event.defaultPrevented) setIntent(true);
        },
        onMouseLeave: (event: MouseEvent<HTMLAnchorElement>) => {
          onMouseLeave?.(event);
          if (!event.defaultPrevented) setIntent(false);
        },
        onFocus: (event: FocusEvent<HTMLAnchorElement>) => {
          onFocus?.(event);
          if (!event.defaultPrevented) setIntent(true);
        },
        onBlur: (event: FocusEvent<HTMLAnchorElement>) => {
          onBlur?.(event);
          if (!event.defaultPrevented) setIntent(false);
        },
        onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => {
          onTouchStart?.(event);
          if (!event.defaultPrevented) setPrefetching(true);
        },
      }
    : { onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart };

  return (
    <>
      <a {...anchorProps} {...intentHandlers} href={href} data-discover="true" onClick={handleClick} />
      {prefetching ? <PrefetchPageLinks page={href} /> : null}
    </>
  );
}

/** A primary-button click without modifier keys into this tab: the ones a router takes over. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === "_self") && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}
