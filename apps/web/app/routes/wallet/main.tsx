import { useTranslation } from "react-i18next";
import type { Route } from "./+types/main";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "wallet");

/** Balances of the player's currency accounts; the wallet domain arrives with a later issue. */
export default function WalletMain() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState title={t("wallet.empty.title")} description={t("wallet.empty.description")} />
    </EmptyPanel>
  );
}
