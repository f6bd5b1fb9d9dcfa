import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { PLAYER_BONUS_RESULT } from "@playfair/contracts/bonus/bonus-constants";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";

export type StatusKey = "issued" | "active" | "played" | "canceled" | "expired";

/** The status a card shows: issued, active, or how it finished (results 4 and 5 both read "expired"). */
export function statusKeyOf(item: { status: number; result: number }): StatusKey {
  if (item.status === PLAYER_BONUS_STATUS.issued) return "issued";
  if (item.status === PLAYER_BONUS_STATUS.active) return "active";
  if (item.result === PLAYER_BONUS_RESULT.played) return "played";
  if (item.result === PLAYER_BONUS_RESULT.canceled) return "canceled";
  return "expired";
}

const TONES: Record<StatusKey, BadgeTone> = { issued: "accent", active: "brand", played: "success", canceled: "neutral", expired: "error" };

export function StatusBadge({ item }: { item: { status: number; result: number } }) {
  const { t } = useTranslation("bonuses");
  const key = statusKeyOf(item);
  return (
    <Badge tone={TONES[key]} data-bonus-status={key}>
      {t(`status.${key}`)}
    </Badge>
  );
}
