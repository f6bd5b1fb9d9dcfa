import type { ReactNode } from "react";
import { useNavigate } from "../widget-context.tsx";

/**
 * A link of the widget's router: a real address (open in a new tab, copy), moved in memory on a
 * plain click.
 */
export function RouterLink({ to, children, className, current = false }: { to: string; children: ReactNode; className?: string; current?: boolean }) {
  const navigate = useNavigate();
  return (
    <a
      href={to}
      aria-current={current ? "page" : undefined}
      className={className}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
