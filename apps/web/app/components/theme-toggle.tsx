import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MonitorIcon, MoonIcon, SunIcon } from "#app/components/icons.tsx";
import { translatedOnce } from "#app/components/translated-once.ts";
import { cx } from "#app/lib/cx.ts";
import { useRootData } from "#app/lib/site-settings.ts";
import { setThemePreference, useThemePreference, type ThemePreference } from "#app/lib/theme.ts";

const OPTIONS: Array<{ value: ThemePreference; icon: ReactNode }> = [
  { value: "light", icon: <SunIcon className="size-[1.05rem]" /> },
  { value: "dark", icon: <MoonIcon className="size-[1.05rem]" /> },
  { value: "system", icon: <MonitorIcon className="size-[1.05rem]" /> },
];

/**
 * Light / dark / system switch. The server knows the choice from the `theme` cookie (root data),
 * so the right button is already pressed in the server's HTML; without a cookie none is until hydration.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("layout");
  const labels = translatedOnce(i18n, "layout:theme", () => ({
    group: t("theme.label"),
    light: t("theme.light"),
    dark: t("theme.dark"),
    system: t("theme.system"),
  }));
  const preference = useThemePreference(useRootData()?.theme ?? null);
  return (
    <div
      role="group"
      aria-label={labels.group}
      className={cx("inline-flex items-center gap-0.5 rounded-full border border-border bg-surface p-0.5", className)}
    >
      {OPTIONS.map(({ value, icon }) => {
        const pressed = preference === value;
        return (
          <button
            key={value}
            type="button"
            data-theme-option={value}
            aria-pressed={preference === null ? undefined : pressed}
            aria-label={labels[value]}
            title={labels[value]}
            onClick={() => setThemePreference(value)}
            className={cx(
              "grid size-8 place-items-center rounded-full transition-colors duration-150",
              pressed ? "bg-surface-muted text-fg shadow-card" : "text-fg-subtle hover:text-fg",
            )}
          >
            {icon}
          </button>
        );
      })}
    </div>
  );
}
