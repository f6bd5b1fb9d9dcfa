import { createHash } from "node:crypto";

// The Content-Security-Policy of the HTML the server writes itself (the development mailbox, the
// sandbox provider's payment pages, any other HTML answer). The React site's pages have their own,
// with a nonce per answer (apps/web/app/lib/content-security-policy.server.ts); the API
// documentation has one fitted to Swagger UI (plugins/openapi.ts).

function sha256Source(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

/**
 * Nothing may load or run but the page's own constant <style> elements, allowed by their hash; its
 * forms post to this site only, and only this site may frame it (as helmet's X-Frame-Options says).
 * A page with a script of its own (the sandbox aggregator's game) names the answer's nonce: only
 * that script runs, and it may call this site only.
 */
export function serverPagePolicy(options: { inlineStyles?: readonly string[]; scriptNonce?: string } = {}): string {
  const styles = (options.inlineStyles ?? []).map(sha256Source);
  return [
    "default-src 'none'",
    `style-src ${styles.length > 0 ? styles.join(" ") : "'none'"}`,
    ...(options.scriptNonce ? [`script-src 'nonce-${options.scriptNonce}'`, "connect-src 'self'"] : []),
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}
