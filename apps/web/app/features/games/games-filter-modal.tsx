import { GAME_CATEGORIES, GAME_FEATURES, GAME_SORTS } from "@playfair/contracts/game/catalogue";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { localizePath, splitLocalePrefix } from "#app/lib/locale.ts";
import { SUPPORTED_LOCALE_CODES } from "@playfair/contracts/constants";
import { fetchProviders, gamesKeys } from "./games-api.ts";
import { EMPTY_FILTER, gamesPath, parseGamesPath, type GamesFilter } from "./games-url.ts";

/** The filter the page under the modal shows: a filter page's own, else none. */
export function filterOfPath(pathname: string): GamesFilter {
  const { unprefixed: path } = splitLocalePrefix(pathname, SUPPORTED_LOCALE_CODES);
  const match = /^\/games\/(.+)$/.exec(path);
  return (match && match[1] !== "providers" && parseGamesPath(match[1]!)) || EMPTY_FILTER;
}

function toggled<T extends string>(values: readonly T[], value: T, on: boolean): T[] {
  return on ? [...values.filter((entry) => entry !== value), value] : values.filter((entry) => entry !== value);
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mt-5 first:mt-0">
      <legend className="mb-2 text-sm font-bold">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

const optionClass =
  "relative inline-flex h-9 cursor-pointer items-center rounded-full border border-border-strong px-3.5 text-sm font-semibold has-checked:border-brand has-checked:bg-brand-soft has-checked:text-brand-fg has-focus-visible:ring-2 has-focus-visible:ring-focus";

function Option({ type, name, checked, onChange, label, value }: { type: "checkbox" | "radio"; name: string; checked: boolean; onChange: (on: boolean) => void; label: string; value: string }) {
  return (
    <label className={optionClass}>
      <input type={type} name={name} value={value} checked={checked} onChange={(event) => onChange(event.target.checked)} className="sr-only" />
      {label}
    </label>
  );
}

/**
 * Spec 2.4 games-filter: providers, categories, features and the order, applied as the filter
 * page's address (games-url.ts), so the result can be shared and the back button undoes it.
 * Spec 8: a provider list that fails to load is an empty list.
 */
export default function GamesFilterModal(_props: ModalContentProps) {
  const { t } = useTranslation("games");
  const { t: pageText } = useTranslation("pages");
  const location = useLocation();
  const navigate = useNavigate();
  const language = useLanguage();
  const name = useId();
  const [filter, setFilter] = useState<GamesFilter>(() => filterOfPath(location.pathname));
  const providers = useQuery({ queryKey: gamesKeys.providers, queryFn: ({ signal }) => fetchProviders(signal) });

  // The filter page takes the modal's place in the history (its address has no modal parameter,
  // so the modal closes): Back returns to the page the modal was opened over.
  function apply() {
    void navigate(localizePath(gamesPath(filter), language), { replace: true });
  }

  return (
    <form
      data-games-filter=""
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Group legend={t("filter.sort")}>
        {GAME_SORTS.map((sort) => (
          <Option key={sort} type="radio" name={`${name}-sort`} value={sort} checked={filter.sort === sort} onChange={() => setFilter({ ...filter, sort })} label={pageText(`gamesParams.sorts.${sort}`)} />
        ))}
      </Group>
      <Group legend={t("filter.categories")}>
        {GAME_CATEGORIES.map((category) => (
          <Option
            key={category}
            type="checkbox"
            name={`${name}-category`}
            value={category}
            checked={filter.category.includes(category)}
            onChange={(on) => setFilter({ ...filter, category: toggled(filter.category, category, on) })}
            label={pageText(`games.categories.${category}`)}
          />
        ))}
      </Group>
      <Group legend={t("filter.providers")}>
        {providers.isPending ? (
          <span className="text-sm text-fg-muted">{t("loading")}</span>
        ) : (providers.data ?? []).length === 0 ? (
          <span className="text-sm text-fg-muted">{t("filter.noProviders")}</span>
        ) : (
          (providers.data ?? []).map((provider) => (
            <Option
              key={provider.id}
              type="checkbox"
              name={`${name}-provider`}
              value={provider.identity}
              checked={filter.provider.includes(provider.identity)}
              onChange={(on) => setFilter({ ...filter, provider: toggled(filter.provider, provider.identity, on) })}
              label={provider.name}
            />
          ))
        )}
      </Group>
      <Group legend={t("filter.features")}>
        {GAME_FEATURES.map((feature) => (
          <Option
            key={feature}
            type="checkbox"
            name={`${name}-feature`}
            value={feature}
            checked={filter.feature.includes(feature)}
            onChange={(on) => setFilter({ ...filter, feature: toggled(filter.feature, feature, on) })}
            label={pageText(`gamesParams.features.${feature}`)}
          />
        ))}
      </Group>
      <div className="sticky bottom-0 mt-6 flex gap-2 bg-surface pt-2">
        <Button variant="secondary" className="flex-1" onClick={() => setFilter({ ...EMPTY_FILTER, ...(filter.collection ? { collection: filter.collection } : {}) })} data-filter-reset="">
          {t("filter.reset")}
        </Button>
        <Button type="submit" className="flex-1" data-filter-apply="">
          {t("filter.apply")}
        </Button>
      </div>
    </form>
  );
}
