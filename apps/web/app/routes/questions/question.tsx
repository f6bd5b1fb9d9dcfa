import { useTranslation } from "react-i18next";
import type { Route } from "./+types/question";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { webServices } from "#app/lib/web-services.ts";
import { contentMeta } from "#app/routes/content/page.tsx";
import { ContentArticle } from "#app/routes/shared/content-article.tsx";
import { loadContent } from "#app/routes/shared/load-content.ts";
import { ArrowStartIcon } from "#app/components/page-icons.tsx";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { QuestionList } from "#app/routes/shared/question-list.tsx";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

/** How many other questions are suggested below the answer. */
const MORE_QUESTIONS = 5;

/** `/questions/:pageIdentity`: one answer, rendered from markdown, and a few other questions. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const language = languageFromParams(params);
  const [article, others] = await Promise.all([
    loadContent(context, "question", params.pageIdentity, language),
    webServices(context).content.listQuestions(language, 1, MORE_QUESTIONS + 1),
  ]);
  const moreQuestions = others.data.filter((question) => question.identity !== params.pageIdentity).slice(0, MORE_QUESTIONS);
  return { ...article, moreQuestions };
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => contentMeta(loaderData, metaLanguage(params));

export default function QuestionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { moreQuestions } = loaderData;
  return (
    <ContentArticle
      data={loaderData}
      eyebrow={
        <LocalizedLink
          to="/questions"
          className="inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-brand-fg hover:underline"
        >
          <ArrowStartIcon className="size-4" />
          {t("content.backToQuestions")}
        </LocalizedLink>
      }
      aside={
        moreQuestions.length > 0 && (
          <section aria-labelledby="more-questions" className="mt-10">
            <h2 id="more-questions" className="font-display text-xl font-bold tracking-tight">
              {t("content.moreQuestions")}
            </h2>
            <QuestionList className="mt-4" questions={moreQuestions} headingLevel={3} compact />
          </section>
        )
      }
    />
  );
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
