import {
  SLOT_FREE_SPIN_FACTOR,
  SLOT_FREE_SPINS,
  SLOT_LINE_PAYS,
  SLOT_LINES,
  SLOT_MAX_FREE_SPINS,
  SLOT_RTP_PERCENT,
  SLOT_SCATTER_PAY,
  SLOT_SYMBOLS,
  type SlotSymbol,
} from "@playfair/fairness/games/slot";
import { useTranslation } from "react-i18next";
import { SlotSymbolArt } from "./slot-symbols.tsx";

// The paytable, generated from the engine's own tables (the same ones that settle the rounds), so
// what the player reads is what the server pays.

type PaidSymbol = keyof typeof SLOT_LINE_PAYS;
const PAID_SYMBOLS = SLOT_SYMBOLS.filter((symbol): symbol is PaidSymbol & SlotSymbol => symbol in SLOT_LINE_PAYS);

export function SlotPaytable() {
  const { t, i18n } = useTranslation("slot");
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <details className="group rounded-lg border border-border bg-surface-muted" data-slot-paytable="">
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none">{t("paytable.title")}</summary>
      <div className="flex flex-col gap-3 px-3 pb-3 text-sm">
        <p className="text-fg-muted">{t("paytable.intro")}</p>
        <table className="w-full border-collapse text-start">
          <thead>
            <tr className="text-xs text-fg-muted">
              <th scope="col" className="py-1 text-start font-semibold">
                {t("paytable.symbol")}
              </th>
              {[5, 4, 3].map((count) => (
                <th key={count} scope="col" className="py-1 text-end font-semibold">
                  {t("paytable.ofAKind", { count })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PAID_SYMBOLS.map((symbol) => {
              const pays = SLOT_LINE_PAYS[symbol];
              return (
                <tr key={symbol} className="border-t border-border" data-paytable-symbol={symbol}>
                  <th scope="row" className="py-1 text-start font-medium">
                    <span className="flex items-center gap-2">
                      <span className="grid size-8 shrink-0 place-items-center rounded-md bg-ink-900 p-0.5">
                        <SlotSymbolArt symbol={symbol} className="size-full" />
                      </span>
                      {t(`symbols.${symbol}`)}
                    </span>
                  </th>
                  {[2, 1, 0].map((index) => (
                    <td key={index} className="py-1 text-end tabular-nums" aria-label={t("paytable.pays", { value: number(pays[index] ?? 0) })}>
                      {number(pays[index] ?? 0)}×
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="flex items-start gap-2">
          <span className="grid size-8 shrink-0 place-items-center rounded-md bg-ink-900 p-0.5">
            <SlotSymbolArt symbol="W" className="size-full" />
          </span>
          {t("paytable.wild")}
        </p>
        <p className="flex items-start gap-2">
          <span className="grid size-8 shrink-0 place-items-center rounded-md bg-ink-900 p-0.5">
            <SlotSymbolArt symbol="S" className="size-full" />
          </span>
          {t("paytable.scatter", { pay: number(SLOT_SCATTER_PAY / 100), spins: SLOT_FREE_SPINS, factor: SLOT_FREE_SPIN_FACTOR, max: SLOT_MAX_FREE_SPINS })}
        </p>
        <div>
          <p className="mb-1 font-semibold">{t("paytable.lines")}</p>
          <ul className="grid grid-cols-5 gap-1.5">
            {SLOT_LINES.map((rows, index) => (
              <li key={index} className="flex flex-col items-center gap-0.5 text-xs text-fg-muted">
                <svg viewBox="0 0 5 3" className="h-6 w-10 rounded-sm bg-ink-900" role="img" aria-label={t("paytable.lineName", { line: index + 1 })}>
                  <polyline points={rows.map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(" ")} fill="none" stroke="#ffd166" strokeWidth={0.35} strokeLinejoin="round" />
                </svg>
                {index + 1}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-fg-muted">{t("paytable.rtp", { rtp: SLOT_RTP_PERCENT })}</p>
      </div>
    </details>
  );
}
