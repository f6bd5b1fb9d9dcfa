// Numeric codes and business constants shared by the server (seed, API) and the web app.
// Codes marked "spec" come from the product specification; the rest are our choice and are
// only ever referenced through these objects, so renumbering them is a single edit here.

/** Type of the numeric codes of one code group, e.g. `CodeOf<typeof INVOICE_STATUS>` = 1 | 2 | 3 | 4. */
export type CodeOf<T extends Record<string, number>> = T[keyof T];

// Player account status. Not numbered by the spec; chosen here.
export const PLAYER_STATUS = {
  active: 1,
  blocked: 2,
  selfExcluded: 3,
  coolingOff: 4,
  closed: 5,
} as const;

// spec: 1 pending, 2 success, 3 failed. 4 cancelled is ours: the player called the spec's decline
// on a pending invoice. It is an outcome the player chose, so, like pending, it produces no alert
// (spec 4: only 2 and 3 do) and is never shown as a failure.
export const INVOICE_STATUS = { pending: 1, success: 2, failed: 3, cancelled: 4 } as const;

// Not numbered by the spec; chosen here (deposit first, as the wallet modal's default type).
export const INVOICE_TYPE = { deposit: 1, withdrawal: 2 } as const;

// Sports/casino bet status. Not numbered by the spec; chosen here.
export const BET_STATUS = {
  pending: 1,
  won: 2,
  lost: 3,
  refunded: 4,
  canceled: 5,
  cashedOut: 6,
} as const;

// Verification document status. Not numbered by the spec; chosen here.
export const DOCUMENT_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

// spec: 1 issued, 2 active, 3 finished (bonuses and free spins alike). Their results, and the
// free spins' own names, are in bonus/bonus-constants.ts: only the bonus pages, which load on
// demand, need them in the browser.
export const PLAYER_BONUS_STATUS = { issued: 1, active: 2, finished: 3 } as const;

// spec: only statuses 1 and 2 are requested and kept in the player's bonus/free-spin lists.
export const LISTED_PLAYER_BONUS_STATUSES = [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active] as const;

// spec: 1 and 2 active or issued, 3 completed, 5 and 6 expired. 4 is unused by the spec. The
// spec treats 5 and 6 alike; the names only distinguish whether the quest had been started.
export const QUEST_STATE = {
  issued: 1,
  active: 2,
  completed: 3,
  expired: 5,
  expiredUnstarted: 6,
} as const;

// spec: quest states [1,2] are requested.
export const LISTED_QUEST_STATES = [QUEST_STATE.issued, QUEST_STATE.active] as const;
export const EXPIRED_QUEST_STATES = [QUEST_STATE.expired, QUEST_STATE.expiredUnstarted] as const;

// spec: 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off.
export const LIMIT_DEFINITION = {
  bet: 1,
  loss: 2,
  deposit: 3,
  selfExclusion: 4,
  coolingOff: 5,
} as const;

// spec names the periods and their display order; the numbers follow that order.
export const LIMIT_PERIOD = { daily: 1, weekly: 2, monthly: 3 } as const;

// spec: 3 incorrect, 4 not available (both error alerts). 1 and 2 chosen here.
export const BONUS_CODE_STATUS = {
  active: 1,
  used: 2,
  incorrect: 3,
  notAvailable: 4,
} as const;

// spec: 1 unread, 2 read (in-app messages and push notifications).
export const NOTIFICATION_STATE = { unread: 1, read: 2 } as const;

// spec: 1 active. 2 chosen here.
export const WALLET_ACCOUNT_STATUS = { active: 1, blocked: 2 } as const;


// ---------------------------------------------------------------------------------------------
// Countries and locales

// Countries players cannot choose (shown but not selectable).
export const EXCLUDED_COUNTRY_CODES = ["US", "UM", "GB", "FR", "NL", "AW", "CW", "MF"] as const;

