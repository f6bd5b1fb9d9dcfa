import type { Route } from "./+types/fairness";
import { FairnessPage } from "#app/features/fairness/fairness-page.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "fairness");

/** The public provably-fair verifier: a round by id, any seeds by hand, the scheme explained (F4, F5). */
export default function Fairness() {
  return <FairnessPage />;
}
