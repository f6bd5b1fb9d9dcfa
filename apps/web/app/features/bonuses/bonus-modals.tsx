// The activation and cancellation modals (spec 2.4): confirm-bonus shows the terms before the
// player accepts; confirm-bonus-unsettled asks before a bonus whose wagering is not settled is
// given up (its money and winnings go); bonus-cancel-lock explains why a bonus with an open round
// cannot be cancelled yet and links to the game to finish it.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { isZero } from "@playfair/contracts/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { bonusErrorReason, useActivateBonus, useCancelBonus, type BonusErrorReason } from "#app/features/bonus-data/bonus-api.ts";
import { forgetBonusTarget } from "./bonus-target.ts";
import { bonusTermsInput, CloseActions, ModalActions, ModalNotice, ModalProblem, TermsSection, WithBonus } from "./bonus-modal-parts.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useModal } from "#app/features/modals/use-modal.ts";
import { readReturnToGame } from "#app/features/site-services/return-to-game-read.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

/**
 * What an activation or a cancellation does with the server's answer: done, the modal closes and
 * forgets its bonus; refused, `onRefused` gets the bonus reason (null for any other failure). An
 * ended session says nothing here: the sign-in prompt speaks for it.
 */
function settleAction(close: () => void, onRefused: (reason: BonusErrorReason | null) => void) {
  return {
    onSuccess: () => {
      forgetBonusTarget();
      close();
    },
    onError: (error: unknown) => {
      if (isApiRequestError(error) && error.sessionEnded) return;
      onRefused(bonusErrorReason(error));
    },
  };
}

export function ConfirmBonusModal({ close }: ModalContentProps) {
  return <WithBonus close={close}>{(bonus) => <ConfirmActivation bonus={bonus} close={close} />}</WithBonus>;
}

function ConfirmActivation({ bonus, close }: { bonus: PlayerBonus; close: () => void }) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const activate = useActivateBonus();
  const [problem, setProblem] = useState<string | null>(null);
  if (bonus.status !== 1) return <AlreadyDone bonus={bonus} close={close} />;
  return (
    <div className="flex flex-col gap-4" data-confirm-bonus={bonus.id}>
      <div>
        <p className="font-display text-lg font-bold text-fg">{bonus.title}</p>
        <p className="mt-1 font-display text-2xl font-extrabold text-fg" dir="ltr">
          <bdi>{money(bonus.amount, bonus.currency)}</bdi>
        </p>
      </div>
      <p className="text-sm text-pretty text-fg-muted">
        {isZero(bonus.wagering.required) ? t("confirm.noWagering") : t("confirm.intro", { required: money(bonus.wagering.required, bonus.currency) })}
      </p>
      <TermsSection input={bonusTermsInput(bonus)} />
      <p className="text-xs text-pretty text-fg-subtle">{t("confirm.realMoneyFirst")}</p>
      <ModalProblem problem={problem} />
      <ModalActions>
        <Button variant="secondary" onClick={close} disabled={activate.isPending}>
          {t("actions.notNow")}
        </Button>
        <Button
          onClick={() => activate.mutate(bonus.id, settleAction(close, (reason) => setProblem(reason ? t(`errors.${reason}`) : t("errors.tryAgain"))))}
          disabled={activate.isPending}
          data-confirm-bonus-submit=""
        >
          {t("confirm.accept")}
        </Button>
      </ModalActions>
    </div>
  );
}

/** The bonus changed since the button was pressed (another tab, the expiry job): say what it is now. */
function AlreadyDone({ bonus, close }: { bonus: PlayerBonus; close: () => void }) {
  const { t } = useTranslation("bonuses");
  return <ModalNotice message={bonus.status === 2 ? t("errors.bonusAlreadyActive") : t("errors.bonusFinished")} close={close} data={{ "data-bonus-already": bonus.status }} />;
}

export function ConfirmBonusUnsettledModal({ close }: ModalContentProps) {
  return <WithBonus close={close}>{(bonus) => <ConfirmCancel bonus={bonus} close={close} />}</WithBonus>;
}

function ConfirmCancel({ bonus, close }: { bonus: PlayerBonus; close: () => void }) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const { openModal } = useModal();
  const cancel = useCancelBonus();
  const [problem, setProblem] = useState<string | null>(null);
  if (bonus.status === 3) return <AlreadyDone bonus={bonus} close={close} />;
  if (bonus.hasOpenRounds) return <CancelLock bonus={bonus} close={close} />;
  const isActive = bonus.status === 2;
  return (
    <div className="flex flex-col gap-4" data-confirm-bonus-unsettled={bonus.id}>
      <p className="font-display text-lg font-bold text-fg">{bonus.title}</p>
      <p className="rounded-lg border border-attention/30 bg-attention-soft px-3.5 py-3 text-sm text-pretty text-fg">
        {isActive ? t("cancel.active", { balance: money(bonus.balance, bonus.currency) }) : t("cancel.issued")}
      </p>
      <p className="text-sm text-pretty text-fg-muted">{t("cancel.cashKept")}</p>
      <ModalProblem problem={problem} />
      <ModalActions>
        <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
          {t("cancel.keep")}
        </Button>
        <Button
          variant="danger"
          onClick={() =>
            cancel.mutate(
              bonus.id,
              settleAction(close, (reason) => {
                // A round opened since the page was drawn: the cancel lock explains it.
                if (reason === "bonusHasOpenRounds") openModal("bonus-cancel-lock");
                else setProblem(reason ? t(`errors.${reason}`) : t("errors.tryAgain"));
              }),
            )
          }
          disabled={cancel.isPending}
          data-confirm-bonus-unsettled-submit=""
        >
          {t("cancel.confirm")}
        </Button>
      </ModalActions>
    </div>
  );
}

export function BonusCancelLockModal({ close }: ModalContentProps) {
  return <WithBonus close={close}>{(bonus) => <CancelLock bonus={bonus} close={close} />}</WithBonus>;
}

/** The game to finish the open round in: the one the player last left, else the bonus's only game, else the lobby. */
export function lockGamePath(bonus: Pick<PlayerBonus, "wagerCasinoConditions">, returnPath: string | null): string {
  if (returnPath) return returnPath;
  const [only, ...others] = bonus.wagerCasinoConditions.gameIds;
  return only && others.length === 0 ? `/game/${encodeURIComponent(only)}` : "/recently-played";
}

function CancelLock({ bonus, close }: { bonus: PlayerBonus; close: () => void }) {
  const { t } = useTranslation("bonuses");
  const [returnPath] = useState(() => readReturnToGame()?.path ?? null);
  const path = lockGamePath(bonus, returnPath);
  return (
    <div className="flex flex-col gap-4" data-bonus-cancel-lock={bonus.id}>
      <p className="font-display text-lg font-bold text-fg">{bonus.title}</p>
      <p className="text-pretty text-fg-muted">{t("lock.description")}</p>
      <p className="text-sm text-pretty text-fg-subtle">{t("lock.after")}</p>
      <CloseActions close={close}>
        {/* A return path already carries its locale prefix; a built one is localized by the link. */}
        {returnPath ? (
          <Link to={path} className={buttonClassName({ variant: "primary" })} data-bonus-lock-game="">
            {t("lock.toGame")}
          </Link>
        ) : (
          <LocalizedLink to={path} className={buttonClassName({ variant: "primary" })} data-bonus-lock-game="">
            {t("lock.toGame")}
          </LocalizedLink>
        )}
      </CloseActions>
    </div>
  );
}
