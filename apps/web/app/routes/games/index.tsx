import { GAME_CATEGORIES } from "@playfair/contracts/game/catalogue";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/index";
import { CardsIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { catalogueViewer, orEmpty, tileGame } from "#app/features/games/catalogue-viewer.server.ts";
import { CategoryChips, GameRail, ProvidersStrip } from "#app/features/games/game-rail.tsx";
import { collectionPath } from "#app/features/games/games-links.ts";
import { BackToGame, LobbyToolbar } from "#app/features/games/lobby-toolbar.tsx";
import { webServices } from "#app/lib/web-services.ts";
import { languageFromParams } from "#app/routes/shared/page-language.ts";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-frame.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "games");

// A lobby with games (every lobby but an empty catalogue's) never shows the empty state, so its
// illustration loads only when there is nothing to show.
const EmptyState = lazy(() => import("#app/components/ui/empty-state.tsx").then((module) => ({ default: module.EmptyState })));

/** Games per rail: enough to fill a wide screen and scroll a little. */
const RAIL_SIZE = 16;
/** Collections shown as square (1x1) compact rails; the others use the 3x4 art. */
const COMPACT_COLLECTIONS = new Set(["originals"]);

/**
 * The first screen comes from the server in one go (no client fetch before it paints): the visible
 * collections in their order, each with its first games, and the providers. Spec 8: a collection
 * or the provider list that fails to load is an empty list; a rail without games is not shown.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = webServices(context);
  const viewer = await catalogueViewer(request, services, languageFromParams(params));
  const [collections, providers] = await Promise.all([
    orEmpty("Game collections", services.game.listCollections(viewer)),
    orEmpty("Game providers", services.game.listProviders(viewer)),
  ]);
  const visible = collections.filter((collection) => !collection.isHidden).sort((left, right) => left.position - right.position);
  const rails = await Promise.all(
    visible.map(async (collection) => {
      const games = await services.game
        .listGames({ collection: collection.identity, page: 1, perPage: RAIL_SIZE, sort: "popular" }, viewer)
        .catch((error: unknown) => {
          console.warn("Game collection could not be loaded", collection.identity, error);
          return null;
        });
      return {
        identity: collection.identity,
        name: collection.name,
        compact: COMPACT_COLLECTIONS.has(collection.identity),
        games: games?.data.map(tileGame) ?? [],
        total: games?.meta.totalRows ?? 0,
      };
    }),
  );
  return {
    rails: rails.filter((rail) => rail.games.length > 0),
    providers: providers.map(({ id, identity, name }) => ({ id, identity, name })),
    categories: GAME_CATEGORIES,
  };
}

/** The casino lobby: search and filters, categories, a rail per collection, the providers. */
export default function GamesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { rails, providers, categories } = loaderData;
  return (
    <PageFrame>
      <PageIntro
        icon={<CardsIcon />}
        title={t("games.title")}
        subtitle={t("games.subtitle")}
        actions={
          <LocalizedLink to="/games/providers" className={buttonClassName({ variant: "secondary", size: "sm" })}>
            {t("games.providersLink")}
          </LocalizedLink>
        }
      />
      <BackToGame />
      <LobbyToolbar />
      <CategoryChips categories={categories} label={t("games.categoriesLabel")} />
      {rails.length === 0 ? (
        <EmptyPanel>
          <Suspense fallback={null}>
            <EmptyState title={t("games.empty.title")} description={t("games.empty.description")} />
          </Suspense>
        </EmptyPanel>
      ) : (
        <div className="mt-6">
          {rails.map((rail, index) => (
            <GameRail
              key={rail.identity}
              title={rail.name}
              games={rail.games}
              total={rail.total}
              seeAllTo={collectionPath(rail.identity)}
              shape={rail.compact ? "square" : "portrait"}
              // The first rail's first tiles are the first screen: their art is in the HTML.
              eagerCount={index === 0 ? 6 : 0}
            />
          ))}
        </div>
      )}
      <ProvidersStrip providers={providers} />
    </PageFrame>
  );
}
