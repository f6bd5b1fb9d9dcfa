// The Content-Security-Policy of every server-rendered page (security promise S6: helmet's
// headers, of which this is the one that cannot be constant). The API answers JSON and gets
// helmet's constant headers from the server instead (apps/server/src/plugins/security-headers.ts).
import { createHash, randomBytes } from "node:crypto";
import { CSP_REPORTS_PATH, type SiteIntegrations } from "@playfair/contracts/web-services";
import { DRAWER_COMPACT_INIT_SCRIPT } from "#app/lib/drawer-compact.ts";
import { PRELOADER_CSS, PRELOADER_NOSCRIPT_CSS } from "#app/lib/preloader-styles.ts";
import { THEME_INIT_SCRIPT } from "#app/lib/theme.ts";

/**
 * Where the site may be framed: itself, and Telegram's web client, which opens a Mini App in an
 * iframe (the phone apps use a web view, which is not framing).
 */
const FRAME_ANCESTORS = ["'self'", "https://web.telegram.org"] as const;

/** reCAPTCHA's script, its challenge frames and its calls (only when the operator configured it). */
const RECAPTCHA_ORIGINS = ["https://www.google.com", "https://www.gstatic.com", "https://www.recaptcha.net"] as const;

const NONCE_BYTES = 16;
/** Nonces drawn per call to the system's random generator: one call per page cost more than the nonce. */
const NONCES_PER_DRAW = 256;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

/**
 * A fresh, unguessable nonce for one response's inline scripts (128 bits, as CSP advises). The
 * bytes come from the cryptographic generator in batches, each nonce from its own bytes, none reused.
 */
export function createCspNonce(): string {
  if (randomPoolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    randomPoolOffset = 0;
  }
  const nonce = randomPool.toString("base64", randomPoolOffset, randomPoolOffset + NONCE_BYTES);
  randomPoolOffset += NONCE_BYTES;
  return nonce;
}

function sha256Source(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

/**
 * Our own constant inline scripts, which run before any module and set up the first paint (the
 * theme, the drawer's width). They are allowed by their hash, so the components that render them
 * need no nonce and hydrate the same on the server and in the browser.
 */
const CONSTANT_INLINE_SCRIPT_HASHES = [THEME_INIT_SCRIPT, DRAWER_COMPACT_INIT_SCRIPT].map(sha256Source);

/**
 * The only <style> elements in our HTML: the preloader's, constant, allowed by their hash. Every
 * other stylesheet is a file of the build (the captcha widget's too: it loads without injecting one).
 */
const CONSTANT_INLINE_STYLE_HASHES = [PRELOADER_CSS, PRELOADER_NOSCRIPT_CSS].map(sha256Source);

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The policy for one page. With no integration configured (the default) the page may load
 * scripts only from its own origin or with this response's nonce, and talk only to its own origin
 * (the API and the websocket). A configured third-party script (tag manager, metrics, session
 * recording, chat) loads others' scripts and calls hosts nobody can list in advance, so with one
 * configured scripts and connections may use any https (or wss) origin; inline scripts still need
 * the nonce. Style elements are the build's files and our constant ones (by hash); style
 * attributes stay allowed ('unsafe-inline' in style-src-attr only): React writes the components'
 * style props into the server HTML as attributes, which no nonce or hash can cover
 * (docs/decisions/011-style-attributes-in-the-page-policy.md).
 */
export function contentSecurityPolicy(options: { nonce: string; integrations: SiteIntegrations }): string {
  const { nonce, integrations } = options;
  const hasThirdPartyScripts = Boolean(
    integrations.tagManagerId || integrations.metricsId || integrations.sessionRecordingUrl || (integrations.chatHost && integrations.chatToken),
  );
  const recaptcha = integrations.captchaSiteKey ? RECAPTCHA_ORIGINS : [];
  const pixelOrigin = originOf(integrations.pixelUrl);
  const thirdPartyNetwork = hasThirdPartyScripts ? ["https:", "wss:"] : [];

  const directives: [string, readonly string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${nonce}'`, ...CONSTANT_INLINE_SCRIPT_HASHES, ...recaptcha, ...(hasThirdPartyScripts ? ["https:"] : [])]],
    // style-src is what browsers without the -elem/-attr split (before 2022) use: strict there.
    ["style-src", ["'self'", ...CONSTANT_INLINE_STYLE_HASHES, ...(hasThirdPartyScripts ? ["https:"] : [])]],
    ["style-src-elem", ["'self'", ...CONSTANT_INLINE_STYLE_HASHES, ...(hasThirdPartyScripts ? ["https:"] : [])]],
    ["style-src-attr", ["'unsafe-inline'"]],
    // Operator content and social avatars may show images from anywhere; the pixel is an image.
    ["img-src", ["'self'", "data:", "blob:", "https:", ...(pixelOrigin ? [pixelOrigin] : [])]],
    ["font-src", ["'self'", "data:", ...(hasThirdPartyScripts ? ["https:"] : [])]],
    // 'self' covers the realtime websocket on the page's own host (CSP level 3).
    ["connect-src", ["'self'", ...recaptcha, ...thirdPartyNetwork]],
    // The self-hosted captcha solves its proof of work in workers made from blob: URLs.
    ["worker-src", ["'self'", "blob:"]],
    ["frame-src", ["'self'", ...recaptcha, ...(hasThirdPartyScripts ? ["https:"] : [])]],
    ["manifest-src", ["'self'"]],
    ["media-src", ["'self'", "data:", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", FRAME_ANCESTORS],
    // Operators hear of what the policy blocks (apps/server/src/modules/security). Not report-to:
    // with it Chromium ignores report-uri and batches reports through the Reporting API, which in
    // our tests (Chromium 156, loopback http) delivered nothing within 70 s; report-uri arrives at once.
    ["report-uri", [CSP_REPORTS_PATH]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`).join("; ");
}
