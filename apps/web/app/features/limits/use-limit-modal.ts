import { useModal } from "#app/features/modals/use-modal.ts";
import { rememberLimitDraft, type LimitDraft } from "./limit-draft.ts";

const LIMIT_DRAFT_MODALS = ["add-limit", "edit-limit", "confirm-limit-update", "confirm-delete-limit"] as const;
export type LimitModalId = (typeof LIMIT_DRAFT_MODALS)[number];

/** Opens one of the limit modals about `draft` (what it is about travels in sessionStorage). */
export function useOpenLimitModal() {
  const { openModal } = useModal();
  return (id: LimitModalId, draft: LimitDraft) => {
    rememberLimitDraft(draft);
    openModal(id);
  };
}
