import type { Game } from "@playfair/contracts/game/catalogue";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useMediaQuery } from "#app/features/modals/use-media-query.ts";
import { useModal } from "#app/features/modals/use-modal.ts";
import { setReturnToGame } from "#app/features/site-services/return-to-game.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { cx } from "#app/lib/cx.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { gameLimitFromError, openGameLimitReached, registerGameLimitOpener } from "./game-limit.ts";
import { launchGame } from "./games-api.ts";
import { providerPath } from "./games-links.ts";
import { handOverMobileGame, PHONE_QUERY } from "./mobile-game.ts";
import { hasOriginalInterface, ORIGINAL_COMPONENTS } from "./original-interfaces.ts";
import { rememberPlayedGame } from "./played-games.ts";

// Only a launched studio game needs these (and the query client the session bar brings): loaded then.
const ThirdPartySessionBar = lazy(() => import("./third-party-session.tsx").then((module) => ({ default: module.ThirdPartySessionBar })));
const ThirdPartyStakeRefusals = lazy(() => import("./third-party-session.tsx").then((module) => ({ default: module.ThirdPartyStakeRefusals })));
// Real play only: the active bonus's wagering and max bet, a stake refused for it, free spins for this game.
const GameBonusLine = lazy(() => import("#app/features/wallet/bonus/game-bonus-line.tsx"));

type Mode = "real" | "demo";
type LaunchState = { status: "idle" } | { status: "launching"; mode: Mode } | { status: "launched"; launch: GameLaunch } | { status: "failed"; message: string };

/** Third-party games run in the aggregator's frame; these are what the frame may do. */
const FRAME_ALLOW = "fullscreen; autoplay; clipboard-write";

function GameInfo({ game }: { game: Game }) {
  const { t, i18n } = useTranslation("pages");
  const rtp = useMemo(() => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(game.rtp)), [game.rtp, i18n.language]);
  return (
    <dl className="grid grid-cols-3 gap-3 text-sm" data-game-info="">
      <div className="rounded-lg bg-surface-muted p-3">
        <dt className="text-fg-muted">{t("game.info.provider")}</dt>
        <dd className="mt-1 font-semibold">
          <LocalizedLink to={providerPath(game.provider.identity)} className="rounded hover:underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none">
            {game.provider.name}
          </LocalizedLink>
        </dd>
      </div>
      <div className="rounded-lg bg-surface-muted p-3">
        <dt className="text-fg-muted">{t("game.info.rtp")}</dt>
        <dd className="mt-1 font-semibold" data-game-rtp="">
          {t("game.info.rtpValue", { value: rtp })}
        </dd>
      </div>
      <div className="rounded-lg bg-surface-muted p-3">
        <dt className="text-fg-muted">{t("game.info.volatility")}</dt>
        <dd className="mt-1 font-semibold">{t(`game.volatility.${game.volatility}`)}</dd>
      </div>
    </dl>
  );
}

