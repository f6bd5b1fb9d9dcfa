import type { Route } from "./+types/bonuses";
import { BonusOverview } from "#app/features/bonuses/bonus-overview.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileBonuses");

/**
 * The player's bonuses and free spins in the profile (route profile-bonuses). The page reads its
 * own lists, so sign-in does not read them ahead here (spec 4; bonus-live.tsx).
 */
export default function ProfileBonuses() {
  return <BonusOverview />;
}
