import { useTranslation } from "react-i18next";
import type { Route } from "./+types/history";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "walletHistory");

/** Deposits and withdrawals with their status; filled in by the payments issue. */
export default function WalletHistory() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState title={t("walletHistory.empty.title")} description={t("walletHistory.empty.description")} />
    </EmptyPanel>
  );
}
