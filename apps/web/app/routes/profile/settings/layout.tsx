import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { UserIcon } from "#app/components/icons.tsx";
import { BellIcon } from "#app/components/page-icons.tsx";
import { SectionTabs } from "#app/routes/shared/page-layout.tsx";

/** Settings: the account and notifications tabs above the chosen one. */
export default function ProfileSettingsLayout() {
  const { t } = useTranslation("pages");
  return (
    <div>
      <SectionTabs
        className="mb-5"
        label={t("profileSettings.tabsLabel")}
        tabs={[
          { to: "/profile/settings/account", label: t("profileSettings.tabs.account"), icon: <UserIcon /> },
          { to: "/profile/settings/notifications", label: t("profileSettings.tabs.notifications"), icon: <BellIcon /> },
        ]}
      />
      <Outlet />
    </div>
  );
}
