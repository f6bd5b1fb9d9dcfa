import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { ChevronDownIcon, GlobeIcon } from "#app/components/icons.tsx";
import { useEnabledLanguages, useEnabledLocales, useLanguage } from "#app/lib/locale-hooks.ts";
import { isSupportedLanguage, localizePath, splitLocalePrefix } from "#app/lib/locale.ts";
import { cx } from "#app/lib/cx.ts";

/**
 * The language switcher: the enabled locales by their native names. Choosing one opens the same
 * page (same path, query and hash) under that language's prefix.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation("layout");
  const id = useId();
  const locales = useEnabledLocales();
  const enabled = useEnabledLanguages();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  // Without the locale list (an error page rendered before it loaded) there is nothing to offer.
  if (locales.length < 2) return null;

  function switchTo(code: string) {
    if (!isSupportedLanguage(code) || code === language) return;
    const { unprefixed } = splitLocalePrefix(location.pathname, enabled);
    navigate(localizePath(unprefixed, code) + location.search + location.hash);
  }

  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-xs font-semibold tracking-[0.08em] text-fg-subtle uppercase">
        {t("footer.language")}
      </label>
      <div className="relative">
        <GlobeIcon className="pointer-events-none absolute start-3 top-1/2 size-[1.125rem] -translate-y-1/2 text-fg-subtle" />
        <select
          id={id}
          data-language-switcher=""
          value={language}
          onChange={(event) => switchTo(event.target.value)}
          className={cx(
            "h-11 w-full min-w-52 appearance-none rounded-xl border border-border-strong bg-surface ps-10 pe-10 text-[0.9375rem] font-medium text-fg",
            "transition-colors hover:border-fg-subtle/60 focus-visible:border-brand",
          )}
        >
          {locales.map((locale) => (
            <option key={locale.code} value={locale.code} lang={locale.code} dir={locale.direction}>
              {locale.name}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle" />
      </div>
    </div>
  );
}
