import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { MODAL_IDS, type ModalId } from "./modal-registry.ts";

export type ModalContentProps = {
  id: ModalId;
  /** The address parameter's value, e.g. "deposit" for the wallet. */
  value: string;
  /** The modal's translated title, already shown in the dialog's header. */
  title: string;
  close: () => void;
};

type ContentModule = { default: ComponentType<ModalContentProps> };
type ContentLoader = () => Promise<ContentModule>;

const loadPlaceholder: ContentLoader = () => import("./content/placeholder-content.tsx");

/**
 * Each modal's content, as its own code-split chunk. Modals whose content is not built yet
 * are absent and show the "on its way" placeholder; add an entry here when building one, e.g.
 * `"sign-in": () => import("#app/features/accounts/sign-in-modal.tsx")`.
 */
const LOADERS: Partial<Record<ModalId, ContentLoader>> = {
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
  "add-limit": () => import("#app/features/limits/add-limit-modal.tsx"),
  "edit-limit": () => import("#app/features/limits/edit-limit-modal.tsx"),
  "confirm-limit-update": () => import("#app/features/limits/confirm-limit-update-modal.tsx"),
  "confirm-delete-limit": () => import("#app/features/limits/confirm-delete-limit-modal.tsx"),
};

const loaderOf = (id: ModalId): ContentLoader => LOADERS[id] ?? loadPlaceholder;

const components = new Map<ContentLoader, LazyExoticComponent<ComponentType<ModalContentProps>>>();

function lazyOnce(loader: ContentLoader): LazyExoticComponent<ComponentType<ModalContentProps>> {
  let component = components.get(loader);
  if (!component) {
    component = lazy(loader);
    components.set(loader, component);
  }
  return component;
}

/** The lazily loaded content component of every modal (one per chunk, so React keeps it across renders). */
export const MODAL_CONTENT: Readonly<Record<ModalId, LazyExoticComponent<ComponentType<ModalContentProps>>>> =
  Object.fromEntries(MODAL_IDS.map((id) => [id, lazyOnce(loaderOf(id))])) as Record<
    ModalId,
    LazyExoticComponent<ComponentType<ModalContentProps>>
  >;

export function preloadModalContent(id: ModalId): void {
  void loaderOf(id)();
}
