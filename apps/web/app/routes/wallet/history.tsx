import type { Route } from "./+types/history";
import { WalletHistory as History } from "#app/features/wallet/wallet-history.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "walletHistory");

/** Cash and bonuses per currency, deposits and withdrawals with filters, bonus and spin history (spec 2.2, 3). */
export default function WalletHistory() {
  return <History />;
}
