import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { forgetGameLimitReason, readGameLimitReason } from "./game-limit.ts";
import { mobileGame } from "./mobile-game.ts";

/** Spec 2.4 game limit reached: which limit refused the stake, and the way to the limits page. */
export function GameLimitReachedModal({ close }: ModalContentProps) {
  const { t } = useTranslation("games");
  const [reason] = useState(readGameLimitReason);
  return (
    <div className="flex flex-col gap-4" data-game-limit-reached={reason ?? "unknown"}>
      <p>{t(`limitReached.${reason ?? "unknown"}`)}</p>
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            forgetGameLimitReason();
            close();
          }}
        >
          {t("close")}
        </Button>
        <LocalizedLink to="/profile/limits" className={buttonClassName({ variant: "primary" })} onClick={forgetGameLimitReason}>
          {t("limitReached.toLimits")}
        </LocalizedLink>
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

/** Spec 2.4 mobile game: the launched game filling a phone's screen. */
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
      <iframe src={game.launch.url} title={game.name} allow="fullscreen; autoplay; clipboard-write" allowFullScreen className="block h-[78dvh] w-full border-0 bg-black" />
    </div>
  );
}
