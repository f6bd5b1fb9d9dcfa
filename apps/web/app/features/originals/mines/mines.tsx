import { MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplier, type MinesStep } from "@playfair/fairness/games/mines";
import type { Round } from "@playfair/contracts/game/play";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { OriginalInterfaceProps } from "../kit/types.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { cx } from "#app/lib/cx.ts";
import { BetAmountControl, displayMultiplier, OriginalShell, payoutPreview, PlayButton, RoundResult, useBetAmount, useOriginalRounds } from "../kit/index.ts";

const SIDE = 5;
const MINE_COUNTS = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, index) => MINES_MIN + index);

type MinesView = { steps: MinesStep[]; minePositions: number[] | null; nextMultiplier: string | null };

function viewOf(round: Round | null): MinesView {
  const outcome = (round?.outcome ?? {}) as { steps?: MinesStep[]; minePositions?: number[]; nextMultiplier?: string };
  return { steps: outcome.steps ?? [], minePositions: outcome.minePositions ?? null, nextMultiplier: outcome.nextMultiplier ?? null };
}

function GemIcon() {
  return (
    <svg viewBox="0 0 40 40" className="size-3/5 drop-shadow-[0_0_10px_rgb(46_196_147/0.7)]" aria-hidden="true">
      <path d="M8 15 14 7h12l6 8-12 18z" fill="var(--color-brand-400)" />
      <path d="M8 15h24L20 33z" fill="var(--color-brand-300)" />
      <path d="M14 7 20 15 26 7" fill="none" stroke="white" strokeOpacity="0.6" strokeWidth="1.2" />
    </svg>
  );
}

function MineIcon() {
  return (
    <svg viewBox="0 0 40 40" className="size-3/5" aria-hidden="true">
      <circle cx="20" cy="22" r="11" fill="var(--color-ruby-500)" />
      <path d="M20 5v6M20 33v2M7 22H5M35 22h-2M10.5 12.5l3 3M29.5 12.5l-3 3" stroke="var(--color-ruby-300)" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="16" cy="18" r="3" fill="white" fillOpacity="0.55" />
    </svg>
  );
}

