// What the bonus modals share: finding the bonus a modal is about, the states shown while it loads
// or when it cannot be found (a stale link, another tab cancelled it), a plain notice with a close
// button, the terms section and the action row that starts with Close.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ACTIVE_LIST_STATUSES, HISTORY_STATUSES, usePlayerBonuses } from "#app/features/bonus-data/bonus-api.ts";
import { readBonusTarget, type BonusTarget } from "./bonus-target.ts";
import { BonusTermsList, type TermsInput } from "./bonus-terms.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";

export function useBonusTarget(): BonusTarget | null {
  const [target] = useState(readBonusTarget);
  return target;
}

/** The bonus the modal is about, from the current lists, else from the history (a visitor has none). */
export function useTargetBonus(): { bonus: PlayerBonus | null; pending: boolean } {
  const target = useBonusTarget();
  const signedIn = isSignedIn(useSession());
  const id = signedIn && target?.kind === "bonus" ? target.id : null;
  const current = usePlayerBonuses(ACTIVE_LIST_STATUSES, { enabled: id !== null });
  const inCurrent = current.data?.find((bonus) => bonus.id === id) ?? null;
  const history = usePlayerBonuses(HISTORY_STATUSES, { enabled: id !== null && current.isSuccess && inCurrent === null });
  const bonus = inCurrent ?? history.data?.find((bonus) => bonus.id === id) ?? null;
  const pending = id !== null && bonus === null && (current.isPending || (inCurrent === null && current.isSuccess && history.isPending));
  return { bonus, pending };
}

export function ModalLoading() {
  const { t } = useTranslation("bonuses");
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">{t("overview.loading")}</span>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-24 w-full rounded-lg" />
    </div>
  );
}

/** The modal's bonus once found: a skeleton while the lists load, the missing notice when no list holds it. */
export function WithBonus({ close, children }: { close: () => void; children: (bonus: PlayerBonus) => ReactNode }) {
  const { bonus, pending } = useTargetBonus();
  if (pending) return <ModalLoading />;
  if (!bonus) return <BonusMissing close={close} />;
  return <>{children(bonus)}</>;
}

/** A sentence in place of the modal's body, and the way out. `data` names the notice for tests and styles. */
export function ModalNotice({ message, close, data }: { message: string; close: () => void; data: Record<`data-${string}`, string | number> }) {
  const { t } = useTranslation("bonuses");
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" {...data}>
      <p role="status" className="text-fg-muted">
        {message}
      </p>
      <Button variant="secondary" onClick={close}>
        {t("actions.close")}
      </Button>
    </div>
  );
}

export function BonusMissing({ close }: { close: () => void }) {
  const { t } = useTranslation("bonuses");
  return <ModalNotice message={t("modals.missing")} close={close} data={{ "data-bonus-missing": "" }} />;
}

/** The full terms in their own labelled box, as a player reads them before accepting. */
export function TermsSection({ input }: { input: TermsInput }) {
  const { t } = useTranslation("bonuses");
  return (
    <section aria-label={t("confirm.termsLabel")} className="rounded-lg border border-border px-3.5 py-1">
      <BonusTermsList input={input} full />
    </section>
  );
}

/** The terms as a player bonus states them: its own max bet and max conversion in its currency. */
export function bonusTermsInput(bonus: Pick<PlayerBonus, "terms" | "currency" | "maxBet" | "maxConversion">): TermsInput {
  return { terms: bonus.terms, currency: bonus.currency, maxBet: bonus.maxBet, maxConversion: bonus.maxConversion };
}

export function ModalProblem({ problem }: { problem: string | null }) {
  return (
    <div role="alert" aria-live="assertive" className={problem ? "block" : "contents"}>
      {problem ? <p className="rounded-lg border border-error/25 bg-error-soft px-3.5 py-3 text-sm font-medium text-error" data-bonus-problem="">{problem}</p> : null}
    </div>
  );
}

export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">{children}</div>;
}

/** The actions of a reading modal: Close, then whatever leads on from it. */
export function CloseActions({ close, children }: { close: () => void; children?: ReactNode }) {
  const { t } = useTranslation("bonuses");
  return (
    <ModalActions>
      <Button variant="secondary" onClick={close}>
        {t("actions.close")}
      </Button>
      {children}
    </ModalActions>
  );
}
