import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { usePlayShortcut } from "./play-shortcut.ts";

/**
 * The big play button. Space or Enter plays from anywhere on the page (usePlayShortcut) while the
 * button could be pressed; `label` overrides "Bet" (mines' "Cash out", for one).
 */
export function PlayButton({ onPlay, disabled, busy, label, shortcut = true }: { onPlay: () => void; disabled: boolean; busy: boolean; label?: ReactNode; shortcut?: boolean }) {
  const { t } = useTranslation("originals");
  usePlayShortcut(onPlay, shortcut && !disabled && !busy);
  return (
    <Button
      variant="accent"
      size="lg"
      className="w-full text-base font-extrabold shadow-glow-accent"
      onClick={onPlay}
      disabled={disabled || busy}
      aria-busy={busy}
      aria-keyshortcuts={shortcut ? "Space Enter" : undefined}
      data-play-button=""
    >
      {busy ? t("kit.play.busy") : (label ?? t("kit.play.bet"))}
    </Button>
  );
}
