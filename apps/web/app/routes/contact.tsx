import { useTranslation } from "react-i18next";
import type { Route } from "./+types/contact";
import { MailIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "contact");

/**
 * The contact form needs POST /api/notification/communications, which arrives with the
 * notifications issue. A form that cannot send would mislead, so until then the page says so and
 * points to the help that does exist.
 */
export default function ContactPage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<MailIcon />} title={t("contact.title")} subtitle={t("contact.subtitle")} />
      <EmptyPanel>
        <EmptyState
          title={t("contact.empty.title")}
          description={t("contact.empty.description")}
          action={
            <>
              <LocalizedLink to="/support" className={buttonClassName({ variant: "primary" })}>
                {t("contact.empty.support")}
              </LocalizedLink>
              <LocalizedLink to="/questions" className={buttonClassName({ variant: "secondary" })}>
                {t("contact.empty.questions")}
              </LocalizedLink>
            </>
          }
        />
      </EmptyPanel>
    </PageFrame>
  );
}
