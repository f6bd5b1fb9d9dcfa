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
 */
export function serverPagePolicy(options: { inlineStyles?: readonly string[] } = {}): string {
  const styles = (options.inlineStyles ?? []).map(sha256Source);
  return [
    "default-src 'none'",
    `style-src ${styles.length > 0 ? styles.join(" ") : "'none'"}`,
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}
