import type { QuestionSummary } from "@playfair/contracts/content";
import { ChevronEndIcon, QuestionIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { cx } from "#app/lib/cx.ts";

/** Questions as a list of links to their pages, each title a heading at the given level. */
export function QuestionList({
  questions,
  headingLevel = 2,
  compact = false,
  className,
}: {
  questions: QuestionSummary[];
  headingLevel?: 2 | 3;
  compact?: boolean;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={cx("divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-card", className)}>
      {questions.map((question) => (
        <li key={question.identity}>
          <LocalizedLink
            to={`/questions/${question.identity}`}
            className={cx(
              "group flex items-start gap-4 transition-colors duration-150 hover:bg-surface-muted focus-visible:bg-surface-muted",
              compact ? "px-4 py-3.5 sm:px-5" : "px-4 py-4 sm:px-6 sm:py-5",
            )}
          >
            <span
              className={cx(
                "grid shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-fg",
                compact ? "size-8 [&>svg]:size-4" : "mt-0.5 size-10 [&>svg]:size-5",
              )}
              aria-hidden="true"
            >
              <QuestionIcon />
            </span>
            <span className="min-w-0 flex-1">
              <Heading className={cx("font-semibold text-pretty text-fg", compact ? "pt-1 text-[0.9375rem]" : "text-base sm:text-lg")}>
                {question.title}
              </Heading>
              {!compact && question.description && (
                <span className="mt-1 block text-sm leading-relaxed text-pretty text-fg-muted">{question.description}</span>
              )}
            </span>
            <ChevronEndIcon
              className={cx(
                "size-5 shrink-0 text-fg-subtle transition-transform duration-150 group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5",
                compact ? "mt-1.5" : "mt-2.5",
              )}
            />
          </LocalizedLink>
        </li>
      ))}
    </ul>
  );
}
