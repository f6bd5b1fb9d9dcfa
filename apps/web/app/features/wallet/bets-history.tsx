// The wallet history's sports bets tab (spec 7 GET /api/game/bets, shown next to the casino
// spins): decided bets by default, open ones at the switch of the shared filter panel, each with
// its kind, legs, stake, payout and status. The list follows the `bet.placebet` publications on
// `game:bets#` (wallet-live.tsx), so a placed or settled bet shows without a reload.
import { isZero } from "@playfair/contracts/money";
import type { BetView } from "@playfair/contracts/sport/bets";
import { marketTypeById } from "@playfair/contracts/sport/sports";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { FilterField, FilterPanel, type FilterControlsProps } from "./history-filters.tsx";
import { Fact, HistoryList } from "./history-list.tsx";
import { betQueryKeys, fetchBets, NO_BET_FILTERS, type BetFilters } from "./wallet-api.ts";
import { formatDateTime } from "./wallet-format.ts";
import { PlainSelect } from "./wallet-pieces.tsx";
import { useMoneyFormat, usePlayerId } from "./use-wallet.ts";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";

type BetLeg = BetView["legs"][number];

/** What the player reads as a bet's state: a settled bet is told as won, lost or void. */
export type BetOutcome = "pending" | "accepted" | "won" | "lost" | "void" | "cashedOut" | "cancelled" | "rejected";

const OUTCOME_TONES: Record<BetOutcome, BadgeTone> = {
  pending: "attention",
  accepted: "brand",
  won: "success",
  lost: "neutral",
  void: "neutral",
  cashedOut: "accent",
  cancelled: "neutral",
  rejected: "error",
};

export function betOutcome(bet: Pick<BetView, "status" | "payout" | "legs">): BetOutcome {
  if (bet.status === "cashed_out") return "cashedOut";
  if (bet.status !== "settled") return bet.status;
  if (bet.legs.length > 0 && bet.legs.every((leg) => leg.result === "void")) return "void";
  return bet.payout === null || isZero(bet.payout) ? "lost" : "won";
}

/** A leg's result as the catalogues name it (their keys are camel case: an underscore would read as an i18next context). */
const LEG_RESULT_KEYS = { open: "open", win: "win", lose: "lose", void: "void", half_win: "halfWin", half_lose: "halfLose" } as const satisfies Record<BetLeg["result"], string>;

type OutcomeLabel = "home" | "draw" | "away" | "over" | "under" | "yes" | "no";

/** The feed's outcome ids of the fixed market types, as the labels the catalogues translate. */
const OUTCOME_LABELS: Readonly<Record<string, OutcomeLabel>> = { "1": "home", X: "draw", "2": "away", over: "over", under: "under", yes: "yes", no: "no" };

/** "total=2.5|period=1" as { total: "2.5", period: "1" }, for the market names that show them. */
function specifierValues(specifiers: string): { total: string; hcp: string; period: string } {
  const values = new Map(specifiers.split("|").map((part) => [part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1)] as const));
  return { total: values.get("total") ?? "", hcp: values.get("hcp") ?? "", period: values.get("period") ?? "" };
}

/** The leg's market and pick in the player's language; a market or outcome the catalogue does not know shows the feed's own key. */
export function legSelection(leg: BetLeg, t: TFunction<"wallet">): { market: string; outcome: string } {
  const type = marketTypeById(leg.marketTypeId);
  if (!type) return { market: leg.marketKey, outcome: leg.outcomeId };
  const market = t(`history.bets.markets.${type.key}`, specifierValues(leg.specifiers));
  const known = (type.outcomes as readonly string[]).includes(leg.outcomeId) ? OUTCOME_LABELS[leg.outcomeId] : undefined;
  return { market, outcome: known ? t(`history.bets.outcomes.${known}`) : leg.outcomeId };
}

function BetFilterControls({ filters, onChange, idPrefix }: FilterControlsProps<BetFilters>) {
  const { t } = useTranslation("wallet");
  const id = `${idPrefix}-settled`;
  return (
    <FilterField id={id} label={t("history.bets.show")}>
      <PlainSelect
        id={id}
        className="h-10"
        value={filters.isSettled}
        onChange={(event) => onChange({ isSettled: event.target.value === "false" ? "false" : "" })}
        data-bet-filter="isSettled"
      >
        <option value="">{t("history.bets.settledBets")}</option>
        <option value="false">{t("history.bets.openBets")}</option>
      </PlainSelect>
    </FilterField>
  );
}

