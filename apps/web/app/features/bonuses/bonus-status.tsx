import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { statusKeyOf, type StatusKey } from "#app/features/bonus-data/bonus-status-key.ts";

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