// spec 9: supported date locales. "se" is kept as the spec spells it; we treat it as Swedish.
export const SUPPORTED_LOCALE_CODES = [
  "en",
  "en-ca",
  "de",
  "fr",
  "es",
  "es-mx",
  "pt",
  "pt-br",
  "ru",
  "tr",
  "hi",
  "fa",
  "uz",
  "kk",
  "it",
  "et",
  "fi",
  "el",
  "id",
  "nb",
  "pl",
  "ro",
  "se",
  "cs",
  "da",
  "nl",
] as const;

export type SupportedLocaleCode = (typeof SUPPORTED_LOCALE_CODES)[number];

export const DEFAULT_LOCALE = "en" satisfies SupportedLocaleCode;
export const RTL_LOCALES = ["fa"] as const satisfies readonly SupportedLocaleCode[];
// Locales with a complete translation catalogue; the others fall back to English strings.
export const COMPLETE_LOCALES = [
  "en",
  "de",
  "es",
  "pt-br",
  "ru",
  "tr",
  "hi",
  "fa",
] as const satisfies readonly SupportedLocaleCode[];

// ---------------------------------------------------------------------------------------------
// Business constants (spec 9)

// Session and HTTP
export const TOKEN_COOKIE_LIFETIME_DAYS = 365;
export const TOKEN_EXPIRY_MARGIN_SECONDS = 10;
export const TOKEN_REFRESH_POLL_INTERVAL_MS = 500;
export const TOKEN_REFRESH_POLL_MAX_ATTEMPTS = 10;
export const SETTINGS_CACHE_TTL_SECONDS = 15 * 60;
export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_SIZE_BYTES = 512 * 1024;
export const SLOW_RESPONSE_WARNING_MS = 2000;

// Alerts and banners
export const ALERT_DURATION_MS = 3000;
export const ALERT_WITH_DESCRIPTION_DURATION_MS = 5000;
export const ALERT_MIN_INTERVAL_MS = 400;
export const REGISTRATION_SUCCESS_ALERT_DELAY_MS = 1000;
export const LEVEL_BANNER_DURATION_MS = 3000;
export const BONUS_LIST_UPDATE_DEBOUNCE_MS = 500;

// Form validation
export const PASSWORD_MIN_LENGTH = 8;
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 24;
export const FULL_NAME_MAX_LENGTH = 30;

// Layout and lists
export const MOBILE_BREAKPOINT_PX = 528;
export const NOTIFICATION_POPOVER_SIZE = 3;
export const PUSH_NOTIFICATIONS_PAGE_SIZE = 20;

// Money display: BTC and ETH amounts are shown in a milli sub-unit (mBTC, mETH).
export const SUB_UNIT_FACTOR = 1000;
export const SUB_UNIT_CURRENCY_CODES = ["BTC", "ETH"] as const;
export const EQUIVALENT_BALANCE_DECIMALS = 2;

// Affiliate tag: lifetime = AFFILIATE_TAG_DAY_SECONDS x configured days.
export const AFFILIATE_TAG_DAY_SECONDS = 86_400;
export const AFFILIATE_TAG_DEFAULT_DAYS = 30;

// Realtime channel
export const REALTIME_RECONNECT_DELAY_MIN_MS = 500;
export const REALTIME_RECONNECT_DELAY_MAX_MS = 20_000;
export const REALTIME_REQUEST_TIMEOUT_MS = 5000;
export const REALTIME_PING_TOLERANCE_MS = 10_000;
export const REALTIME_RESUBSCRIBE_DELAY_MIN_MS = 500;
export const REALTIME_RESUBSCRIBE_DELAY_MAX_MS = 20_000;
export const REALTIME_CONNECTION_TOKEN_RETRY_MIN_MS = 5000;
export const REALTIME_CONNECTION_TOKEN_RETRY_MAX_MS = 10_000;
export const REALTIME_SUBSCRIPTION_TOKEN_RETRY_MIN_MS = 10_000;
export const REALTIME_SUBSCRIPTION_TOKEN_RETRY_MAX_MS = 20_000;
