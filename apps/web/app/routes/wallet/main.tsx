import type { Route } from "./+types/main";
import { WalletOverview } from "#app/features/wallet/wallet-overview.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "wallet");

/** Balances of the player's currency accounts, switching, hiding and adding currencies (spec 7). */
export default function WalletMain() {
  return <WalletOverview />;
}
