import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Surface } from "#app/components/ui/surface.tsx";
import { cx } from "#app/lib/cx.ts";
import { languageDirection } from "#app/lib/i18n.ts";
import type { ContentData } from "#app/routes/shared/load-content.ts";

/**
 * Typography for the server-rendered markdown. Kept as arbitrary variants next to the component
 * (no typography plugin, no extra stylesheet request); every colour is a design token, so the
 * article follows the theme, and only logical properties are used, so it mirrors for RTL.
 */
const PROSE_CLASS_NAME = cx(
  "text-base leading-7 text-fg-muted sm:text-[1.0625rem] sm:leading-8",
  "[&>*:first-child]:mt-0 [&>*:last-child]:mb-0",
  "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-xl [&_h2]:leading-snug [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-fg [&_h2]:text-balance sm:[&_h2]:text-2xl",
  "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:font-display [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-fg",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-fg",
  "[&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-fg",
  "[&_a]:font-medium [&_a]:text-brand-fg [&_a]:underline [&_a]:decoration-brand-fg/40 [&_a]:underline-offset-4 [&_a]:transition-colors hover:[&_a]:decoration-brand-fg",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1.5 [&_li]:ps-1 [&_li::marker]:text-brand-fg",
  // Persian readers count with Persian digits.
  "[&:lang(fa)_ol]:[list-style-type:persian]",
  "[&_blockquote]:my-6 [&_blockquote]:rounded-e-lg [&_blockquote]:border-s-4 [&_blockquote]:border-brand [&_blockquote]:bg-brand-soft [&_blockquote]:px-5 [&_blockquote]:py-1 [&_blockquote]:text-fg",
  "[&_hr]:my-10 [&_hr]:border-border",
  "[&_code]:rounded-xs [&_code]:bg-surface-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-fg",
  "[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface-muted [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_.table-scroll]:my-6 [&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-lg [&_.table-scroll]:border [&_.table-scroll]:border-border",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-start [&_table]:text-sm",
  "[&_th]:bg-surface-muted [&_th]:px-3 [&_th]:py-2.5 sm:[&_th]:px-4 [&_th]:text-start [&_th]:font-semibold [&_th]:text-fg",
  "[&_td]:border-t [&_td]:border-border [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-top sm:[&_td]:px-4",
);

/**
 * A content page: title, lead, date and the server's HTML. Internal links in the HTML already carry
 * the locale prefix (load-content.ts); clicks on them navigate inside the app instead of reloading.
 */
export function ContentArticle({ data, eyebrow, aside }: { data: ContentData; eyebrow?: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const { page, language } = data;
  const isFallback = page.locale !== language;

  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const href = anchor?.getAttribute("href");
    if (!anchor || !href || anchor.target || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    <Container className="py-8 sm:py-14">
      <div className="mx-auto max-w-3xl">
        {eyebrow}
        <header className={cx(eyebrow ? "mt-4" : undefined)}>
          <h1 className="font-display text-3xl leading-tight font-extrabold tracking-tight text-balance text-fg sm:text-4xl">
            {page.title}
          </h1>
          {page.description && (
            <p className="mt-4 text-lg leading-relaxed text-pretty text-fg-muted">{page.description}</p>
          )}
          <p className="mt-4 text-sm text-fg-subtle">
            {t("content.updated", {
              date: new Date(page.updatedAt),
              // The server and the browser must print the same date: fix the time zone.
              formatParams: { date: { dateStyle: "long", timeZone: "UTC" } },
            })}
          </p>
          {isFallback && (
            <p role="note" className="mt-5 rounded-lg bg-attention-soft px-4 py-3 text-sm text-attention">
              {t("content.fallbackNotice")}
            </p>
          )}
        </header>
        <Surface as="article" className="mt-8 p-5 shadow-card xs:p-7 sm:p-10" aria-label={page.title}>
          {/* The HTML comes from our own markdown renderer, which escapes any raw HTML in the source. */}
          <div
            lang={page.locale}
            dir={languageDirection(page.locale)}
            className={PROSE_CLASS_NAME}
            onClick={followInternalLink}
            dangerouslySetInnerHTML={{ __html: page.html }}
          />
        </Surface>
        {aside}
      </div>
    </Container>
  );
}
