import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Telegram Mini App initData verification (promise S9 in docs/promises.md). The mini-app hands us the raw query string
 * Telegram gave it; only a correct HMAC proves that Telegram (which knows the bot token) produced
 * it, and `auth_date` bounds how long a captured payload can be replayed.
 */

/** A future `auth_date` within this many seconds is clock skew between Telegram and us, not forgery. */
const TELEGRAM_FUTURE_SKEW_SECONDS = 60;

export type TelegramUser = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
};

export type TelegramInitData = {
  user: TelegramUser;
  authDate: Date;
};

export type TelegramInitDataFailure = "malformed" | "missing_hash" | "bad_signature" | "expired" | "from_future" | "no_user";

export type TelegramInitDataResult = { ok: true; data: TelegramInitData } | { ok: false; reason: TelegramInitDataFailure };

const HASH_PATTERN = /^[0-9a-f]{64}$/i;

/**
 * The data-check string of S9: every field but `hash` and `signature`, sorted by key, `key=value`
 * joined by newlines. `includeSignature` keeps the `signature` field in: Telegram's own clients
 * (and @telegram-apps) sign the Ed25519 `signature` field into the hash too.
 */
export function telegramDataCheckString(fields: ReadonlyMap<string, string>, options: { includeSignature?: boolean } = {}): string {
  return [...fields]
    .filter(([key]) => key !== "hash" && (options.includeSignature === true || key !== "signature"))
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
}

function expectedHash(dataCheckString: string, botToken: string): Buffer {
  const secret = createHmac("sha256", "WebAppData").update(botToken).digest();
  return createHmac("sha256", secret).update(dataCheckString).digest();
}

function parseFields(initData: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(initData)) {
    // A repeated key would make the signed string ambiguous: which value did Telegram sign?
    if (fields.has(key)) return null;
    fields.set(key, value);
  }
  return fields;
}

function optionalText(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

function parseUser(json: string | undefined): TelegramUser | null {
  if (json === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const user = parsed as Record<string, unknown>;
  if (typeof user.id !== "number" || !Number.isSafeInteger(user.id) || user.id <= 0) return null;
  return {
    id: user.id,
    firstName: optionalText(user.first_name),
    lastName: optionalText(user.last_name),
    username: optionalText(user.username),
    languageCode: optionalText(user.language_code),
  };
}

/** Checks the signature first, then freshness, then that a user is present; never throws. */
export function verifyTelegramInitData(
  initData: string,
  botToken: string,
  options: { now: Date; maxAgeSeconds: number },
): TelegramInitDataResult {
  const fields = parseFields(initData);
  if (!fields) return { ok: false, reason: "malformed" };
  const hash = fields.get("hash");
  if (hash === undefined || hash === "") return { ok: false, reason: "missing_hash" };
  if (!HASH_PATTERN.test(hash)) return { ok: false, reason: "bad_signature" };
  const received = Buffer.from(hash, "hex");
  const matchesWithoutSignature = timingSafeEqual(received, expectedHash(telegramDataCheckString(fields), botToken));
  // Both forms are keyed with the bot token, so accepting either lets nobody without it forge data.
  const matches =
    matchesWithoutSignature ||
    (fields.has("signature") && timingSafeEqual(received, expectedHash(telegramDataCheckString(fields, { includeSignature: true }), botToken)));
  if (!matches) return { ok: false, reason: "bad_signature" };

  const authDateText = fields.get("auth_date");
  if (authDateText === undefined || !/^\d{1,12}$/.test(authDateText)) return { ok: false, reason: "malformed" };
  const authDateSeconds = Number(authDateText);
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (nowSeconds - authDateSeconds > options.maxAgeSeconds) return { ok: false, reason: "expired" };
  if (authDateSeconds - nowSeconds > TELEGRAM_FUTURE_SKEW_SECONDS) return { ok: false, reason: "from_future" };

  const user = parseUser(fields.get("user"));
  if (!user) return { ok: false, reason: "no_user" };
  return { ok: true, data: { user, authDate: new Date(authDateSeconds * 1000) } };
}
