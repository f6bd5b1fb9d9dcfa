import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { forgetGameLimitReason, JURISDICTION_LIMIT_REASONS, readGameLimit } from "./game-limit.ts";
import { gameLimitText } from "./game-limit-words.ts";
import { mobileGame } from "./mobile-game.ts";

const ThirdPartySessionBar = lazy(() => import("./third-party-session.tsx").then((module) => ({ default: module.ThirdPartySessionBar })));
const MobileGameStakeRefusals = lazy(() => import("./third-party-session.tsx").then((module) => ({ default: module.MobileGameStakeRefusals })));

/**
 * Spec 2.4 game limit reached: which limit refused the stake, and the way to the limits page. The
 * country's stake cap (P11) is not one of the player's limits: it names the cap in the player's
 * currency (and the game's smallest stake when that is over it) and offers no way to the limits.
 */
export function GameLimitReachedModal({ close }: ModalContentProps) {
  const { t } = useTranslation("games");
  const { money } = useMoneyFormat();
  const [limit] = useState(readGameLimit);
  const reason = limit?.reason ?? "unknown";
  const jurisdiction = limit ? JURISDICTION_LIMIT_REASONS.includes(limit.reason) : false;
  const text = gameLimitText(t, money, limit);
  return (
    <div className="flex flex-col gap-4" data-game-limit-reached={reason}>
      <p data-game-limit-text="">{text}</p>
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button
          variant={jurisdiction ? "primary" : "secondary"}
          onClick={() => {
            forgetGameLimitReason();
            close();
          }}
        >
          {t("close")}
        </Button>
        {!jurisdiction && (
          <LocalizedLink to="/profile/limits" className={buttonClassName({ variant: "primary" })} onClick={forgetGameLimitReason}>
            {t("limitReached.toLimits")}
          </LocalizedLink>
        )}
      </div>
    </div>
  );
}

/** Spec 2.4 demo game: a guest asked for real play; demo is theirs now, real money after signing up. */
export function DemoGameModal({ close }: ModalContentProps) {
  const { t } = useTranslation("games");
  return (
    <div className="flex flex-col gap-4" data-demo-game="">
      <p>{t("demoGame.description")}</p>
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close}>
          {t("demoGame.stayDemo")}
        </Button>
        <ModalLink modal="sign-up" className={buttonClassName({ variant: "primary" })}>
          {t("demoGame.signUp")}
        </ModalLink>
      </div>
    </div>
  );
}

/** Spec 2.4 demo unavailable: this game has no play-money version. */
export function DemoUnavailableModal({ close }: ModalContentProps) {
  const { t } = useTranslation("games");
  return (
    <div className="flex flex-col gap-4" data-demo-unavailable="">
      <p>{t("demoUnavailable.description")}</p>
      <div className="flex justify-end">
        <Button onClick={close}>{t("close")}</Button>
      </div>
    </div>
  );
}

/**
 * Spec 2.4 mobile game: the launched game filling a phone's screen, under the jurisdiction's
 * session bar where one applies (P11); a stake refused for real money stacks its notice over it.
 */
export function MobileGameModal({ close }: ModalContentProps) {
  const { t } = useTranslation("games");
  const [game] = useState(mobileGame);
  if (!game?.launch.url) {
    return (
      <div className="flex flex-col gap-4">
        <p>{t("mobileGame.gone")}</p>
        <div className="flex justify-end">
          <Button onClick={close}>{t("close")}</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="-mx-5 -mb-6 xs:-mx-6" data-mobile-game={game.identity}>
      <Suspense fallback={null}>
        <div className="px-3 pb-2 empty:hidden">
          <ThirdPartySessionBar launch={game.launch} />
        </div>
        {!game.launch.demo && <MobileGameStakeRefusals provider={game.provider} />}
      </Suspense>
      <iframe src={game.launch.url} title={game.name} allow="fullscreen; autoplay; clipboard-write" allowFullScreen className="block h-[78dvh] w-full border-0 bg-black" />
    </div>
  );
}
