import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/params";
import { CardsIcon, CloseIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { catalogueViewer, orEmpty, tileGame } from "#app/features/games/catalogue-viewer.server.ts";
import { fetchGames, gamesKeys, GAMES_PER_PAGE } from "#app/features/games/games-api.ts";
import { GamesGrid } from "#app/features/games/games-grid.tsx";
import { gamesPath, gamesQuery, parseGamesPath, type GamesFilter } from "#app/features/games/games-url.ts";
import { LobbyToolbar } from "#app/features/games/lobby-toolbar.tsx";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";
import { webServices } from "#app/lib/web-services.ts";
import { languageFromParams } from "#app/routes/shared/page-language.ts";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta, titledMeta } from "#app/routes/shared/page-meta.ts";
import { metaLanguage } from "#app/routes/shared/page-language.ts";

/**
 * `/games/*`: one filter page per selection (collection, categories, providers, features, sort;
 * the address scheme is in features/games/games-url.ts). An address that names no selection is a
 * 404; one that names it in another order or spelling redirects to its canonical address.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const language = languageFromParams(params);
  const filter = parseGamesPath(params["*"] ?? "");
  if (!filter) throw data(null, { status: 404 });
  const canonical = gamesPath(filter);
  // Compared on the route's remainder: a client navigation's data request has its own address.
  if (`/games/${params["*"]}` !== canonical) {
    const search = new URL(request.url).searchParams;
    search.delete("_routes");
    const query = search.toString();
    throw redirect(`${params.locale === undefined ? "" : `/${params.locale}`}${canonical}${query ? `?${query}` : ""}`, 301);
  }

  const services = webServices(context);
  const viewer = await catalogueViewer(request, services, language);
  const [page, collections, providers] = await Promise.all([
    services.game.listGames(gamesQuery(filter, 1, GAMES_PER_PAGE), viewer).catch((error: unknown) => {
      console.warn("Games could not be loaded", error);
      return null;
    }),
    filter.collection === undefined ? Promise.resolve([]) : orEmpty("Game collections", services.game.listCollections(viewer)),
    filter.provider.length === 0 ? Promise.resolve([]) : orEmpty("Game providers", services.game.listProviders(viewer)),
  ]);
  const collection = collections.find((candidate) => candidate.identity === filter.collection);
  if (filter.collection !== undefined && !collection) throw data(null, { status: 404 });
  const providerNames = Object.fromEntries(providers.filter((provider) => filter.provider.includes(provider.identity)).map((provider) => [provider.identity, provider.name]));
  return {
    filter,
    collectionName: collection?.name ?? null,
    providerNames,
    page: page ? { data: page.data.map(tileGame), meta: page.meta } : null,
  };
}

export const meta: Route.MetaFunction = ({ params, loaderData }) => {
  const title = loaderData?.collectionName ?? (loaderData?.filter.provider.length === 1 ? loaderData.providerNames[loaderData.filter.provider[0]!] : undefined);
  if (!title) return pageMeta(params, "gamesParams");
  const meta = pageMeta(params, "gamesParams");
  const description = meta.find((entry): entry is { name: string; content: string } => "name" in entry)?.content ?? "";
  return titledMeta(metaLanguage(params), title, description);
};

type Chip = { key: string; label: string; without: GamesFilter };

/** Each part of the selection as a chip whose link removes it. */
function useSelectionChips(filter: GamesFilter, collectionName: string | null, providerNames: Record<string, string>): Chip[] {
  const { t } = useTranslation("pages");
  const chips: Chip[] = [];
  if (filter.collection !== undefined) {
    const { collection: _collection, ...rest } = filter;
    chips.push({ key: "collection", label: collectionName ?? filter.collection, without: rest });
  }
  for (const category of filter.category) {
    chips.push({ key: `category-${category}`, label: t(`games.categories.${category}`), without: { ...filter, category: filter.category.filter((value) => value !== category) } });
  }
  for (const provider of filter.provider) {
    chips.push({ key: `provider-${provider}`, label: providerNames[provider] ?? provider, without: { ...filter, provider: filter.provider.filter((value) => value !== provider) } });
  }
  for (const feature of filter.feature) {
    chips.push({ key: `feature-${feature}`, label: t(`gamesParams.features.${feature}`), without: { ...filter, feature: filter.feature.filter((value) => value !== feature) } });
  }
  if (filter.sort !== "popular") chips.push({ key: "sort", label: t(`gamesParams.sorts.${filter.sort}`), without: { ...filter, sort: "popular" } });
  return chips;
}

export default function GamesSelectionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { filter, collectionName, providerNames, page } = loaderData;
  const chips = useSelectionChips(filter, collectionName, providerNames);
  const onlyProvider = filter.provider.length === 1 && chips.length === 1 ? providerNames[filter.provider[0]!] : undefined;
  const onlyCategory = filter.category.length === 1 && chips.length === 1 ? t(`games.categories.${filter.category[0]!}`) : undefined;
  const title = (chips.length === 1 ? (collectionName ?? onlyProvider ?? onlyCategory) : undefined) ?? t("gamesParams.title");
  const empty = (
    <EmptyPanel>
      <EmptyState
        title={t("gamesParams.empty.title")}
        description={t("gamesParams.empty.description")}
        action={
          <LocalizedLink to="/games" className={buttonClassName({ variant: "secondary" })}>
            {t("gamesParams.empty.action")}
          </LocalizedLink>
        }
      />
    </EmptyPanel>
  );
  return (
    <PageFrame>
      <PageIntro icon={<CardsIcon />} title={title} />
      <LobbyToolbar />
      <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("gamesParams.selection")} data-selection-chips="">
        {chips.map((chip) => (
          <li key={chip.key}>
            <LocalizedLink
              to={gamesPath(chip.without)}
              className="inline-flex h-8 items-center gap-1.5 rounded-full bg-brand-soft ps-3 pe-2 text-sm font-semibold text-brand-fg outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-focus [&>svg]:size-3.5"
              aria-label={t("gamesParams.remove", { label: chip.label })}
            >
              {chip.label}
              <CloseIcon />
            </LocalizedLink>
          </li>
        ))}
      </ul>
      <SharedQueryClientProvider>
        <GamesGrid
          // A new selection is a new list: the key drops the old pages.
          key={gamesPath(filter)}
          queryKey={gamesKeys.games(filter)}
          fetchPage={(pageNumber, signal) => fetchGames(filter, pageNumber, signal)}
          {...(page ? { initial: page } : {})}
          empty={empty}
        />
      </SharedQueryClientProvider>
    </PageFrame>
  );
}
