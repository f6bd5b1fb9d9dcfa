import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Logo } from "#app/components/ui/logo.tsx";

/**
 * The empty layout (spec 2.2): no header, drawer or footer, for pages that only pass the visitor
 * on (/redirect). A centred column on a soft backdrop, with the logo as the way home.
 */
export default function EmptyLayout() {
  const { t } = useTranslation("layout");
  return (
    <div className="relative isolate flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50%_40%_at_50%_0%,rgb(46_196_147/0.12),transparent_70%)]"
      />
      <LocalizedLink to="/" aria-label={t("homeLink")} className="mb-8 rounded-lg p-1">
        <Logo />
      </LocalizedLink>
      <main id="main" className="flex w-full max-w-lg flex-col items-center text-center">
        <Outlet />
      </main>
    </div>
  );
}
