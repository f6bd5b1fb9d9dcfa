import type { ModalId } from "./modal-registry.ts";
import type { OpenModal } from "./modal-resolution.ts";

/** Keys under `titles` in the modals catalogue: one per modal, the wallet one per direction. */
export type ModalTitleKey = Exclude<ModalId, "wallet"> | "wallet-deposit" | "wallet-withdraw" | "add-limit-self-exclusion" | "add-limit-cooling-off";

export function modalTitleKey({ id, value }: OpenModal): ModalTitleKey {
  if (id === "wallet") return value === "withdraw" ? "wallet-withdraw" : "wallet-deposit";
  if (id === "add-limit" && (value === "self-exclusion" || value === "cooling-off")) return `add-limit-${value}`;
  return id;
}
