import { useTranslation } from "react-i18next";
import type { Route } from "./+types/providers";
import { CardsIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { catalogueViewer, orEmpty } from "#app/features/games/catalogue-viewer.server.ts";
import { providerPath } from "#app/features/games/games-links.ts";
import { webServices } from "#app/lib/web-services.ts";
import { languageFromParams } from "#app/routes/shared/page-language.ts";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "gamesProviders");

/** Spec 8: a provider list that fails to load is an empty list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = webServices(context);
  const viewer = await catalogueViewer(request, services, languageFromParams(params));
  const providers = await orEmpty("Game providers", services.game.listProviders(viewer));
  return { providers: providers.filter((provider) => provider.gamesCount > 0) };
}

/** Every game studio the visitor can play, each with its logo and number of games. */
export default function GameProvidersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { providers } = loaderData;
  return (
    <PageFrame>
      <PageIntro icon={<CardsIcon />} title={t("gamesProviders.title")} subtitle={t("gamesProviders.subtitle")} />
      {providers.length === 0 ? (
        <EmptyPanel>
          <EmptyState
            title={t("gamesProviders.empty.title")}
            description={t("gamesProviders.empty.description")}
            action={
              <LocalizedLink to="/games" className={buttonClassName({ variant: "secondary" })}>
                {t("gamesProviders.empty.action")}
              </LocalizedLink>
            }
          />
        </EmptyPanel>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-3 xs:grid-cols-3 md:grid-cols-4 lg:grid-cols-5" data-providers-list="">
          {providers.map((provider) => (
            <li key={provider.id}>
              <LocalizedLink
                to={providerPath(provider.identity)}
                className="flex h-full flex-col items-center gap-3 rounded-xl border border-border bg-surface p-4 text-center outline-none hover:border-border-strong focus-visible:ring-2 focus-visible:ring-focus"
              >
                <img src={provider.image} alt="" width={96} height={48} loading="lazy" decoding="async" className="h-12 w-24 object-contain" />
                <span className="font-semibold">{provider.name}</span>
                <span className="text-sm text-fg-muted">{t("gamesProviders.games", { count: provider.gamesCount })}</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
