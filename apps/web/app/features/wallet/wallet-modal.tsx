import { WalletFlow } from "./flow/wallet-flow.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

/** Spec 2.4: ?wallet=deposit or ?wallet=withdraw. */
export default function WalletModal({ value, close }: ModalContentProps) {
  const direction = value === "withdraw" ? "withdrawal" : "deposit";
  // A new direction starts a new flow (methods, form and invoice belong to one direction).
  return <WalletFlow key={direction} direction={direction} close={close} />;
}
