import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/support";
import { ArrowEndIcon, ChevronEndIcon, DocumentIcon, GiftIcon, HeadsetIcon, MailIcon, ShieldIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Surface } from "#app/components/ui/surface.tsx";
import { webServices } from "#app/lib/web-services.ts";
import { ChatIcon } from "#app/components/page-icons.tsx";
import { isLiveChatAvailable } from "#app/routes/shared/live-chat.ts";
import { languageFromParams } from "#app/routes/shared/page-language.ts";
import { PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";
import { QuestionList } from "#app/routes/shared/question-list.tsx";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

const POPULAR_QUESTIONS = 5;

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "support");

/** The help hub: the first questions of the FAQ, help pages, and whether live chat is available. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = webServices(context);
  const questions = await services.content.listQuestions(languageFromParams(params), 1, POPULAR_QUESTIONS);
  return { questions: questions.data, hasMoreQuestions: questions.meta.totalRows > questions.data.length, isChatConfigured: isLiveChatAvailable(services.site.integrations) };
}

type TopicKey = "responsible" | "bonuses" | "terms" | "contact";

const TOPICS: Array<{ key: TopicKey; to: string; icon: ReactNode }> = [
  { key: "responsible", to: "/static/responsible-gaming", icon: <ShieldIcon /> },
  { key: "bonuses", to: "/bonus/welcome-bonus", icon: <GiftIcon /> },
  { key: "terms", to: "/static/terms", icon: <DocumentIcon /> },
  { key: "contact", to: "/contact", icon: <MailIcon /> },
];

export default function SupportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { questions, hasMoreQuestions, isChatConfigured } = loaderData;
  return (
    <PageFrame>
      <PageIntro icon={<HeadsetIcon />} title={t("support.title")} subtitle={t("support.subtitle")} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:gap-10">
        <section aria-labelledby="popular-questions">
          <h2 id="popular-questions" className="font-display text-xl font-bold tracking-tight">
            {t("support.popularTitle")}
          </h2>
          {questions.length > 0 ? (
            <>
              <QuestionList className="mt-4" questions={questions} headingLevel={3} compact />
              {hasMoreQuestions && (
                <LocalizedLink
                  to="/questions"
                  className="mt-4 inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-brand-fg hover:underline"
                >
                  {t("support.allQuestions")}
                  <ArrowEndIcon className="size-4" />
                </LocalizedLink>
              )}
            </>
          ) : (
            <p className="mt-4 text-fg-muted">{t("support.noQuestions")}</p>
          )}
        </section>
        <div className="flex flex-col gap-8">
          <section aria-labelledby="help-topics">
            <h2 id="help-topics" className="font-display text-xl font-bold tracking-tight">
              {t("support.topicsTitle")}
            </h2>
            <ul className="mt-4 grid gap-3 xs:grid-cols-2 lg:grid-cols-1">
              {TOPICS.map(({ key, to, icon }) => (
                <li key={key}>
                  <LocalizedLink
                    to={to}
                    className="group flex h-full items-center gap-3 rounded-xl border border-border bg-surface p-4 shadow-card transition-colors duration-150 hover:bg-surface-muted"
                  >
                    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-fg" aria-hidden="true">
                      {icon}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-fg">{t(`support.topics.${key}.title`)}</span>
                      <span className="mt-0.5 block text-sm text-fg-muted">{t(`support.topics.${key}.text`)}</span>
                    </span>
                    <ChevronEndIcon className="size-5 text-fg-subtle" />
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </section>
          <Surface as="section" aria-labelledby="live-chat" tone="muted" className="flex items-start gap-3 p-4">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-surface text-fg-muted" aria-hidden="true">
              <ChatIcon />
            </span>
            <div>
              <h2 id="live-chat" className="font-semibold text-fg">
                {t("support.chatTitle")}
              </h2>
              <p className="mt-0.5 text-sm text-fg-muted">
                {isChatConfigured ? t("support.chatAvailable") : t("support.chatUnavailable")}
              </p>
            </div>
          </Surface>
        </div>
      </div>
    </PageFrame>
  );
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
