// Characters no text field takes, whatever the field: PostgreSQL refuses NUL in text, and the
// rest are invisible or rewrite how the text around them is shown (a player named
// "\u202Enimda" reads as "admin"). The server checks every string of every request once, before
// any route sees it (apps/server/src/plugins/text-input.ts); this module is the one definition.

/**
 * C0 controls, DEL and C1 controls, the bidirectional embeddings and overrides (U+202A-U+202E)
 * and isolates (U+2066-U+2069), and a surrogate without its pair (with the `u` flag a proper
 * pair is one code point and does not match).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNUSABLE_IN_ANY_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/** The same, and tab, line feed and carriage return: a one-line field has no use for them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNUSABLE_IN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/**
 * Request fields that are written as several lines (the contact form's message, an operator's
 * notification body): they may hold tabs and line breaks. Every other string is one line.
 */
const MULTILINE_TEXT_FIELDS: ReadonlySet<string> = new Set(["message", "body"]);

/** True when the text holds a character no field of its kind takes. */
export function hasUnusableCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? UNUSABLE_IN_ANY_TEXT : UNUSABLE_IN_ONE_LINE).test(text);
}

/** A place in a request where an unusable character was found: the path of keys to it. */
export type UnusableTextPath = readonly (string | number)[];

const MAX_DEPTH = 32;

/**
 * Every path in a parsed request part (a JSON body, a query string, path parameters) whose string
 * value or object key holds an unusable character. A string is multi-line when the key holding
 * it (or the array holding it) is one of MULTILINE_TEXT_FIELDS.
 */
export function findUnusableText(value: unknown): UnusableTextPath[] {
  const found: UnusableTextPath[] = [];
  const visit = (current: unknown, path: (string | number)[], multiline: boolean, depth: number) => {
    if (typeof current === "string") {
      if (hasUnusableCharacters(current, { multiline })) found.push(path);
      return;
    }
    if (typeof current !== "object" || current === null || depth > MAX_DEPTH) return;
    if (Array.isArray(current)) {
      current.forEach((item, index) => visit(item, [...path, index], multiline, depth + 1));
      return;
    }
    // A raw body (a webhook's bytes, checked against its signature) is not parsed text.
    if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) return;
    for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
      if (hasUnusableCharacters(key)) {
        found.push(path);
        continue;
      }
      visit(item, [...path, key], MULTILINE_TEXT_FIELDS.has(key), depth + 1);
    }
  };
  visit(value, [], false, 0);
  return found;
}
