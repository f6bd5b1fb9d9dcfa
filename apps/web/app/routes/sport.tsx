import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/sport";
import { BallIcon } from "#app/components/icons.tsx";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";
import { webServices } from "#app/lib/web-services.ts";
import { PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

// The host of the sportsbook widget loads with the sport pages only, never with the shell; it
// reads the player's accounts through the page's shared query client.
const SportsbookFrame = lazyWithQueryClient<{ visitorCountry: string | null }>(() => import("#app/features/sport/sportsbook-frame.tsx").then((module) => ({ default: module.SportsbookFrame })));

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "sport");

/** Spec 3: the widget's country falls back to the visitor's, which the edge names in a header. */
export function loader({ request, context }: Route.LoaderArgs) {
  const header = request.headers.get(webServices(context).site.countryHeader)?.trim().toUpperCase();
  return { visitorCountry: header || null };
}

/** The widget moves the address on every screen; the visitor's country does not change with it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

/** `/sport` and `/sport/*` (spec 2.2, 2.3): the sportsbook widget, its router in step with the address. */
export default function SportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<BallIcon />} title={t("sport.title")} subtitle={t("sport.subtitle")} />
      <Suspense fallback={null}>
        <SportsbookFrame visitorCountry={loaderData.visitorCountry} />
      </Suspense>
    </PageFrame>
  );
}
