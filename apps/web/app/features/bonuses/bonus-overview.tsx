// The player's bonuses and free spins in three tabs (active, waiting for activation, history),
// shared by the /bonuses page and the profile's bonus section. The lists are the spec's [1,2]
// reads (kept live by bonus-live.tsx); the history reads status 3 when its tab is opened.
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import type { PlayerBonus, PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HISTORY_STATUSES, usePlayerBonuses, usePlayerFreespins } from "#app/features/bonus-data/bonus-api.ts";
import { BonusCard } from "./bonus-card.tsx";
import { FreespinCard } from "./freespin-card.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";

type Tab = "active" | "issued" | "history";

export function BonusOverview() {
  const { t } = useTranslation("bonuses");
  const [tab, setTab] = useState<Tab>("active");
  const bonuses = usePlayerBonuses();
  const freespins = usePlayerFreespins();
  const isHistory = tab === "history";
  const historyBonuses = usePlayerBonuses(HISTORY_STATUSES, { enabled: isHistory });
  const historyFreespins = usePlayerFreespins(HISTORY_STATUSES, { enabled: isHistory });

  const activeBonuses = (bonuses.data ?? []).filter((bonus) => bonus.status === PLAYER_BONUS_STATUS.active);
  const issuedBonuses = (bonuses.data ?? []).filter((bonus) => bonus.status === PLAYER_BONUS_STATUS.issued);
  const activeSpins = (freespins.data ?? []).filter((spin) => spin.status === PLAYER_BONUS_STATUS.active);
  const issuedSpins = (freespins.data ?? []).filter((spin) => spin.status === PLAYER_BONUS_STATUS.issued);

  const current = {
    active: { bonuses: activeBonuses, spins: activeSpins, pending: bonuses.isPending || freespins.isPending, failed: bonuses.isError || freespins.isError },
    issued: { bonuses: issuedBonuses, spins: issuedSpins, pending: bonuses.isPending || freespins.isPending, failed: bonuses.isError || freespins.isError },
    history: {
      bonuses: historyBonuses.data ?? [],
      spins: historyFreespins.data ?? [],
      pending: historyBonuses.isPending || historyFreespins.isPending,
      failed: historyBonuses.isError || historyFreespins.isError,
    },
  }[tab];
  const retry = () => {
    void (isHistory ? historyBonuses.refetch() : bonuses.refetch());
    void (isHistory ? historyFreespins.refetch() : freespins.refetch());
  };

  const count = (list: { length: number }, spins: { length: number }) => list.length + spins.length;
  const label = (key: Tab, total: number | null) => (
    <>
      {t(`tabs.${key}`)}
      {total ? <span className="rounded-full bg-brand-soft px-1.5 text-xs text-brand-fg tabular-nums">{total}</span> : null}
    </>
  );

  return (
    <div className="flex flex-col gap-4" data-bonus-overview="">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted">{t("overview.intro")}</p>
        <GetCodeButton />
      </div>
      <Tabs
        label={t("tabs.label")}
        value={tab}
        onChange={setTab}
        items={(["active", "issued", "history"] as const).map((key) => ({
          value: key,
          label: label(key, key === "active" ? count(activeBonuses, activeSpins) : key === "issued" ? count(issuedBonuses, issuedSpins) : null),
          panel: <TabPanel tab={key} {...current} retry={retry} />,
        }))}
      />
    </div>
  );
}

function GetCodeButton() {
  const { t } = useTranslation("bonuses");
  const { openModal } = useModal();
  return (
    <Button variant="secondary" size="sm" onClick={() => openModal("get-code")} data-bonus-get-code="">
      {t("actions.getCode")}
    </Button>
  );
}

function TabPanel({ tab, bonuses, spins, pending, failed, retry }: { tab: Tab; bonuses: PlayerBonus[]; spins: PlayerFreespin[]; pending: boolean; failed: boolean; retry: () => void }) {
  const { t } = useTranslation("bonuses");
  if (pending && !failed) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t("overview.loading")}</span>
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (failed) {
    return (
      <EmptyState
        size="inline"
        headingLevel={3}
        title={t("overview.failed")}
        action={
          <Button variant="secondary" onClick={retry}>
            {t("actions.retry")}
          </Button>
        }
      />
    );
  }
  if (bonuses.length === 0 && spins.length === 0) return <EmptyTab tab={tab} />;
  return (
    <div className="flex flex-col gap-6">
      {bonuses.length > 0 ? (
        <section aria-label={t("overview.bonuses")}>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
            {bonuses.map((bonus) => (
              <BonusCard key={bonus.id} bonus={bonus} />
            ))}
          </ul>
        </section>
      ) : null}
      {spins.length > 0 ? (
        <section aria-labelledby={`freespins-${tab}`}>
          <h3 id={`freespins-${tab}`} className="mb-3 font-display text-base font-bold text-fg">
            {t("freespins.title")}
          </h3>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
            {spins.map((spin) => (
              <FreespinCard key={spin.id} freespin={spin} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Each tab's empty state says how a bonus arrives there. */
function EmptyTab({ tab }: { tab: Tab }) {
  const { t } = useTranslation("bonuses");
  const { openModal } = useModal();
  return (
    <div data-bonus-empty={tab}>
      <EmptyState
        size="inline"
        headingLevel={3}
        title={t(`empty.${tab}.title`)}
        description={t(`empty.${tab}.description`)}
        action={
          tab === "history" ? null : (
            <>
              <LocalizedLink to="/welcome-package" className={buttonClassName({ variant: "primary", size: "sm" })}>
                {t("empty.welcomePackage")}
              </LocalizedLink>
              <Button variant="secondary" size="sm" onClick={() => openModal("get-code")}>
                {t("actions.getCode")}
              </Button>
            </>
          )
        }
      />
    </div>
  );
}
