import { useModal } from "#app/features/modals/use-modal.ts";
import { rememberLimitDraft, type LimitDraft } from "./limit-draft.ts";

export type LimitModalId = "add-limit" | "edit-limit" | "confirm-limit-update" | "confirm-delete-limit";

/** Opens one of the limit modals about `draft` (what it is about travels in sessionStorage). */
export function useOpenLimitModal() {
  const { openModal } = useModal();
  return (id: LimitModalId, draft: LimitDraft) => {
    rememberLimitDraft(draft);
    openModal(id);
  };
}
