import { useTranslation } from "react-i18next";
import { AlertCircleIcon, VerifiedIcon } from "./profile-icons.tsx";
import { Badge } from "#app/components/ui/badge.tsx";

/** "Verified" in green, or "Not verified" in amber, next to an e-mail address or phone number. */
export function VerificationBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation("profile");
  return verified ? (
    <Badge tone="success" data-verified="true">
      <VerifiedIcon className="-ms-0.5 size-3.5" />
      {t("common.verified")}
    </Badge>
  ) : (
    <Badge tone="attention" data-verified="false">
      <AlertCircleIcon className="-ms-0.5 size-3.5" />
      {t("common.notVerified")}
    </Badge>
  );
}
