import { SETTINGS_CACHE_TTL_SECONDS } from "@playfair/contracts/constants";
import type { GlobalConstants } from "@playfair/contracts/settings";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField } from "#app/features/forms/select-field.tsx";
import { apiRequest } from "#app/lib/api-client.ts";

/** Spec 7: settings answers are kept 15 minutes on the client. */
const SETTINGS_STALE_MS = SETTINGS_CACHE_TTL_SECONDS * 1000;

/** The time zone as a dropdown (spec 3) of the settings' list, "(UTC+03:00) Europe/Istanbul". */
export function TimeZoneField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { t } = useTranslation("accounts");
  const constants = useQuery({
    queryKey: ["settings", "constants"],
    queryFn: ({ signal }) => apiRequest<{ data: GlobalConstants }>("/api/settings/constants", { signal, auth: "none" }),
    staleTime: SETTINGS_STALE_MS,
    select: (response) => response.data.timeZones.map((zone) => ({ value: zone.id, label: zone.name })),
  });
  return <SelectField name={name} label={label} className={className} placeholder={t("controls.choose")} options={constants.data ?? []} />;
}
