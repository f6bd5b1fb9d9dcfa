import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/list";
import { ArrowEndIcon, QuestionIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { webServices } from "#app/lib/web-services.ts";
import { ArrowStartIcon } from "#app/components/page-icons.tsx";
import { languageFromParams } from "#app/routes/shared/page-language.ts";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";
import { QuestionList } from "#app/routes/shared/question-list.tsx";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

const QUESTIONS_PER_PAGE = 20;

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "questions");

/** The FAQ list, in the visitor's language where translated (English otherwise), `?page=` for more. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const language = languageFromParams(params);
  const requested = new URL(request.url).searchParams.get("page");
  const page = requested === null ? 1 : Number(requested);
  if (!Number.isInteger(page) || page < 1) throw data(null, { status: 404 });
  const questions = await webServices(context).content.listQuestions(language, page, QUESTIONS_PER_PAGE);
  if (page > questions.meta.totalPages) throw data(null, { status: 404 });
  return questions;
}

export default function QuestionsListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { data: questions, meta } = loaderData;
  return (
    <PageFrame>
      <PageIntro icon={<QuestionIcon />} title={t("questions.title")} subtitle={t("questions.subtitle")} />
      {questions.length > 0 ? (
        <div className="mx-auto mt-6 max-w-4xl sm:mt-8">
          <QuestionList questions={questions} />
          {meta.totalPages > 1 && <Pagination page={meta.page} totalPages={meta.totalPages} />}
        </div>
      ) : (
        <EmptyPanel>
          <EmptyState title={t("questions.empty.title")} description={t("questions.empty.description")} />
        </EmptyPanel>
      )}
    </PageFrame>
  );
}

function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation("pages");
  const pageLink = (target: number) => (target === 1 ? "/questions" : `/questions?page=${target}`);
  return (
    <nav aria-label={t("questions.pagination.label")} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <LocalizedLink to={pageLink(page - 1)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
          <ArrowStartIcon className="size-4" />
          {t("questions.pagination.previous")}
        </LocalizedLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-fg-muted" aria-current="page">
        {t("questions.pagination.status", { page, total: totalPages })}
      </p>
      {page < totalPages ? (
        <LocalizedLink to={pageLink(page + 1)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
          {t("questions.pagination.next")}
          <ArrowEndIcon className="size-4" />
        </LocalizedLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
