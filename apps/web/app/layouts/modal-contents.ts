import type { ModalContentLoader, ModalContentTable } from "#app/features/modals/modal-content-table.ts";
import { withQueryClient } from "#app/lib/query-client.tsx";

/**
 * The content of each modal the site has built, one code-split chunk each. A modal of the spec
 * without an entry shows the "on its way" placeholder; add one here when building it.
 */
const CONTENTS: ModalContentTable = {
  "sign-in": () => import("#app/features/accounts/sign-in-modal.tsx"),
  "sign-up": () => import("#app/features/accounts/sign-up-modal.tsx"),
  "forgot-pass": () => import("#app/features/accounts/forgot-pass-modal.tsx"),
  "reset-pass": () => import("#app/features/accounts/reset-pass-modal.tsx"),
  "reset-email-send": () => import("#app/features/accounts/reset-email-send-modal.tsx"),
  "code-verify": () => import("#app/features/accounts/code-verify-modal.tsx"),
  "confirm-email": () => import("#app/features/accounts/confirm-email-modal.tsx"),
  "change-pass": () => import("#app/features/profile/change-pass-modal.tsx"),
  "change-nickname": () => import("#app/features/profile/change-nickname-modal.tsx"),
  "email": () => import("#app/features/profile/email-modal.tsx"),
  "phone": () => import("#app/features/profile/phone-modal.tsx"),
  "avatars": () => import("#app/features/profile/avatars-modal.tsx"),
  "confirm-session-logout": () => import("#app/features/profile/confirm-session-logout-modal.tsx"),
  "wallet": () => import("#app/features/wallet/wallet-modal.tsx"),
  "wallet-telegram-app": () => import("#app/features/wallet/wallet-telegram-modal.tsx"),
  "fiat": () => import("#app/features/wallet/fiat-modal.tsx"),
  "deposit-success": () => import("#app/features/wallet/deposit-success-modal.tsx"),
  "deposit-error": () => import("#app/features/wallet/deposit-error-modal.tsx"),
  "deposit-status": () => import("#app/features/wallet/deposit-status-modal.tsx"),
  "cancel-deposit": () => import("#app/features/wallet/cancel-deposit-modal.tsx"),
  "wallet-bonus-info": () => import("#app/features/wallet/bonus/wallet-bonus-info-modal.tsx"),
  "add-limit": () => import("#app/features/limits/add-limit-modal.tsx"),
  "edit-limit": () => import("#app/features/limits/edit-limit-modal.tsx"),
  "confirm-limit-update": () => import("#app/features/limits/confirm-limit-update-modal.tsx"),
  "confirm-delete-limit": () => import("#app/features/limits/confirm-delete-limit-modal.tsx"),
  "games-filter": () => import("#app/features/games/games-filter-modal.tsx"),
  "categories": () => import("#app/features/games/categories-modal.tsx"),
  "global-search": () => import("#app/features/games/global-search-modal.tsx"),
  "game-limit-reached": () => import("#app/features/games/game-modals.tsx").then((module) => ({ default: module.GameLimitReachedModal })),
  "demo-game": () => import("#app/features/games/game-modals.tsx").then((module) => ({ default: module.DemoGameModal })),
  "demo-unavailable": () => import("#app/features/games/game-modals.tsx").then((module) => ({ default: module.DemoUnavailableModal })),
  "mobile-game": () => import("#app/features/games/game-modals.tsx").then((module) => ({ default: module.MobileGameModal })),
  "confirm-bonus": () => import("#app/features/bonuses/bonus-modals.tsx").then((module) => ({ default: module.ConfirmBonusModal })),
  "confirm-bonus-unsettled": () => import("#app/features/bonuses/bonus-modals.tsx").then((module) => ({ default: module.ConfirmBonusUnsettledModal })),
  "bonus-cancel-lock": () => import("#app/features/bonuses/bonus-modals.tsx").then((module) => ({ default: module.BonusCancelLockModal })),
  "bonus-condition": () => import("#app/features/bonuses/bonus-info-modals.tsx").then((module) => ({ default: module.BonusConditionModal })),
  "bonus-details": () => import("#app/features/bonuses/bonus-info-modals.tsx").then((module) => ({ default: module.BonusDetailsModal })),
  "package-bonus": () => import("#app/features/bonuses/bonus-info-modals.tsx").then((module) => ({ default: module.PackageBonusModal })),
  "get-code": () => import("#app/features/bonuses/get-code-modal.tsx"),
};

/** Modal contents run queries (sign-in's captcha, the wallet, limits...): each renders inside the page's query client. */
export const MODAL_CONTENTS: ModalContentTable = Object.fromEntries(
  Object.entries(CONTENTS).map(([id, load]) => [id, (() => load().then((module) => ({ default: withQueryClient(module.default) }))) satisfies ModalContentLoader]),
);
