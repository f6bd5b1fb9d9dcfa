import type { Game, Provider } from "@playfair/contracts/game/catalogue";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CloseIcon, HistoryIcon, SearchIcon } from "#app/components/icons.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { localizePath } from "#app/lib/locale.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { deleteRecentSearches, fetchRecentSearches, gamesKeys, searchGames } from "./games-api.ts";
import { gamePath, providerPath } from "./games-links.ts";

/** Typing pauses this long before a search goes out. */
const SEARCH_DEBOUNCE_MS = 300;
/** Shorter texts do not search (one letter matches half the catalogue). */
const SEARCH_MIN_LENGTH = 2;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

type Result = { kind: "game"; game: Game } | { kind: "provider"; provider: Provider };

/** The next active option for an arrow key: wraps around; -1 (none) goes to the first or last. */
export function nextActive(active: number, count: number, key: "ArrowDown" | "ArrowUp"): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

function RecentSearches({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation("games");
  const queryClient = useQueryClient();
  const recent = useQuery({ queryKey: gamesKeys.recentSearches, queryFn: ({ signal }) => fetchRecentSearches(signal) });
  const remove = useMutation({
    mutationFn: (ids?: string[]) => deleteRecentSearches(ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesKeys.recentSearches }),
  });
  const entries = recent.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section className="mt-5" data-recent-searches="">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="text-sm font-bold">{t("search.recent")}</h3>
        <button type="button" className="rounded text-sm font-semibold text-brand-fg hover:underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none" onClick={() => remove.mutate(undefined)} data-recent-clear="">
          {t("search.clearRecent")}
        </button>
      </div>
      <ul className="flex flex-col">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-1">
            <button type="button" onClick={() => onPick(entry.text)} className="flex min-h-10 flex-1 items-center gap-2 rounded-md px-2 text-start hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none [&>svg]:size-4 [&>svg]:text-fg-muted">
              <HistoryIcon />
              {entry.text}
            </button>
            <button
              type="button"
              aria-label={t("search.removeRecent", { text: entry.text })}
              onClick={() => remove.mutate([entry.id])}
              className="grid size-10 place-items-center rounded-md text-fg-muted hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none [&>svg]:size-4"
              data-recent-remove={entry.id}
            >
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Spec 2.4 global-search: games and providers as you type (debounced, typo-tolerant on the
 * server), arrow keys to move through the results and Enter to open one; a player's recent
 * searches can be picked again or removed one by one or all at once.
 */
export default function GlobalSearchModal(_props: ModalContentProps) {
  const { t } = useTranslation("games");
  const session = useSession();
  const navigate = useNavigate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const listId = useId();
  const [text, setText] = useState("");
  const searched = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // The active option belongs to one result list: a new search starts with none.
  const [activeIn, setActiveIn] = useState({ searched: "", index: -1 });
  const active = activeIn.searched === searched ? activeIn.index : -1;
  const setActive = (next: (current: number) => number) => setActiveIn({ searched, index: next(active) });
  const enabled = searched.length >= SEARCH_MIN_LENGTH;
  const signedIn = isSignedIn(session);
  const search = useQuery({
    queryKey: gamesKeys.search(searched, signedIn),
    queryFn: ({ signal }) => searchGames(searched, signedIn, signal),
    enabled,
  });

  useEffect(() => {
    // The server keeps a player's searches: the list shows this one when the modal opens next.
    if (enabled && search.isSuccess && signedIn) void queryClient.invalidateQueries({ queryKey: gamesKeys.recentSearches });
  }, [search.data, enabled, search.isSuccess, signedIn, queryClient]);

  const results: Result[] = enabled && search.data
    ? [...search.data.games.map((game): Result => ({ kind: "game", game })), ...search.data.providers.map((provider): Result => ({ kind: "provider", provider }))]
    : [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  // The result's page takes the modal's place in the history; its address has no modal parameter.
  function open(result: Result) {
    void navigate(localizePath(result.kind === "game" ? gamePath(result.game.identity) : providerPath(result.provider.identity), language), { replace: true });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => nextActive(current, results.length, event.key as "ArrowDown" | "ArrowUp"));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) open(chosen);
    }
  }

  const gameCount = search.data?.games.length ?? 0;
  return (
    <div data-global-search="">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-fg-muted" />
        <input
          type="search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-label={t("search.label")}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          // The modal's purpose is this field.
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={100}
          className="h-12 w-full rounded-lg border border-border-strong bg-surface ps-11 pe-3 text-base outline-none focus-visible:border-brand focus-visible:ring-3 focus-visible:ring-brand/20"
          data-search-input=""
        />
      </div>
      <p role="status" className="sr-only">
        {enabled && search.isSuccess ? t("search.resultCount", { count: results.length }) : ""}
      </p>
      {!enabled && signedIn && <RecentSearches onPick={setText} />}
      {enabled && search.isFetching && results.length === 0 && <p className="mt-4 text-sm text-fg-muted">{t("loading")}</p>}
      {enabled && search.isSuccess && results.length === 0 && (
        <p className="mt-4 text-sm text-fg-muted" data-search-empty="">
          {t("search.noResults", { text: searched })}
        </p>
      )}
      {enabled && search.isError && (
        <p className="mt-4 text-sm text-error" role="alert">
          {t("search.failed")}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label={t("search.results")} className={cx("mt-3 flex flex-col gap-1", results.length === 0 && "hidden")}>
        {results.map((result, index) => (
          <li
            key={result.kind === "game" ? `game-${result.game.id}` : `provider-${result.provider.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => open(result)}
            onPointerMove={() => setActive(() => index)}
            data-search-result={result.kind === "game" ? result.game.identity : result.provider.identity}
            className={cx("flex cursor-pointer items-center gap-3 rounded-lg p-2", index === active ? "bg-brand-soft text-brand-fg" : "hover:bg-surface-muted", index === gameCount && index > 0 && "mt-3")}
          >
            {result.kind === "game" ? (
              <>
                <img src={result.game.images["1x1"]["1x"]} alt="" width={40} height={40} className="size-10 rounded-md" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{result.game.name}</span>
                  <span className="block truncate text-xs text-fg-muted">{result.game.provider.name}</span>
                </span>
              </>
            ) : (
              <span className="min-w-0">
                <span className="block truncate font-semibold">{result.provider.name}</span>
                <span className="block text-xs text-fg-muted">{t("search.provider")}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
