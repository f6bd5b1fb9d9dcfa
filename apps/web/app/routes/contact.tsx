import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/contact";
import { HeadsetIcon, MailIcon, QuestionIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Card } from "#app/components/ui/surface.tsx";
import { ContactForm } from "#app/features/notifications/contact-form.tsx";
import { webServices } from "#app/lib/web-services.ts";
import { isLiveChatAvailable } from "#app/routes/shared/live-chat.ts";
import { PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "contact");

/** Whether the live chat runs: the support link says so in the same words as the support page. */
export function loader({ context }: Route.LoaderArgs) {
  return { isChatAvailable: isLiveChatAvailable(webServices(context).site.integrations) };
}

/** Contact us: a message to the team (POST /api/notification/communications), and where else to find help. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { t: tNotifications } = useTranslation("notifications");
  return (
    <PageFrame>
      <PageIntro icon={<MailIcon />} title={t("contact.title")} subtitle={t("contact.subtitle")} />
      <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Card className="sm:p-8" data-contact-form="">
          <ContactForm />
        </Card>
        <aside className="flex flex-col gap-3" aria-label={tNotifications("contact.elsewhere")}>
          <HelpLink
            to="/support"
            icon={<HeadsetIcon />}
            title={t("contact.empty.support")}
            text={tNotifications(loaderData.isChatAvailable ? "contact.supportTextChat" : "contact.supportTextNoChat")}
          />
          <HelpLink to="/questions" icon={<QuestionIcon />} title={t("contact.empty.questions")} text={tNotifications("contact.questionsText")} />
        </aside>
      </div>
    </PageFrame>
  );
}

function HelpLink({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <LocalizedLink
      to={to}
      className="group flex items-start gap-3.5 rounded-xl border border-border bg-surface p-4 shadow-card transition-colors duration-150 hover:border-brand/40 hover:bg-surface-muted"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-fg">{icon}</span>
      <span className="min-w-0">
        <span className="block font-semibold group-hover:text-brand-fg">{title}</span>
        <span className="mt-0.5 block text-sm text-pretty text-fg-muted">{text}</span>
      </span>
    </LocalizedLink>
  );
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
