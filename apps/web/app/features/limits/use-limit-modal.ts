import { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import { useModal } from "#app/features/modals/use-modal.ts";
import { rememberLimitDraft, type LimitDraft } from "./limit-draft.ts";

/** The add-limit address value of an exclusion (its own title and form); money limits say "true". */
export function addLimitValue(definition: number | undefined): string | undefined {
  if (definition === LIMIT_DEFINITION.selfExclusion) return "self-exclusion";
  if (definition === LIMIT_DEFINITION.coolingOff) return "cooling-off";
  return undefined;
}

export type LimitModalId = "add-limit" | "edit-limit" | "confirm-limit-update" | "confirm-delete-limit";

/** Opens one of the limit modals about `draft` (what it is about travels in sessionStorage). */
export function useOpenLimitModal() {
  const { openModal } = useModal();
  return (id: LimitModalId, draft: LimitDraft) => {
    rememberLimitDraft(draft);
    openModal(id, id === "add-limit" ? addLimitValue(draft.definition) : undefined);
  };
}
