import { data } from "react-router";
import type { Route } from "./+types/game";
import { CardsIcon } from "#app/components/icons.tsx";
import { catalogueViewer } from "#app/features/games/catalogue-viewer.server.ts";
import { GameFrame } from "#app/features/games/game-frame.tsx";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";
import { webServices } from "#app/lib/web-services.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta, titledMeta } from "#app/routes/shared/page-meta.ts";
import { i18nFor } from "#app/lib/i18n.ts";

/** `/game/:id` (route name games-id): the game by its identity, as the visitor may see it; otherwise 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = webServices(context);
  const viewer = await catalogueViewer(request, services, languageFromParams(params));
  const game = await services.game.getGame(params.id.toLowerCase(), viewer);
  if (!game) throw data(null, { status: 404 });
  return { game };
}

// Opening the demo, mobile-game or limit modals must not reload the game (and drop a running session).
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;

export const meta: Route.MetaFunction = ({ params, loaderData }) => {
  if (!loaderData) return pageMeta(params, "game");
  const language = metaLanguage(params);
  const { t } = i18nFor(language);
  return titledMeta(language, loaderData.game.name, t("game.meta.byProvider", { ns: "pages", provider: loaderData.game.provider.name }));
};

export default function GamePage({ loaderData }: Route.ComponentProps) {
  const { game } = loaderData;
  return (
    <PageFrame>
      <PageIntro icon={<CardsIcon />} title={game.name} subtitle={game.provider.name} />
      <GameFrame key={game.identity} game={game} />
    </PageFrame>
  );
}
