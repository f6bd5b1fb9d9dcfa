// Where the site may send a visitor (spec 8): site paths always; an external address only when
// the caller explicitly allows it; javascript:, data: and vbscript: addresses never, with the
// error 'Cannot navigate to a URL with {protocol} protocol'. Used by the /redirect page and by any
// code that navigates to an address it did not write itself.
import { localizePath } from "#app/lib/locale.ts";
import type { Language } from "#app/lib/i18n.ts";

const DISALLOWED_PROTOCOLS = ["javascript:", "data:", "vbscript:"] as const;

export type NavigationTarget =
  | { kind: "internal"; path: string }
  | { kind: "external"; url: string }
  | { kind: "error"; reason: "missing" | "external-not-allowed" | "invalid"; message: string }
  | { kind: "error"; reason: "disallowed-protocol"; message: string; protocol: string };

function disallowedProtocol(protocol: string): NavigationTarget {
  const name = protocol.replace(/:$/, "");
  return { kind: "error", reason: "disallowed-protocol", message: `Cannot navigate to a URL with ${name} protocol`, protocol: name };
}

/** An origin used only to parse addresses; never requested. */
const PARSING_BASE = "http://site.invalid";

function protocolOf(target: string): string | null {
  // Browsers ignore leading control characters and spaces, and tabs/newlines anywhere
  // ("java\tscript:"), so the check does too.
  let start = 0;
  while (start < target.length && target.charCodeAt(start) <= 0x20) start += 1;
  const squeezed = target.slice(start).replace(/[\t\n\r]/g, "");
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed);
  return match ? `${match[1]!.toLowerCase()}:` : null;
}

/**
 * Classifies a navigation target. Site paths ("/games?x=1") get the language prefix of the page
 * they are opened from (unless they carry one already); "//host" and "https://..." are external.
 */
export function resolveNavigationTarget(target: string | null | undefined, options: { external?: boolean; language: Language }): NavigationTarget {
  const value = target?.trim() ?? "";
  if (value === "") return { kind: "error", reason: "missing", message: "No address to navigate to" };

  const protocol = protocolOf(value);
  if (protocol !== null && (DISALLOWED_PROTOCOLS as readonly string[]).includes(protocol)) {
    return disallowedProtocol(protocol);
  }

  const isSitePath = value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
  if (isSitePath) {
    let parsed: URL;
    try {
      parsed = new URL(value, PARSING_BASE);
    } catch {
      return { kind: "error", reason: "invalid", message: `Not a valid address: ${value}` };
    }
    if (parsed.origin !== PARSING_BASE) return { kind: "error", reason: "invalid", message: `Not a valid address: ${value}` };
    return { kind: "internal", path: localizePath(`${parsed.pathname}${parsed.search}${parsed.hash}`, options.language) };
  }

  let url: URL;
  try {
    url = new URL(value.startsWith("//") ? `https:${value}` : value);
  } catch {
    return { kind: "error", reason: "invalid", message: `Not a valid address: ${value}` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return disallowedProtocol(url.protocol);
  }
  if (!options.external) {
    return { kind: "error", reason: "external-not-allowed", message: "Navigating to an external URL is not allowed without the external option" };
  }
  return { kind: "external", url: url.href };
}
