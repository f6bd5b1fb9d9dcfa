import { useId, type ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

/**
 * A card of a profile page: an icon tile, a heading (h2: the page's h1 is the profile title), a
 * line of explanation and an optional action at the end of the header, then its content.
 */
export function ProfileSection({
  icon,
  title,
  description,
  action,
  children,
  className,
  bodyClassName,
  ...rest
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  className?: string;
  bodyClassName?: string;
} & { [dataAttribute: `data-${string}`]: string | undefined }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cx("rounded-xl border border-border bg-surface shadow-card [&+&]:mt-5", className)}
      {...rest}
    >
      <header className="flex flex-col gap-4 p-5 xs:flex-row xs:items-start sm:px-6 sm:pt-6">
        <div className="flex min-w-0 flex-1 items-start gap-3.5">
          {icon ? (
            <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-fg [&>svg]:size-5">
              {icon}
            </span>
          ) : null}
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="font-display text-lg leading-snug font-bold tracking-tight text-balance">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-sm text-pretty text-fg-muted">{description}</p> : null}
          </div>
        </div>
        {action ? <div className="flex shrink-0 flex-wrap items-center gap-2">{action}</div> : null}
      </header>
      {children ? <div className={cx("px-5 pb-5 sm:px-6 sm:pb-6", bodyClassName)}>{children}</div> : null}
    </section>
  );
}

/**
 * One fact of the account in a DetailList: an icon, a label above the value, and what can
 * be done about it (a badge, a button) at the end; the end part moves under the value on phones.
 */
export function DetailRow({
  icon,
  label,
  value,
  status,
  action,
  ...rest
}: {
  icon: ReactNode;
  label: ReactNode;
  value: ReactNode;
  status?: ReactNode;
  action?: ReactNode;
} & { [dataAttribute: `data-${string}`]: string | undefined }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-1 last:pb-0" {...rest}>
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3.5">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-muted text-fg-muted [&>svg]:size-[1.125rem]">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{label}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-[0.9375rem] font-semibold break-words text-fg">
            {value}
            {status}
          </p>
        </div>
      </div>
      {action ? <div className="flex shrink-0 items-center gap-2 ps-[3.375rem] xs:ps-0">{action}</div> : null}
    </li>
  );
}

/** The list that holds DetailRows, with hairlines between them. */
export function DetailList({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={cx("divide-y divide-border", className)}>{children}</ul>;
}

/** A value that is not set, in a quieter voice. */
export function MissingValue({ children }: { children: ReactNode }) {
  return <span className="font-medium text-fg-subtle">{children}</span>;
}
