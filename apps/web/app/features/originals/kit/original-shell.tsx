import type { Round } from "@playfair/contracts/game/play";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { cx } from "#app/lib/cx.ts";
import { BalanceReadout } from "./balance-readout.tsx";
import { FairnessPanel } from "./fairness-panel.tsx";
import { RecallPanel } from "./recall-panel.tsx";
import { ResultHistory } from "./result-history.tsx";
import { showsSessionBar } from "./jurisdiction.ts";
import { RoundErrorNotice } from "./round-error-notice.tsx";
import { SessionBar } from "#app/features/limits/session-bar.tsx";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import type { OriginalRounds } from "./use-original-rounds.ts";

type FooterTab = "fairness" | "recall";

/**
 * An original's page layout: the stage (the game's own artwork, deep in both themes) with the
 * result history along its top, the bet panel beside it on desktop and below it on phones (the
 * balance, the game's controls, the play button, a refused round's notice), and the footer tabs
 * (provably fair, game recall).
 */
export function OriginalShell({
  rounds,
  name,
  stage,
  panel,
  chipLabel,
  describeRound,
  stageClassName,
}: {
  rounds: OriginalRounds;
  /** The game's name: labels the region. */
  name: string;
  stage: ReactNode;
  /** The bet panel's controls: the amount, the game's own settings and the play button. */
  panel: ReactNode;
  /** A history chip's text (default: the multiplier, "2.00×"). */
  chipLabel?: (round: Round) => string;
  /** A short outcome for the recall list ("Roll 42.17"). */
  describeRound?: (round: Round) => string;
  stageClassName?: string;
}) {
  const { t } = useTranslation("originals");
  const [tab, setTab] = useState<FooterTab>("fairness");
  const { money } = useMoneyFormat();
  const rules = rounds.launch.jurisdiction;
  return (
    <section aria-label={name} className="flex min-w-0 flex-col gap-4" data-original={rounds.identity} data-original-mode={rounds.demo ? "demo" : "real"}>
      {showsSessionBar(rules) && <SessionBar rules={rules} net={rounds.net} currency={rounds.currency} money={money} />}
      <div className="grid min-w-0 gap-3 lg:grid-cols-[minmax(17rem,20rem)_minmax(0,1fr)]">
        <div className={cx("relative order-1 flex min-h-72 min-w-0 flex-col overflow-hidden rounded-xl bg-stage p-3 text-on-stage sm:min-h-96 sm:p-4 lg:order-2", stageClassName)} data-original-stage="">
          <ResultHistory rounds={rounds.history} label={chipLabel} />
          <div className="flex min-h-0 flex-1 flex-col items-center justify-center">{stage}</div>
        </div>
        <div className="order-2 flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-3 sm:p-4 lg:order-1" data-bet-panel="">
          <BalanceReadout rounds={rounds} />
          {panel}
          <RoundErrorNotice rounds={rounds} />
        </div>
      </div>
      <Tabs<FooterTab>
        label={t("kit.tabs.label")}
        value={tab}
        onChange={setTab}
        className="rounded-xl border border-border bg-surface p-3 sm:p-4"
        items={[
          { value: "fairness", label: t("kit.tabs.fairness"), panel: <FairnessPanel rounds={rounds} /> },
          { value: "recall", label: t("kit.tabs.recall"), panel: <RecallPanel rounds={rounds} describe={describeRound} /> },
        ]}
      />
    </section>
  );
}
