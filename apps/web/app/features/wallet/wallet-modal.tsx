import { WalletFlow } from "./flow/wallet-flow.tsx";
import { RestrictedModeMessage } from "#app/features/limits/restricted-mode-banner.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useProfile } from "#app/lib/session.tsx";

/**
 * Spec 2.4: ?wallet=deposit or ?wallet=withdraw. In restricted mode (a self-exclusion or
 * cooling-off) deposits are closed: the deposit side says until when and leads to the withdrawal.
 */
export default function WalletModal({ value, close }: ModalContentProps) {
  const direction = value === "withdraw" ? "withdrawal" : "deposit";
  const restriction = useProfile()?.restriction;
  if (direction === "deposit" && restriction) {
    return (
      <div data-wallet-restricted="">
        <RestrictedModeMessage restriction={restriction} />
      </div>
    );
  }
  // A new direction starts a new flow (methods, form and invoice belong to one direction).
  return <WalletFlow key={direction} direction={direction} close={close} />;
}