/** The launched game: an iframe with a full-screen button, or our original's own interface. */
function LaunchedGame({ game, launch }: { game: Game; launch: GameLaunch }) {
  const { t } = useTranslation("pages");
  const frame = useRef<HTMLDivElement>(null);
  const Original = ORIGINAL_COMPONENTS[game.identity];
  const bonusLine = launch.demo ? null : (
    <Suspense fallback={null}>
      <GameBonusLine game={game} launch={launch} />
    </Suspense>
  );
  if (launch.kind === "original") {
    if (!Original) return null;
    return (
      <div className="flex flex-col gap-3">
        {bonusLine}
        <Suspense fallback={<div className="skeleton aspect-video w-full rounded-xl" aria-busy="true" />}>
          <Original identity={game.identity} launch={launch} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {bonusLine}
      <Suspense fallback={null}>
        <ThirdPartySessionBar launch={launch} />
        {!launch.demo && <ThirdPartyStakeRefusals game={game} />}
      </Suspense>
      <div ref={frame} className="relative overflow-hidden rounded-xl bg-black" data-game-frame="">
        <iframe
          src={launch.url ?? undefined}
          title={t("game.frameTitle", { name: game.name })}
          allow={FRAME_ALLOW}
          allowFullScreen
          className="block aspect-video max-h-[80vh] w-full border-0"
        />
        <Button
          variant="glass"
          size="sm"
          className="absolute end-3 bottom-3"
          onClick={() => void frame.current?.requestFullscreen?.().catch(() => undefined)}
          data-fullscreen=""
        >
          {t("game.fullscreen")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The game page's frame (route games-id): the game's info, the real/demo choice and the game
 * itself once launched. Guests play demo only (real play asks them to sign up, the demo game
 * modal); a game without a demo says so (demo unavailable modal); phones play in the mobile game
 * modal; a launched game offers the other mode beside its mode line; a stake the limits refuse opens the game limit reached modal.
 */
export function GameFrame({ game }: { game: Game }) {
  const { t } = useTranslation("pages");
  const session = useSession();
  const location = useLocation();
  const { openModal } = useModal();
  const phone = useMediaQuery(PHONE_QUERY);
  const [state, setState] = useState<LaunchState>({ status: "idle" });
  const opensSoon = game.isOriginal && !hasOriginalInterface(game.identity);
  const signedIn = isSignedIn(session);

  useEffect(() => {
    registerGameLimitOpener(() => openModal("game-limit-reached"));
    return () => registerGameLimitOpener(null);
  }, [openModal]);

  // The return-to-game record: this tab's way back to the game from the lobby.
  useEffect(() => {
    setReturnToGame({ gameId: game.identity, path: location.pathname });
  }, [game.identity, location.pathname]);

  async function play(mode: Mode) {
    if (mode === "real" && !signedIn) {
      openModal("demo-game");
      return;
    }
    if (mode === "demo" && !game.hasDemo) {
      openModal("demo-unavailable");
      return;
    }
    setState({ status: "launching", mode });
    try {
      const launch = await launchGame(game.identity, { demo: mode === "demo", device: phone ? "mobile" : "desktop" });
      if (!signedIn) rememberPlayedGame(game.identity);
      if (phone && launch.kind === "iframe") {
        handOverMobileGame({ identity: game.identity, name: game.name, provider: game.provider.identity, launch });
        setState({ status: "idle" });
        openModal("mobile-game");
        return;
      }
      setState({ status: "launched", launch });
    } catch (error) {
      // A limit, restricted mode, or a country's cap below the game's smallest stake (P11) refused the launch.
      const limit = gameLimitFromError(error);
      if (limit) {
        setState({ status: "idle" });
        openGameLimitReached(limit);
        return;
      }
      if (isApiRequestError(error) && error.sessionEnded) {
        setState({ status: "idle" });
        return;
      }
      setState({ status: "failed", message: t("game.launchFailed") });
    }
  }

  const launching = state.status === "launching";
  return (
    <div className="mt-6 flex flex-col gap-5" data-game-page={game.identity}>
      {state.status === "launched" ? (
        <LaunchedGame game={game} launch={state.launch} />
      ) : (
        <div className="relative grid place-items-center overflow-hidden rounded-xl border border-border bg-surface p-6 sm:aspect-video sm:p-10">
          <div className="flex max-w-md flex-col items-center gap-4 text-center">
            <img
              src={game.images["1x1"]["1x"]}
              srcSet={`${game.images["1x1"]["1x"]} 1x, ${game.images["1x1"]["2x"]} 2x, ${game.images["1x1"]["3x"]} 3x`}
              alt=""
              width={160}
              height={160}
              className="size-32 rounded-xl sm:size-40"
            />
            {opensSoon ? (
              <p className="rounded-lg bg-brand-soft px-4 py-3 font-semibold text-brand-fg" role="status" data-opens-soon="">
                {t("game.opensSoon")}
              </p>
            ) : (
              !signedIn && <p className="text-sm text-fg-muted">{t("game.guestDemoOnly")}</p>
            )}
            <div className="flex flex-wrap justify-center gap-2" role="group" aria-label={t("game.modeLabel")}>
              <Button variant="primary" disabled={opensSoon || launching} onClick={() => void play("real")} data-play-real="" aria-busy={launching && state.mode === "real"}>
                {t("game.playReal")}
              </Button>
              <Button variant="secondary" disabled={opensSoon || launching} onClick={() => void play("demo")} data-play-demo="" aria-busy={launching && state.mode === "demo"}>
                {t("game.playDemo")}
              </Button>
            </div>
            {state.status === "failed" && (
              <p role="alert" className="text-sm text-error">
                {state.message}
              </p>
            )}
          </div>
        </div>
      )}
      {state.status === "launched" && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className={cx("text-sm text-fg-muted")} data-game-mode={state.launch.demo ? "demo" : "real"}>
            {state.launch.demo ? t("game.playingDemo") : t("game.playingReal", { currency: state.launch.currency })}
          </p>
          {/* The other mode without leaving the page: a guest who signed up mid-demo goes on for real money
              (a guest still gets the sign-up invitation), a player tries the demo. */}
          {state.launch.demo || game.hasDemo ? (
            <Button variant="secondary" size="sm" onClick={() => void play(state.launch.demo ? "real" : "demo")} data-switch-mode={state.launch.demo ? "real" : "demo"}>
              {state.launch.demo ? t("game.playReal") : t("game.playDemo")}
            </Button>
          ) : null}
        </div>
      )}
      <GameInfo game={game} />
    </div>
  );
}
