/** The languages every message template is written in (the site's complete locales). */
export const MESSAGE_LOCALES = ["en", "de", "es", "pt-br", "ru", "tr", "hi", "fa"] as const;
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];

/** Every template's strings for every message language: a missing translation fails to compile. */
export type Translations<Strings> = Readonly<Record<MessageLocale, Strings>>;

const RIGHT_TO_LEFT: ReadonlySet<MessageLocale> = new Set(["fa"]);

// Regional and sibling locales of the site that read one of the message languages best.
const CLOSEST: Readonly<Record<string, MessageLocale>> = { pt: "pt-br", "es-mx": "es", "en-ca": "en" };

/** The message language for a player's site locale: exact, then a close sibling, then English. */
export function messageLocale(locale: string | null | undefined): MessageLocale {
  const code = (locale ?? "").toLowerCase();
  if ((MESSAGE_LOCALES as readonly string[]).includes(code)) return code as MessageLocale;
  const closest = CLOSEST[code] ?? CLOSEST[code.split("-")[0] ?? ""];
  if (closest) return closest;
  const language = code.split("-")[0] ?? "";
  return (MESSAGE_LOCALES as readonly string[]).includes(language) ? (language as MessageLocale) : "en";
}

export function isRightToLeft(locale: MessageLocale): boolean {
  return RIGHT_TO_LEFT.has(locale);
}
