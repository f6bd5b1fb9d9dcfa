// Text formats checked by the rules: e-mail, URL, IP and MAC addresses. Written by hand (not with
// node:net) because the browser runs the same code; the unit tests cross-check IPs with node:net.

const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;
// Local part: the RFC 5322 "dot-atom" (no quoted strings, which no mail form needs). Domain:
// labels of letters (any script, for IDN domains such as пример.рф), digits and inner hyphens,
// and a top-level label of at least two letters.
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]{0,61}[\p{L}\p{M}\p{Nd}])?$/u;
const TOP_LEVEL_LABEL = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$/iu;

function isDomainName(host: string): boolean {
  const labels = host.split(".");
  if (labels.length < 2) return false;
  const topLevel = labels.at(-1) ?? "";
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL_LABEL.test(topLevel);
}

export function isEmail(value: unknown): boolean {
  if (typeof value !== "string" || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return local.length <= EMAIL_LOCAL_MAX_LENGTH && EMAIL_LOCAL.test(local) && isDomainName(domain);
}

/**
 * An absolute http, https or ftp address with a real host: a domain with a top-level label,
 * "localhost", or an IP address. The URL parser alone would accept "http:example" and "http://a".
 */
export function isUrl(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 2048) return false;
  if (!/^(?:https?|ftp):\/\/[^\s/?#]/i.test(value) || /\s/.test(value)) return false;
  let hostname: string;
  try {
    hostname = new URL(value).hostname;
  } catch {
    return false;
  }
  if (hostname === "localhost" || isIpV4(hostname)) return true;
  if (hostname.startsWith("[") && hostname.endsWith("]")) return isIpV6(hostname.slice(1, -1));
  // The parser has already turned Unicode labels into punycode ("xn--...").
  return isDomainName(hostname);
}

const IPV4_OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4_PATTERN = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/** Dotted quad, each part 0-255 without leading zeros (a leading zero means octal to some tools). */
export function isIpV4(value: unknown): boolean {
  return typeof value === "string" && IPV4_PATTERN.test(value);
}

/** RFC 4291 text forms: eight groups, one "::" for a run of zero groups, an IPv4 tail. No zone id. */
export function isIpV6(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 45) return false;
  const halves = value.split("::");
  if (halves.length > 2) return false;
  const compressed = halves.length === 2;
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  let groupCount = 0;
  for (const [index, group] of groups.entries()) {
    const isLast = index === groups.length - 1;
    const endsTheAddress = isLast && (!compressed || halves[1] !== "");
    if (endsTheAddress && group.includes(".")) {
      if (!isIpV4(group)) return false;
      groupCount += 2;
    } else if (HEX_GROUP.test(group)) {
      groupCount += 1;
    } else {
      return false;
    }
  }
  return compressed ? groupCount <= 7 : groupCount === 8;
}

export function isIp(value: unknown): boolean {
  return isIpV4(value) || isIpV6(value);
}

const MAC_SEPARATED = /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/;
const MAC_DOTTED = /^[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}$/;

/** 48-bit MAC: 01:23:45:67:89:ab, 01-23-45-67-89-ab (one separator throughout) or 0123.4567.89ab. */
export function isMac(value: unknown): boolean {
  return typeof value === "string" && (MAC_SEPARATED.test(value) || MAC_DOTTED.test(value));
}
