import { useEffect, useRef, useState } from "react";
import { isMessageKey } from "../i18n.ts";
import { marketName } from "../names.ts";
import { placeSlip } from "../place-bets.ts";
import { availableKinds, potentialPayout, selectionKey, slipProblem, totalOdds, totalStake, type SlipKind } from "../slip.ts";
import { useServices, useSlip, useT, useWidgetState } from "../widget-context.tsx";
import { ODDS_POLICY_OPTIONS } from "./odds-policy.ts";
import { SignInLink } from "./sign-in-link.tsx";

function kindValue(kind: SlipKind): string {
  return kind.kind === "system" ? `system:${kind.systemSize ?? 2}` : kind.kind;
}

function kindFromValue(value: string): SlipKind {
  const [kind, size] = value.split(":");
  if (kind === "system") return { kind: "system", systemSize: Number(size) };
  return { kind: kind === "multiple" ? "multiple" : "single" };
}

/** The bet slip: selections, bet type, stake, the odds-change choice, and the placement's outcome. */
export function BetSlip({ headingId }: { headingId: string }) {
  const t = useT();
  const { api, slip } = useServices();
  const state = useSlip();
  const { token, user } = useWidgetState();
  const { selections, kind, stake, oddsPolicy, placement, placing } = state;
  const currency = user?.currency ?? "";
  const problem = slipProblem(selections, kind, stake);
  const payout = potentialPayout(selections, kind, stake);
  const busy = placement.phase === "placing" || placement.phase === "pending";
  // While a bet is decided the player may go on choosing: what differs from that bet is the next one's.
  const placingKeys = new Set(placing.map(selectionKey));
  const changedSincePress = busy && (selections.length !== placing.length || selections.some((selection) => !placingKeys.has(selectionKey(selection))));

  async function place() {
    const placed = slip.beginPlacement();
    const outcome = await placeSlip(api, { selections: placed, kind, stake, oddsPolicy }, { currency, onPending: () => slip.set({ placement: { phase: "pending" } }) });
    slip.endPlacement(outcome);
  }

  const rejectReason = placement.phase === "rejected" && placement.reason !== null && isMessageKey(`reason.${placement.reason}`) ? t(`reason.${placement.reason}` as Parameters<typeof t>[0]) : null;

  return (
    <section aria-labelledby={headingId} className="sb:flex sb:flex-col sb:gap-3">
      <div className="sb:flex sb:items-center sb:justify-between">
        <h2 id={headingId} className="sb:text-base sb:font-semibold sb:text-fg">
          {t("slip.title")}
        </h2>
        {selections.length > 0 && (
          <button type="button" onClick={() => slip.clear()} className="sb:min-h-9 sb:rounded-md sb:px-2 sb:text-sm sb:text-fg-muted sb:hover:text-fg">
            {t("slip.clear")}
          </button>
        )}
      </div>
      {selections.length === 0 ? (
        <p className="sb:rounded-lg sb:bg-surface-muted sb:p-4 sb:text-sm sb:text-fg-muted">{t("slip.empty")}</p>
      ) : (
        <ul className="sb:flex sb:flex-col sb:gap-1.5">
          {selections.map((selection) => {
            const name = selection.outcomeName;
            return (
              <li key={selectionKey(selection)} className={`sb:flex sb:items-start sb:gap-2 sb:rounded-md sb:border sb:p-2 ${selection.locked ? "sb:border-attention sb:bg-attention-soft" : "sb:border-border sb:bg-surface"}`}>
                <span className="sb:flex sb:min-w-0 sb:flex-1 sb:flex-col sb:text-sm">
                  <span className="sb:font-medium sb:text-fg">{name}</span>
                  <span className="sb:truncate sb:text-xs sb:text-fg-subtle">
                    {marketName(t, selection)} · {selection.eventName}
                  </span>
                </span>
                <span className="sb:font-semibold sb:tabular-nums">{selection.locked ? t("odds.locked") : selection.odds}</span>
                <button
                  type="button"
                  aria-label={t("slip.remove", { name: `${name}, ${selection.eventName}` })}
                  onClick={() => slip.remove((entry) => selectionKey(entry) === selectionKey(selection))}
                  className="sb:-m-1 sb:inline-flex sb:size-9 sb:items-center sb:justify-center sb:rounded-md sb:text-fg-subtle sb:hover:text-fg"
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {selections.length > 0 && (
        <>
          <label className="sb:flex sb:flex-col sb:gap-1 sb:text-sm sb:text-fg-muted">
            {t("slip.kind")}
            <select
              value={kindValue(kind)}
              onChange={(event) => slip.set({ kind: kindFromValue(event.target.value) })}
              className="sb:min-h-11 sb:rounded-md sb:border sb:border-border-strong sb:bg-surface sb:px-2 sb:text-fg"
            >
              {availableKinds(selections.length).map((option) => (
                <option key={kindValue(option)} value={kindValue(option)}>
                  {option.kind === "system" ? t("slip.system", { size: option.systemSize ?? 2, count: selections.length }) : t(option.kind === "single" ? "slip.single" : "slip.multiple")}
                </option>
              ))}
            </select>
          </label>
          <label className="sb:flex sb:flex-col sb:gap-1 sb:text-sm sb:text-fg-muted">
            {currency === "" ? t("bets.stake") : t(kind.kind === "single" && selections.length > 1 ? "slip.stakePerBet" : "slip.stake", { currency })}
            <input
              inputMode="decimal"
              autoComplete="off"
              value={stake}
              onChange={(event) => slip.set({ stake: event.target.value.replace(",", ".").replace(/[^\d.]/g, "") })}
              className="sb:min-h-11 sb:rounded-md sb:border sb:border-border-strong sb:bg-surface sb:px-3 sb:text-base sb:tabular-nums sb:text-fg"
            />
          </label>
          <label className="sb:flex sb:flex-col sb:gap-1 sb:text-sm sb:text-fg-muted">
            {t("slip.policy")}
            <select
              value={oddsPolicy}
              onChange={(event) => slip.set({ oddsPolicy: ODDS_POLICY_OPTIONS.find((policy) => policy === event.target.value) ?? oddsPolicy })}
              className="sb:min-h-11 sb:rounded-md sb:border sb:border-border-strong sb:bg-surface sb:px-2 sb:text-fg"
            >
              {ODDS_POLICY_OPTIONS.map((policy) => (
                <option key={policy} value={policy}>
                  {t(`policy.${policy}`)}
                </option>
              ))}
            </select>
          </label>
          <dl className="sb:grid sb:grid-cols-2 sb:gap-x-3 sb:gap-y-1 sb:text-sm">
            {kind.kind === "multiple" && (
              <>
                <dt className="sb:text-fg-subtle">{t("slip.totalOdds")}</dt>
                <dd className="sb:text-end sb:font-semibold sb:tabular-nums">{totalOdds(selections)}</dd>
              </>
            )}
            {kind.kind === "single" && selections.length > 1 && (
              <>
                <dt className="sb:text-fg-subtle">{t("slip.totalStake")}</dt>
                <dd className="sb:text-end sb:tabular-nums">{totalStake(selections, kind, stake) ?? "–"}</dd>
              </>
            )}
            <dt className="sb:text-fg-subtle">{t("slip.payout")}</dt>
            <dd className="sb:text-end sb:font-semibold sb:tabular-nums" aria-live="polite">
              {payout === null ? "–" : `${payout} ${currency}`}
            </dd>
          </dl>
          {problem === "related" && <p className="sb:text-sm sb:text-attention">{t("slip.related")}</p>}
          {problem === "locked" && <p className="sb:text-sm sb:text-attention">{t("slip.locked")}</p>}
        </>
      )}
      {token === "" ? (
        selections.length > 0 && (
          <div className="sb:flex sb:flex-col sb:items-start sb:gap-2 sb:rounded-md sb:bg-brand-soft sb:p-3 sb:text-sm sb:text-brand-fg">
            <p>{t("slip.signIn")}</p>
            <SignInLink />
          </div>
        )
      ) : (
        selections.length > 0 && (
          <button
            type="button"
            disabled={problem !== null || busy || currency === ""}
            onClick={() => void place()}
            className="sb:min-h-12 sb:rounded-md sb:bg-accent sb:px-4 sb:font-bold sb:text-on-accent sb:shadow-glow-accent sb:hover:bg-accent-hover sb:disabled:cursor-not-allowed sb:disabled:opacity-50 sb:disabled:shadow-none"
          >
            {busy ? t("slip.placing") : t("slip.place")}
          </button>
        )
      )}
      <PlacementMessage phase={placement.phase} rejectReason={rejectReason} />
      {changedSincePress && <p className="sb:text-sm sb:text-fg-muted">{t("slip.nextBet")}</p>}
    </section>
  );
}

function PlacementMessage({ phase, rejectReason }: { phase: string; rejectReason: string | null }) {
  const t = useT();
  if (phase === "pending") return <p role="status" className="sb:text-sm sb:text-fg-muted">{t("slip.pending")}</p>;
  if (phase === "accepted") return <p role="status" className="sb:rounded-md sb:bg-success-soft sb:p-3 sb:text-sm sb:font-medium sb:text-success">{t("slip.accepted")}</p>;
  if (phase === "rejected") return <p role="alert" className="sb:rounded-md sb:bg-error-soft sb:p-3 sb:text-sm sb:text-error">{t("slip.rejected", { reason: rejectReason ?? t("slip.failed") })}</p>;
  if (phase === "failed") return <p role="alert" className="sb:rounded-md sb:bg-error-soft sb:p-3 sb:text-sm sb:text-error">{t("slip.failed")}</p>;
  return null;
}

/**
 * Escape closes only the top layer. A window the site opens over the sheet (its sign-in, from the
 * slip's link) holds the focus and makes the page beneath it inert, or has already answered the key.
 */
function isTopLayer(sheet: HTMLElement | null, event: KeyboardEvent): boolean {
  if (!sheet || event.defaultPrevented || sheet.closest("[inert]")) return false;
  const target = event.target;
  return !(target instanceof Element) || target === document.body || target === document.documentElement || sheet.contains(target);
}

/** On phones the slip is a sheet over the page, opened from a bar that counts the selections. */
export function MobileSlip() {
  const t = useT();
  const { selections } = useSlip();
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const opener = openerRef.current;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.isComposing) return;
      if (!isTopLayer(sheetRef.current, event)) return;
      setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // Focus goes back to the bar that opened the sheet (or stays on the page when the bar left with the last selection).
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  if (selections.length === 0 && !open) return null;
  return (
    <div className="sb:lg:hidden">
      <button
        ref={openerRef}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="sb:fixed sb:inset-x-3 sb:bottom-20 sb:z-30 sb:flex sb:min-h-12 sb:items-center sb:justify-between sb:rounded-full sb:bg-brand sb:px-5 sb:font-semibold sb:text-on-brand sb:shadow-raised"
      >
        {t("slip.open", { count: selections.length })}
        <span aria-hidden="true" className="sb:rounded-full sb:bg-on-brand sb:px-2 sb:text-sm sb:text-brand">
          {selections.length}
        </span>
      </button>
      {open && (
        // Above the site's sticky header and its phone navigation bar (both z-40): a modal sheet leaves nothing of the page to press.
        <div ref={sheetRef} className="sb:fixed sb:inset-0 sb:z-50 sb:flex sb:items-end sb:bg-black/50" onClick={(event) => event.target === event.currentTarget && setOpen(false)}>
          <div role="dialog" aria-modal="true" aria-labelledby="sb-slip-sheet" className="sb:max-h-[85dvh] sb:w-full sb:overflow-y-auto sb:rounded-t-2xl sb:bg-canvas sb:p-4">
            <div className="sb:mb-2 sb:flex sb:justify-end">
              <button ref={closeRef} type="button" onClick={() => setOpen(false)} className="sb:min-h-9 sb:rounded-md sb:px-3 sb:text-sm sb:font-semibold sb:text-fg-muted sb:hover:text-fg">
                {t("slip.close")}
              </button>
            </div>
            <BetSlip headingId="sb-slip-sheet" />
          </div>
        </div>
      )}
    </div>
  );
}