function LegItem({ leg }: { leg: BetLeg }) {
  const { t } = useTranslation("wallet");
  const { market, outcome } = legSelection(leg, t);
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 border-t border-border pt-2 first:border-t-0 first:pt-0" data-bet-leg={leg.eventId} data-leg-result={leg.result}>
      <p className="min-w-0 basis-full font-medium break-words">{leg.eventName}</p>
      <p className="min-w-0 text-fg-muted break-words">
        {market} · <span className="font-semibold text-fg">{outcome}</span>
      </p>
      <p className="text-fg-muted">
        {t("history.bets.odds")} <span dir="ltr" className="font-semibold text-fg">{leg.odds}</span>
      </p>
      <p className="ms-auto text-xs font-semibold text-fg-subtle">{t(`history.bets.legResult.${LEG_RESULT_KEYS[leg.result]}`)}</p>
    </li>
  );
}

function BetRowItem({ bet }: { bet: BetView }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const outcome = betOutcome(bet);
  const open = bet.status === "pending" || bet.status === "accepted";
  const kind = bet.kind === "system" ? t("history.bets.kind.system", { k: bet.systemSize ?? 0, n: bet.legs.length }) : t(`history.bets.kind.${bet.kind}`);
  return (
    <li className="rounded-xl border border-border bg-surface px-4 py-3" data-bet-row={bet.id} data-bet-status={outcome}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-semibold">{kind}</p>
        <Badge tone={OUTCOME_TONES[outcome]}>{t(`history.bets.status.${outcome}`)}</Badge>
        <p className="text-xs text-fg-subtle">{formatDateTime(bet.placedAt, i18n.language)}</p>
      </div>
      {bet.status === "rejected" && bet.rejectReason ? (
        <p className="mt-1 text-sm text-error" data-bet-reject-reason={bet.rejectReason}>
          {t(`history.bets.rejectReason.${bet.rejectReason}`)}
        </p>
      ) : null}
      <ul className="mt-2 flex flex-col gap-2 rounded-lg bg-surface-muted px-3 py-2 text-sm" aria-label={t("history.bets.legsLabel")}>
        {bet.legs.map((leg) => (
          <LegItem key={`${leg.eventId}-${leg.marketKey}-${leg.outcomeId}`} leg={leg} />
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm xs:grid-cols-3">
        <Fact label={t("history.bets.stake")} value={money(bet.stake, bet.currency)} />
        {open ? (
          <Fact label={t("history.bets.potentialPayout")} value={money(bet.potentialPayout, bet.currency)} />
        ) : (
          <Fact label={t("history.bets.payout")} value={bet.payout === null ? "—" : money(bet.payout, bet.currency)} />
        )}
        <Fact label={t("history.filters.currency")} value={bet.currency} />
      </dl>
    </li>
  );
}

export function BetsHistory({
  filters,
  page,
  mobile,
  onFilters,
  onPage,
}: {
  filters: BetFilters;
  page: number;
  mobile: boolean;
  /** The other switch position (the list starts again at page 1). */
  onFilters: (filters: BetFilters) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const bets = useQuery({
    queryKey: betQueryKeys.betPage(playerId, filters, page),
    queryFn: ({ signal }) => fetchBets(filters, page, signal),
    placeholderData: keepPreviousData,
    enabled: playerId !== "",
  });
  const showingOpen = filters.isSettled === "false";
  return (
    <div className="flex flex-col gap-4" data-bets-history="">
      <FilterPanel filters={filters} none={NO_BET_FILTERS} mobile={mobile} onChange={onFilters} controls={BetFilterControls} desktopGrid="lg:grid-cols-[minmax(0,16rem)_auto]" />
      <HistoryList
        query={bets}
        filtered={showingOpen}
        empty={{ title: t("history.bets.title"), description: t("history.bets.description"), name: "data-bets-empty" }}
        noMatch={{ title: t("history.bets.openTitle"), description: t("history.bets.openDescription") }}
        onReset={() => onFilters(NO_BET_FILTERS)}
        onPage={onPage}
        row={(bet) => <BetRowItem key={bet.id} bet={bet} />}
        listName="data-bet-list"
      />
    </div>
  );
}
