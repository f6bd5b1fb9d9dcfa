// Previous / "Page 2 of 5" / Next under a paged list: the wallet's histories and the profile's
// sessions. Each list words it in its own namespace (its landmark names what is paged), so the
// texts come from the caller.
import { Button } from "#app/components/ui/button.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "#app/features/profile/profile-icons.tsx";
import { cx } from "#app/lib/cx.ts";

export type PagerText = "label" | "previous" | "next" | "status";

export function Pager({
  page,
  totalPages,
  onPage,
  text,
  className,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Each part's words; `status` reads the page and the total. */
  text: (part: PagerText, values: { page: number; total: number }) => string;
  className?: string;
}) {
  const values = { page, total: totalPages };
  return (
    <nav aria-label={text("label", values)} className={cx("flex items-center justify-between gap-3", className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronStartIcon className="size-4" />
        {text("previous", values)}
      </Button>
      <p className="text-sm font-medium text-fg-muted" aria-live="polite">
        {text("status", values)}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {text("next", values)}
        <ChevronEndIcon className="size-4" />
      </Button>
    </nav>
  );
}
