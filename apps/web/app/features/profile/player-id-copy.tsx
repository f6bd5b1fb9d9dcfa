import { useTranslation } from "react-i18next";
import { shortPlayerId } from "./profile-format.ts";
import { CopyIcon } from "./profile-icons.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";

/** The player's id, which support asks for, with a button that copies it. */
export function PlayerIdCopy({ id }: { id: string }) {
  const { t } = useTranslation("profile");
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      showAlert({ kind: "success", title: t("info.playerId.copied"), dedupeKey: "player-id-copied" });
    } catch {
      showAlert({ kind: "error", title: t("info.playerId.copyFailed"), description: id });
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      title={id}
      aria-label={t("info.playerId.copy", { id })}
      className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-0.5 text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg"
    >
      <span>{t("info.playerId.label")}</span>
      <span dir="ltr" className="font-mono text-[0.8125rem]">
        {shortPlayerId(id)}
      </span>
      <CopyIcon className="size-3.5" />
    </button>
  );
}
