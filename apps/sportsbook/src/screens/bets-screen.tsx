import type { BetView } from "@playfair/contracts/sport/bets";
import { buildSportPath } from "@playfair/contracts/sport/sport-paths";
import { useState } from "react";
import { SportsbookApiError, type Page } from "../api.ts";
import { RouterLink } from "../components/router-link.tsx";
import { SignInLink } from "../components/sign-in-link.tsx";
import { Empty, LoadError, Loading } from "../components/states.tsx";
import { formatSportDate } from "../dates.ts";
import { marketName, outcomeName } from "../names.ts";
import { useLocale, useResource, useServices, useT, useWidgetState } from "../widget-context.tsx";
import { useOfferRefresh } from "./offer-refresh.ts";

const PER_PAGE = 20;

/** The player's bets: open ones with their cash-out offers, or the settled history with results. */
export function BetsScreen({ settled }: { settled: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { token } = useWidgetState();
  const tab = "sb:inline-flex sb:min-h-10 sb:flex-1 sb:items-center sb:justify-center sb:rounded-md sb:px-3 sb:text-sm sb:font-semibold";
  return (
    <div className="sb:flex sb:flex-col sb:gap-3">
      <h1 className="sb:text-xl sb:font-bold sb:text-fg">{t("nav.myBets")}</h1>
      <nav aria-label={t("nav.myBets")} className="sb:flex sb:gap-1 sb:rounded-lg sb:bg-surface-muted sb:p-1">
        <RouterLink to={buildSportPath({ page: "betHistory" }, locale)} current={!settled} className={`${tab} ${settled ? "sb:text-fg-muted" : "sb:bg-surface sb:text-fg sb:shadow-card"}`}>
          {t("bets.open")}
        </RouterLink>
        <RouterLink to={buildSportPath({ page: "history" }, locale)} current={settled} className={`${tab} ${settled ? "sb:bg-surface sb:text-fg sb:shadow-card" : "sb:text-fg-muted"}`}>
          {t("bets.settled")}
        </RouterLink>
      </nav>
      {token === "" ? (
        <div className="sb:flex sb:flex-col sb:items-center sb:gap-3 sb:rounded-lg sb:bg-surface sb:p-6 sb:text-center">
          <p className="sb:text-fg-muted">{t("bets.signIn")}</p>
          <SignInLink />
        </div>
      ) : (
        <BetList key={`${settled}:${token}`} settled={settled} />
      )}
    </div>
  );
}

function BetList({ settled }: { settled: boolean }) {
  const t = useT();
  const { api } = useServices();
  const [pages, setPages] = useState(1);
  // Open bets come with their cash-out offers from their own list; settled ones page through the history.
  const list = useResource<Page<BetView>>(`bets:${settled}:${pages}`, (signal) =>
    settled ? api.bets({ isSettled: true, page: 1, perPage: PER_PAGE * pages }, signal) : api.openBets(signal).then((data) => ({ data, meta: { page: 1, perPage: data.length, totalPages: 1, totalRows: data.length } })),
  );
  // Open bets' offers follow the prices of their markets; settled bets have none.
  useOfferRefresh(settled ? null : (list.data?.data ?? null), list.reload);
  if (list.status === "error" && list.data === null) return <LoadError onRetry={list.reload} />;
  if (list.data === null) return <Loading />;
  if (list.data.data.length === 0) return <Empty>{t("bets.empty")}</Empty>;
  const replaceBet = (bet: BetView) => list.replace((page) => ({ ...page, data: page.data.map((entry) => (entry.id === bet.id ? bet : entry)) }));
  return (
    <>
      <ul className="sb:flex sb:flex-col sb:gap-2">
        {list.data.data.map((bet) => (
          <BetCard key={bet.id} bet={bet} onChange={replaceBet} onStale={list.reload} />
        ))}
      </ul>
      {list.data.meta.totalRows > list.data.data.length && (
        <button type="button" onClick={() => setPages((count) => count + 1)} className="sb:min-h-11 sb:rounded-md sb:border sb:border-border sb:bg-surface sb:font-semibold sb:text-fg sb:hover:border-brand">
          {t("bets.more")}
        </button>
      )}
    </>
  );
}

const RESULT_TONES: Record<string, string> = { win: "sb:text-success", half_win: "sb:text-success", lose: "sb:text-error", half_lose: "sb:text-error" };

function BetCard({ bet, onChange, onStale }: { bet: BetView; onChange: (bet: BetView) => void; onStale: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { api } = useServices();
  const [cashing, setCashing] = useState<"idle" | "busy" | "gone">("idle");
  const kind = bet.kind === "system" ? t("slip.system", { size: bet.systemSize ?? 2, count: bet.legs.length }) : t(bet.kind === "single" ? "slip.single" : "slip.multiple");
  async function cashOut(offerId: string) {
    setCashing("busy");
    try {
      onChange(await api.cashOut(bet.id, offerId));
      setCashing("idle");
    } catch (error) {
      console.warn("The cash-out was refused", error);
      setCashing("gone");
      if (error instanceof SportsbookApiError && error.status === 409) onStale();
    }
  }
  return (
    <li className="sb:flex sb:flex-col sb:gap-2 sb:rounded-lg sb:border sb:border-border sb:bg-surface sb:p-3 sb:shadow-card">
      <div className="sb:flex sb:items-center sb:justify-between sb:gap-2 sb:text-sm">
        <span className="sb:font-semibold sb:text-fg">{kind}</span>
        <span className="sb:rounded-full sb:bg-surface-muted sb:px-2 sb:py-0.5 sb:text-xs sb:font-semibold sb:text-fg-muted">{t(`betStatus.${bet.status}`)}</span>
      </div>
      <ul className="sb:flex sb:flex-col sb:gap-1.5">
        {bet.legs.map((leg) => (
          <li key={`${leg.eventId}/${leg.marketKey}/${leg.outcomeId}`} className="sb:flex sb:items-start sb:justify-between sb:gap-3 sb:text-sm">
            <span className="sb:flex sb:min-w-0 sb:flex-col">
              <span className="sb:font-medium sb:text-fg">{outcomeName(t, leg, leg.outcomeId, { home: null, away: null })}</span>
              <span className="sb:truncate sb:text-xs sb:text-fg-subtle">
                {marketName(t, leg)} ·{" "}
                <RouterLink to={buildSportPath({ page: "resultDetails", event: { id: leg.eventId, name: leg.eventName } }, locale)} className="sb:underline-offset-2 sb:hover:underline">
                  {leg.eventName}
                </RouterLink>{" "}
                · <time dateTime={leg.startsAt}>{formatSportDate(leg.startsAt, "dayMonthTime", locale)}</time>
              </span>
            </span>
            <span className="sb:flex sb:shrink-0 sb:flex-col sb:items-end">
              <span className="sb:font-semibold sb:tabular-nums">{leg.odds}</span>
              <span className={`sb:text-xs ${RESULT_TONES[leg.result] ?? "sb:text-fg-subtle"}`}>{t(`leg.${leg.result}`)}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="sb:grid sb:grid-cols-2 sb:gap-x-3 sb:border-t sb:border-border sb:pt-2 sb:text-sm">
        <dt className="sb:text-fg-subtle">{t("bets.stake")}</dt>
        <dd className="sb:text-end sb:tabular-nums">
          {bet.stake} {bet.currency}
        </dd>
        <dt className="sb:text-fg-subtle">{bet.payout === null ? t("bets.potential") : t("bets.payout")}</dt>
        <dd className="sb:text-end sb:font-semibold sb:tabular-nums">
          {bet.payout ?? bet.potentialPayout} {bet.currency}
        </dd>
      </dl>
      <p className="sb:text-xs sb:text-fg-subtle">
        <time dateTime={bet.placedAt}>{formatSportDate(bet.placedAt, "dateTime", locale)}</time>
      </p>
      {bet.cashOut && !bet.isSettled && (
        <button
          type="button"
          disabled={cashing === "busy"}
          onClick={() => bet.cashOut && void cashOut(bet.cashOut.offerId)}
          className="sb:min-h-11 sb:rounded-md sb:bg-accent sb:px-4 sb:font-semibold sb:text-on-accent sb:hover:bg-accent-hover sb:disabled:opacity-60"
        >
          {cashing === "busy" ? t("bets.cashingOut") : t("bets.cashOut", { amount: `${bet.cashOut.amount} ${bet.currency}` })}
        </button>
      )}
      {cashing === "gone" && (
        <p role="alert" className="sb:text-sm sb:text-attention">
          {t("bets.cashOutGone")}
        </p>
      )}
    </li>
  );
}
