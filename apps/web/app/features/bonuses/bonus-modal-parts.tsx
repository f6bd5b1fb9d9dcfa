// What the bonus modals share: finding the bonus a modal is about, and the states shown while it
// loads or when it cannot be found (a stale link, another tab cancelled it).
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ACTIVE_LIST_STATUSES, HISTORY_STATUSES, usePlayerBonuses } from "./bonus-api.ts";
import { readBonusTarget, type BonusTarget } from "./bonus-target.ts";
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

export function BonusMissing({ close }: { close: () => void }) {
  const { t } = useTranslation("bonuses");
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" data-bonus-missing="">
      <p role="status" className="text-fg-muted">
        {t("modals.missing")}
      </p>
      <Button variant="secondary" onClick={close}>
        {t("actions.close")}
      </Button>
    </div>
  );
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
