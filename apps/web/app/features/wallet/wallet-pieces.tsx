// Small pieces the wallet's page, panel and modals share.
import { useSyncExternalStore, type ComponentProps } from "react";
import { LineIcon, type LineIconProps } from "#app/components/line-icon.tsx";
import { Select } from "#app/components/ui/input.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { currencyBadge } from "#app/features/wallet/currency-list.ts";
import { isMessengerMode } from "#app/features/session/messenger-mode.ts";
import { cx } from "#app/lib/cx.ts";

/** The round badge of a currency: its symbol, crypto in gold, fiat in the brand colour. */
export function CurrencyBadge({ code, symbol, crypto, className }: { code: string; symbol: string | undefined; crypto: boolean; className?: string }) {
  return (
    <span
      aria-hidden="true"
      // A symbol ending in a neutral sign ("R$") would be drawn "$R" in a right-to-left page.
      dir="ltr"
      data-currency-badge={code}
      className={cx(
        "grid size-10 shrink-0 place-items-center rounded-full text-sm font-bold",
        crypto ? "bg-gold-400/20 text-gold-700 dark:text-gold-300" : "bg-brand-soft text-brand-fg",
        className,
      )}
    >
      {currencyBadge({ code, symbol: symbol ?? code })}
    </span>
  );
}

/** Whether the site runs as the messenger mini-app; false until hydrated, so server and client agree. */
function useMessengerMode(): boolean {
  return useSyncExternalStore(subscribeNever, isMessengerMode, () => false);
}

/** The mini-app mode is fixed for the page's life: nothing to subscribe to. */
function subscribeNever(): () => void {
  return () => {};
}

type WalletLinkProps = Omit<ComponentProps<typeof ModalLink>, "modal" | "value"> & { direction: "deposit" | "withdraw" };

/**
 * Opens the wallet modal for a deposit or a withdrawal; in the messenger mini-app the messenger's
 * own wallet modal (spec 6: messenger players have a different wallet modal).
 */
export function WalletModalLink({ direction, ...props }: WalletLinkProps) {
  const messenger = useMessengerMode();
  return messenger ? <ModalLink modal="wallet-telegram-app" {...props} /> : <ModalLink modal="wallet" value={direction} {...props} />;
}

export function ArrowDownIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 4.5v14M6 13l6 6 6-6" />
    </LineIcon>
  );
}

export function ArrowUpIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 19.5v-14M6 11l6-6 6 6" />
    </LineIcon>
  );
}

export function PlusIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </LineIcon>
  );
}

export function EyeOffIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 3l18 18M10.6 5.2A9.7 9.7 0 0 1 12 5c5 0 8.5 4.5 9.5 7-.4 1-1.2 2.4-2.4 3.7M6.6 6.6C4.6 7.9 3.2 10 2.5 12c1 2.5 4.5 7 9.5 7 1.8 0 3.4-.6 4.8-1.5" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </LineIcon>
  );
}

export function CopyIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
      <path d="M15.5 8.5v-2a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
    </LineIcon>
  );
}

export function SwitchIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 8h13l-3.5-3.5M20 16H7l3.5 3.5" />
    </LineIcon>
  );
}

export function FilterIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 5h16l-6 7.5V18l-4 2v-7.5L4 5Z" />
    </LineIcon>
  );
}

export function ExternalIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
    </LineIcon>
  );
}

export function ClockIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </LineIcon>
  );
}

export function StarIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={cx("size-4 shrink-0", className)}>
      <path d="M10 1.8l2.5 5.1 5.6.8-4 3.9.9 5.6L10 14.6l-5 2.6.9-5.6-4-3.9 5.6-.8L10 1.8Z" />
    </svg>
  );
}

/** A native select drawn like the form kit's: no platform arrow, the site's chevron instead. */
export function PlainSelect({ className, ...props }: ComponentProps<typeof Select>) {
  return (
    <div className="relative min-w-0">
      <Select {...props} className={cx("appearance-none pe-9", className)} />
      <svg
        viewBox="0 0 16 16"
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 6l4 4 4-4" />
      </svg>
    </div>
  );
}
