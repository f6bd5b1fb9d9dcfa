// The preloader's own styles, which travel inside the server HTML as <style> elements. They are
// constants here so the page's Content-Security-Policy can allow exactly them by hash
// (content-security-policy.server.ts) instead of every inline style.

/** How long the preloader takes to fade out. */
export const PRELOADER_FADE_MS = 500;

// Two looks, one timing. On most addresses the page under it is complete server HTML, so the
// preloader is a thin bar along the top edge that covers nothing and lets every tap through. On the
// two sign-in flows (automatic sign-in with a state, the social return with code and state) the
// page is only a waiting screen, and the full-page cover stays until the flow ends.
//
// The styles travel with the element in the server HTML, so either shows from the first paint
// whatever CSS loads later. Both are position: fixed (no layout shift when they go), let pointer
// events through and have no text or image (never the page's largest contentful paint). Without
// JavaScript neither is shown (<noscript>), and if the scripts fail before they take it over it
// hides by itself after 8 s. Reduced motion: no spin, no slide, no fade.
export const PRELOADER_CSS = `
.site-preloader{position:fixed;z-index:5000;pointer-events:none;opacity:1;transition:opacity ${PRELOADER_FADE_MS}ms ease-out,visibility 0s linear ${PRELOADER_FADE_MS}ms}
.site-preloader:not([data-controlled]){animation:site-preloader-failsafe 0s linear 8s forwards}
.site-preloader[data-state=hiding]{opacity:0;visibility:hidden}
.site-preloader--bar{inset-inline:0;top:0;height:3px;overflow:hidden}
html[dir=rtl] .site-preloader--bar{transform:scaleX(-1)}
.site-preloader__bar{position:absolute;inset-block:0;left:0;width:40%;border-radius:0 9999px 9999px 0;background:var(--color-brand);animation:site-preloader-slide 1.2s ease-in-out infinite}
.site-preloader--cover{inset:0;display:grid;place-items:center;background:var(--color-canvas)}
.site-preloader__mark{position:relative;display:grid;place-items:center;width:5.5rem;height:5.5rem}
.site-preloader__ring{position:absolute;inset:0;border-radius:9999px;border:3px solid color-mix(in oklab,var(--color-brand) 18%,transparent);border-top-color:var(--color-brand);animation:site-preloader-spin .9s linear infinite}
@keyframes site-preloader-slide{from{transform:translateX(-100%)}to{transform:translateX(250%)}}
@keyframes site-preloader-spin{to{transform:rotate(360deg)}}
@keyframes site-preloader-failsafe{to{opacity:0;visibility:hidden}}
@media (prefers-reduced-motion:reduce){.site-preloader{transition:none}.site-preloader__ring{animation:none}.site-preloader__bar{animation:none;width:100%;opacity:.6}}
`;

/** Without JavaScript nothing would ever take the preloader away, so it is not shown at all. */
export const PRELOADER_NOSCRIPT_CSS = ".site-preloader{display:none}";
