// One player bonus on the bonus pages: what it is, its money (the live balance while active), the
// wagering bar, its deadline, the short terms and what the player can do with it. Actions open
// the spec's modals: confirm-bonus (activation shows the terms first), confirm-bonus-unsettled
// (cancelling forfeits), bonus-cancel-lock (a round is still open), bonus-details, bonus-condition.
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { isZero } from "@playfair/contracts/money";
import { useTranslation } from "react-i18next";
import { BonusTermsList } from "./bonus-terms.tsx";
import { rememberBonusTarget } from "./bonus-target.ts";
import { BonusTime, Countdown } from "./bonus-time.tsx";
import { StatusBadge } from "./bonus-status.tsx";
import { WageringProgress } from "./wagering-progress.tsx";
import { GiftIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";
import type { ModalId } from "#app/features/modals/modal-registry.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";

/** Opens a bonus modal about `bonus` (what it is about travels in sessionStorage). */
export function useOpenBonusModal() {
  const { openModal } = useModal();
  return (id: ModalId, bonus: { id: string }, kind: "bonus" | "freespin" = "bonus") => {
    rememberBonusTarget({ kind, id: bonus.id });
    openModal(id);
  };
}

/** Cancelling: refused outright while a round is open (the cancel lock), otherwise confirmed first. */
export function cancelModalOf(bonus: Pick<PlayerBonus, "hasOpenRounds">): ModalId {
  return bonus.hasOpenRounds ? "bonus-cancel-lock" : "confirm-bonus-unsettled";
}

export function BonusCard({ bonus }: { bonus: PlayerBonus }) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const open = useOpenBonusModal();
  const isIssued = bonus.status === PLAYER_BONUS_STATUS.issued;
  const isActive = bonus.status === PLAYER_BONUS_STATUS.active;
  const isFinished = !isIssued && !isActive;
  const titleId = `bonus-${bonus.id}-title`;
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-5" aria-labelledby={titleId} data-bonus-card={bonus.id}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-fg [&>svg]:size-5" aria-hidden="true">
          <GiftIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-display text-base font-bold tracking-tight text-balance text-fg">
            {bonus.title}
          </h3>
          {bonus.description ? <p className="mt-0.5 text-sm text-pretty text-fg-muted">{bonus.description}</p> : null}
        </div>
        <StatusBadge item={bonus} />
      </div>

      <div className="grid grid-cols-2 gap-3">
        <Figure label={t("card.amount")} value={money(bonus.amount, bonus.currency)} data="amount" />
        {isActive ? <Figure label={t("card.balance")} value={money(bonus.balance, bonus.currency)} data="balance" /> : null}
        {isFinished && bonus.status === PLAYER_BONUS_STATUS.finished && !isZero(bonus.convertedAmount) ? (
          <Figure label={t("card.converted")} value={money(bonus.convertedAmount, bonus.currency)} data="converted" />
        ) : null}
      </div>

      {isFinished ? null : <WageringProgress wagered={bonus.wagering.wagered} required={bonus.wagering.required} currency={bonus.currency} />}

      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-fg-muted" data-bonus-deadline="">
        {isFinished && bonus.finishedAt ? (
          <span>
            {t("card.finishedAt")} <BonusTime at={bonus.finishedAt} className="font-medium text-fg" />
          </span>
        ) : (
          <>
            <span>
              {isIssued ? t("card.activateBy") : t("card.wagerBy")} <BonusTime at={bonus.expiresAt} className="font-medium text-fg" />
            </span>
            <span aria-hidden="true">·</span>
            <Countdown at={bonus.expiresAt} />
          </>
        )}
      </p>

      {isFinished ? null : (
        <BonusTermsList input={{ terms: bonus.terms, currency: bonus.currency, maxBet: bonus.maxBet, maxConversion: bonus.maxConversion }} />
      )}

      <div className="flex flex-wrap items-center gap-2">
        {isIssued ? (
          <Button size="sm" onClick={() => open("confirm-bonus", bonus)} data-bonus-activate="">
            {t("actions.activate")}
          </Button>
        ) : null}
        {isIssued || isActive ? (
          <Button variant="secondary" size="sm" onClick={() => open(cancelModalOf(bonus), bonus)} data-bonus-cancel="">
            {t("actions.cancel")}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => open("bonus-details", bonus)} data-bonus-details="">
          {t("actions.details")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => open("bonus-condition", bonus)} data-bonus-conditions="">
          {t("actions.conditions")}
        </Button>
        {bonus.pageIdentity ? (
          <LocalizedLink to={`/bonus/${encodeURIComponent(bonus.pageIdentity)}`} className="ms-auto text-sm font-semibold text-brand-fg underline-offset-4 hover:underline" data-bonus-page="">
            {t("actions.about")}
          </LocalizedLink>
        ) : null}
      </div>
    </li>
  );
}

export function Figure({ label, value, data }: { label: string; value: string; data: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-surface-muted px-3 py-2">
      <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{label}</p>
      <p className="mt-0.5 font-display text-lg font-bold tracking-tight text-fg" dir="ltr" data-bonus-figure={data}>
        <bdi>{value}</bdi>
      </p>
    </div>
  );
}