/** Playfair Mines: a 5x5 board, 1 to 24 mines; each safe tile raises the cash-out multiplier. */
export default function Mines({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("originals");
  const { money } = useMoneyFormat();
  const rounds = useOriginalRounds({ identity, launch, seedGame: "mines", resumable: true });
  const bet = useBetAmount(rounds);
  const minesId = useId();
  const [mines, setMines] = useState(3);
  const [focusTile, setFocusTile] = useState(0);
  const tiles = useRef<Array<HTMLButtonElement | null>>([]);

  const open = rounds.openRound;
  // The board shows the open round, or the last round ended here with its mines uncovered.
  const shownRound = open ?? (rounds.latest?.fairnessGame === "mines" ? rounds.latest : null);
  const view = viewOf(shownRound);
  const ended = shownRound !== null && shownRound.status !== "open";
  const roundMines = (shownRound?.params as { mines?: number } | undefined)?.mines ?? mines;
  const safeReveals = view.steps.filter((step) => step.safe).length;
  const current = open && safeReveals > 0 ? minesMultiplier(roundMines, safeReveals) : null;
  const next = open ? (view.nextMultiplier ?? minesMultiplier(roundMines, safeReveals + 1)) : minesMultiplier(mines, 1);
  const cashout = current && open ? payoutPreview(open.stake, current, bet.subunitToUnit) : null;

  function reveal(tile: number) {
    if (!open || rounds.busy || view.steps.some((step) => step.tile === tile)) return;
    void rounds.act(open.id, { action: "reveal", tile });
  }

  function play() {
    if (open) {
      if (safeReveals > 0) void rounds.act(open.id, { action: "cashout" });
      return;
    }
    if (!bet.amount || bet.problem) return;
    void rounds.place(bet.amount, { mines });
  }

  function onBoardKey(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const moves: Record<string, number> = { ArrowUp: -SIDE, ArrowDown: SIDE, ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1 };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const row = Math.floor(focusTile / SIDE);
    const column = focusTile % SIDE;
    let target = focusTile + move;
    if (Math.abs(move) === 1 && Math.floor(target / SIDE) !== row) target = row * SIDE + ((column + move + SIDE) % SIDE);
    target = (target + MINES_TILES) % MINES_TILES;
    setFocusTile(target);
    tiles.current[target]?.focus();
  }

  const stepByTile = new Map(view.steps.map((step) => [step.tile, step]));
  const mineSet = new Set(view.minePositions ?? []);

  const stage = (
    <div className="flex w-full flex-col items-center gap-4 py-2">
      <div role="group" aria-label={t("mines.board")} className="grid w-full max-w-[26rem] grid-cols-5 gap-1.5 sm:gap-2.5" onKeyDown={onBoardKey} data-mines-board={open ? "open" : ended ? "ended" : "idle"}>
        {Array.from({ length: MINES_TILES }, (_, tile) => {
          const step = stepByTile.get(tile);
          const isMine = mineSet.has(tile);
          const uncovered = step !== undefined || (ended && view.minePositions !== null);
          const state = step ? (step.safe ? "gem" : "mine") : uncovered ? (isMine ? "mine-shown" : "gem-shown") : "hidden";
          const label = t("mines.tile", { row: Math.floor(tile / SIDE) + 1, column: (tile % SIDE) + 1 });
          const stateLabel = state === "gem" || state === "gem-shown" ? t("mines.gem") : state === "mine" || state === "mine-shown" ? t("mines.mine") : t("mines.hidden");
          return (
            <button
              key={tile}
              ref={(element) => {
                tiles.current[tile] = element;
              }}
              type="button"
              tabIndex={tile === focusTile ? 0 : -1}
              onFocus={() => setFocusTile(tile)}
              onClick={() => reveal(tile)}
              aria-label={`${label}: ${stateLabel}`}
              aria-disabled={!open || step !== undefined || rounds.busy || undefined}
              className={cx(
                "grid aspect-square place-items-center rounded-lg transition-[transform,background-color,opacity] duration-200 focus-visible:ring-4 focus-visible:ring-brand-300 focus-visible:outline-none motion-reduce:transition-none",
                state === "hidden" && "bg-ink-700 shadow-[inset_0_-4px_0_rgb(0_0_0/0.35)]",
                state === "hidden" && open && !rounds.busy && "hover:-translate-y-0.5 hover:bg-ink-600",
                state === "gem" && "bg-ink-900 ring-2 ring-brand-400/60",
                state === "mine" && "bg-ruby-700/40 ring-2 ring-ruby-500",
                (state === "gem-shown" || state === "mine-shown") && "bg-ink-900 opacity-45",
              )}
              data-tile={tile}
              data-tile-state={state}
            >
              {(state === "gem" || state === "gem-shown") && <GemIcon />}
              {(state === "mine" || state === "mine-shown") && <MineIcon />}
            </button>
          );
        })}
      </div>
      <RoundResult round={ended ? shownRound : null} />
    </div>
  );

  const panel = (
    <>
      <BetAmountControl bet={bet} rounds={rounds} disabled={rounds.busy || open !== null} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={minesId} className="text-sm font-semibold">
          {t("mines.count")}
        </label>
        <select
          id={minesId}
          value={open ? roundMines : mines}
          disabled={rounds.busy || open !== null}
          onChange={(event) => setMines(Number(event.target.value))}
          className="h-11 rounded-md border border-border-strong bg-surface-muted px-2 font-bold focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none xs:h-9"
          data-mines-count=""
        >
          {MINE_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-md bg-surface-muted px-2 py-1.5">
          <dt className="text-xs text-fg-muted">{t("mines.current")}</dt>
          <dd className="font-bold tabular-nums" data-mines-current={current ?? ""}>
            {current ? `${displayMultiplier(current)}×` : "—"}
          </dd>
        </div>
        <div className="rounded-md bg-surface-muted px-2 py-1.5">
          <dt className="text-xs text-fg-muted">{t("mines.next")}</dt>
          <dd className="font-bold tabular-nums" data-mines-next={next}>
            {`${displayMultiplier(next)}×`}
          </dd>
        </div>
      </dl>
      {open && (
        <p className="text-sm text-fg-muted" aria-live="polite">
          {safeReveals === 0 ? t("mines.pickTile") : t("mines.cashoutValue", { amount: money(cashout ?? "0", rounds.currency) })}
        </p>
      )}
      <PlayButton onPlay={play} busy={rounds.busy} disabled={open ? safeReveals === 0 : bet.problem !== null} label={open ? t("mines.cashout") : undefined} />
    </>
  );

  return (
    <OriginalShell
      rounds={rounds}
      name={t("mines.name")}
      stage={stage}
      panel={panel}
      describeRound={(round) => {
        const params = round.params as { mines?: number };
        return t("mines.recall", { mines: params.mines ?? 0, reveals: viewOf(round).steps.filter((step) => step.safe).length });
      }}
    />
  );
}
