import type { ComponentProps, ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

export type ButtonVariant = "primary" | "accent" | "secondary" | "ghost" | "glass" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

// The shape, type and transitions every button shares: the `btn` component class in app.css.
const base = "btn";

// In the mobile view (below xs, where fingers are the pointer) no button is under 44 px tall. The
// minimum height keeps that true where a column flex layout stretches `flex-1` buttons from zero.
const sizes: Record<ButtonSize, string> = {
  sm: "h-11 min-h-11 px-4 text-sm xs:h-9 xs:min-h-9",
  md: "h-11 min-h-11 px-5 text-[0.9375rem]",
  lg: "h-12 min-h-12 px-6 text-base sm:px-7",
};

// Icon buttons keep their compact sizes: the header's row of them has to fit a 360 px screen. The
// controls of sheets and alerts that must reach 44 px on phones size themselves (the dialog's close).
const iconSizes: Record<ButtonSize, string> = {
  sm: "size-9 [&>svg]:size-[1.125rem]",
  md: "size-10 [&>svg]:size-5",
  lg: "size-12 [&>svg]:size-6",
};

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-on-brand shadow-glow-brand hover:bg-brand-hover",
  accent: "bg-accent text-on-accent shadow-glow-accent hover:bg-accent-hover",
  secondary: "border border-border-strong bg-surface text-fg hover:border-fg-subtle/50 hover:bg-surface-muted",
  ghost: "text-fg hover:bg-surface-muted",
  // For dark artwork backgrounds (the hero), in either theme.
  glass: "border border-white/25 bg-white/10 text-white backdrop-blur-sm hover:border-white/40 hover:bg-white/15",
  danger: "bg-error text-white hover:opacity-90 dark:text-ink-950",
};

/** Class names of a button; use it to style other elements as buttons. */
export function buttonClassName({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return cx(base, sizes[size], variants[variant], className);
}

/** Class names of a square, icon-only button. */
export function iconButtonClassName({ variant = "ghost", size = "md", className }: ButtonStyle = {}): string {
  return cx(base, "gap-0 p-0", iconSizes[size], variants[variant], className);
}

export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}

type IconButtonProps = Omit<ComponentProps<"button">, "children" | "aria-label"> &
  ButtonStyle & {
    /** The accessible name, also shown as the tooltip. */
    label: string;
    icon: ReactNode;
  };

/** A round button showing only an icon; `label` names it for screen readers and as a tooltip. */
export function IconButton({ label, icon, variant, size, className, type = "button", ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={iconButtonClassName({ variant, size, className })}
      {...props}
    >
      {icon}
    </button>
  );
}
