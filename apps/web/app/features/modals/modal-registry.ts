/**
 * Every modal of the spec (2.4), as plain data: its address parameter, the values that parameter
 * accepts, who may open it and which pending state it needs. The logic that reads the address
 * lives in modal-resolution.ts; the lazily loaded content of each modal in modal-content.ts, so
 * this file stays small enough to ship on every page.
 */

/** The spec's modal identifiers, followed by its "further modals" in kebab case. */
export const MODAL_IDS = [
  "sign-in",
  "sign-up",
  "change-pass",
  "change-nickname",
  "reset-pass",
  "forgot-pass",
  "email",
  "phone",
  "code-verify",
  "deposit-error",
  "deposit-success",
  "deposit-status",
  "referral-transfer",
  "confirm",
  "confirm-email",
  "reset-email-send",
  "fiat",
  "wallet",
  "games-filter",
  "confirm-session-logout",
  "wallet-telegram-app",
  "telegram-news",
  "avatars",
  "global-search",
  "geo-popup",
  "install-app",
  // Further modals.
  "add-limit",
  "affiliate-program",
  "bonus-cancel-lock",
  "bonus-condition",
  "bonus-details",
  "cancel-deposit",
  "categories",
  "confirm-bonus",
  "confirm-bonus-unsettled",
  "confirm-delete-limit",
  "confirm-limit-update",
  "cookie-request",
  "demo-game",
  "demo-unavailable",
  "edit-limit",
  "game-limit-reached",
  "get-code",
  "mobile-game",
  "package-bonus",
  "quest-rewards",
  "quest-task-games",
  "quest-tasks",
  "quests-hub",
  "wallet-bonus-info",
] as const;

export type ModalId = (typeof MODAL_IDS)[number];

/** Who may open a modal: visitors without an account, signed-in players, or everybody. */
export type ModalAccess = "guest" | "signedIn" | "anyone";

/**
 * Pending state a modal cannot do without. `profileConfirmed`: the player's profile is confirmed
 * (the session says so). `authorization`: a sign-in, registration or password flow is under way
 * (see authorization-state.ts).
 */
export type ModalStateTie = "profileConfirmed" | "authorization";

export type ModalDefinition = {
  readonly id: ModalId;
  /** The address query parameter (the id itself, except where the spec shows another name). */
  readonly param: string;
  /** The values the parameter accepts; the first is what openModal() uses when given none. */
  readonly values: readonly [string, ...string[]];
  readonly access: ModalAccess;
  readonly stateTie?: ModalStateTie;
};

// Access lists exactly as the spec's 2.4; everything not listed is open to anyone.
const GUEST_ONLY: ReadonlySet<ModalId> = new Set<ModalId>(["sign-in", "sign-up", "reset-pass", "forgot-pass", "reset-email-send"]);
const SIGNED_IN_ONLY: ReadonlySet<ModalId> = new Set<ModalId>([
  "change-pass",
  "change-nickname",
  "phone",
  "email",
  "deposit-error",
  "deposit-success",
  "deposit-status",
  "referral-transfer",
  "fiat",
  "confirm",
  "confirm-email",
  "wallet",
  "wallet-telegram-app",
  "confirm-session-logout",
  "avatars",
]);
const STATE_TIES: Partial<Record<ModalId, ModalStateTie>> = {
  confirm: "profileConfirmed",
  "forgot-pass": "authorization",
  "reset-pass": "authorization",
  "confirm-email": "authorization",
  "reset-email-send": "authorization",
};
// The spec shows wallet-telegram-app in the address as tg-wallet.
const PARAM_NAMES: Partial<Record<ModalId, string>> = { "wallet-telegram-app": "tg-wallet" };
// add-limit names the exclusion it starts, so the sheet can say what it is from its first frame.
const VALUES: Partial<Record<ModalId, ModalDefinition["values"]>> = { wallet: ["deposit", "withdraw"], "add-limit": ["true", "self-exclusion", "cooling-off"] };
const FLAG_VALUES: ModalDefinition["values"] = ["true"];

function define(id: ModalId): ModalDefinition {
  const access: ModalAccess = GUEST_ONLY.has(id) ? "guest" : SIGNED_IN_ONLY.has(id) ? "signedIn" : "anyone";
  const stateTie = STATE_TIES[id];
  return {
    id,
    param: PARAM_NAMES[id] ?? id,
    values: VALUES[id] ?? FLAG_VALUES,
    access,
    ...(stateTie ? { stateTie } : {}),
  };
}

export const MODALS: Readonly<Record<ModalId, ModalDefinition>> = Object.fromEntries(
  MODAL_IDS.map((id) => [id, define(id)]),
) as Record<ModalId, ModalDefinition>;

const BY_PARAM: ReadonlyMap<string, ModalDefinition> = new Map(MODAL_IDS.map((id) => [MODALS[id].param, MODALS[id]]));

/** The modal an address parameter belongs to, if any. */
export function modalForParam(param: string): ModalDefinition | undefined {
  return BY_PARAM.get(param);
}

/** Every address parameter that names a modal. */
export const MODAL_PARAMS: readonly string[] = [...BY_PARAM.keys()];

// Spec 2.4: "Modal stacking base 1000, step 2." Each layer uses two levels: backdrop and panel.
const MODAL_Z_INDEX_BASE = 1000;
const MODAL_Z_INDEX_STEP = 2;

/** The z-index of the n-th open layer (0 = the lowest), for its backdrop; the panel sits one above. */
export function modalZIndex(layerIndex: number): number {
  return MODAL_Z_INDEX_BASE + MODAL_Z_INDEX_STEP * layerIndex;
}
