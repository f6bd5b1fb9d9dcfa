// React Router's <Scripts> preloads every module of the page (about 190 KB of JavaScript) from
// <head> and starts them from an inline module script, so on a slow connection they share the
// bandwidth with the stylesheet and the hero image and the first paint waits for all of them
// (Lighthouse's mobile LCP was 2.3 s, of which about 1.2 s was JavaScript). The server HTML is
// complete and readable without JavaScript, so here the same modules start once the page's
// largest paint is on screen: the paint gets the connection to itself, hydration starts about one
// round trip later. Client navigation, lazy route discovery and prefetching are unchanged: they
// all run after hydration, as before.
import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

/**
 * How long to wait for the paint at most: past this, the modules start as they used to. Bounds
 * what a slow or busy device can lose in time to hydration; a normal first paint comes well
 * within it (0.2-0.5 s after this script runs in Lighthouse's and the browser tests' loads).
 */
export const PAINT_WAIT_LIMIT_MS = 1_500;
/** After the hero image has loaded, how long to wait for its paint to be reported. */
export const HERO_PAINT_GRACE_MS = 500;

/** Inline JavaScript (a string literal), safe inside <script>: no "</script>", no line separators. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * The classic inline script that starts the page's modules (React Router's module script, given as
 * text, and the modules it imports, preloaded together so they come in one round trip) once the
 * page's largest paint is on screen: an LCP entry for the hero image (the page's one
 * `img[fetchpriority=high]`), or the first LCP entry on a page without one. "On screen" must be the
 * reported paint, not the next animation frame: a slow device draws well after the frame was
 * produced. Self-contained: it cannot import anything.
 *
 * The module script it adds is inline, so it carries this script's own nonce: the page's
 * Content-Security-Policy lets an inline script run only with it (content-security-policy.server.ts).
 *
 * It does not wait when the page is hidden (nothing is painted then), when the browser cannot
 * report LCP (next frame instead), when the hero fails, nor past PAINT_WAIT_LIMIT_MS; the hero
 * may never be reported if something larger was painted first, hence the grace after it loaded.
 */
export function startAfterPaintScript(moduleCode: string, preloads: readonly string[]): string {
  return `(function(code,preloads){var d=document,started=false,nonce=d.currentScript&&d.currentScript.nonce;function start(){if(started)return;started=true;preloads.forEach(function(href){var l=d.createElement("link");l.rel="modulepreload";l.href=href;if(nonce)l.nonce=nonce;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";if(nonce)s.nonce=nonce;s.textContent=code;d.body.appendChild(s)}if(d.visibilityState==="hidden")return start();d.addEventListener("visibilitychange",start);setTimeout(start,${PAINT_WAIT_LIMIT_MS});var types=typeof PerformanceObserver==="function"&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf("largest-contentful-paint")<0)return requestAnimationFrame(function(){setTimeout(start)});var hero=d.querySelector("img[fetchpriority=high]");new PerformanceObserver(function(list,observer){if(list.getEntries().some(function(entry){return !hero||entry.element===hero})){observer.disconnect();start()}}).observe({type:"largest-contentful-paint",buffered:true});if(hero){var grace=function(){setTimeout(start,${HERO_PAINT_GRACE_MS})};if(hero.complete)grace();else{hero.addEventListener("load",grace);hero.addEventListener("error",start)}}})(${scriptLiteral(moduleCode)},${scriptLiteral(preloads)})`;
}

type ElementProps = { rel?: unknown; href?: unknown; type?: unknown; dangerouslySetInnerHTML?: { __html?: unknown }; children?: ReactNode };

/**
 * What <Scripts> renders, with its module preloads taken out and its module script replaced by
 * startAfterPaintScript() (same element position, so hydration matches it as before; React Router
 * already marks it suppressHydrationWarning because its text differs between server and browser).
 */
export function deferModuleStart(rendered: ReactNode): ReactNode {
  const preloads: string[] = [];
  const visit = (node: ReactNode): ReactNode => {
    if (!isValidElement<ElementProps>(node)) return node;
    const { props } = node;
    if (node.type === Fragment) return <Fragment key={node.key}>{Children.map(props.children, visit)}</Fragment>;
    if (node.type === "link" && props.rel === "modulepreload" && typeof props.href === "string") {
      preloads.push(props.href);
      return null;
    }
    if (node.type === "script" && props.type === "module") {
      const code = typeof props.dangerouslySetInnerHTML?.__html === "string" ? props.dangerouslySetInnerHTML.__html : "";
      return cloneElement(node as ReactElement<Record<string, unknown>>, {
        type: undefined,
        async: undefined,
        // The preload list is complete here: <Scripts> renders its links before its scripts.
        dangerouslySetInnerHTML: { __html: startAfterPaintScript(code, [...preloads]) },
      });
    }
    return node;
  };
  return visit(rendered);
}

/** React Router's <Scripts>, started after the largest paint (see the top of this file). */
export function ScriptsAfterPaint(props: ScriptsProps) {
  // Called as a function, not rendered, to rewrite its output; it is one component's hooks either way.
  return deferModuleStart(Scripts(props));
}
