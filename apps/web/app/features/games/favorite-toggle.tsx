import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HeartIcon } from "#app/components/icons.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { cx } from "#app/lib/cx.ts";
import { FAVORITES_QUERY_KEY, setFavorite } from "./favorite-api.ts";

/**
 * The heart on a player's tile. The tile shows the new state at once (optimistic); a refused call
 * puts the old state back and says so.
 */
export default function FavoriteToggle({ gameId, name, initial }: { gameId: string; name: string; initial: boolean }) {
  const { t } = useTranslation("pages");
  const queryClient = useQueryClient();
  const [favorite, setFavoriteState] = useState(initial);
  const toggle = useMutation({
    mutationFn: (next: boolean) => setFavorite(gameId, next),
    onMutate: (next) => {
      setFavoriteState(next);
      return { previous: !next };
    },
    onError: (_error, _next, context) => {
      if (context) setFavoriteState(context.previous);
      showAlert({ kind: "error", title: t("gameLists.tile.favoriteFailed") });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
  });
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={t("gameLists.tile.favorite", { name })}
      title={t("gameLists.tile.favorite", { name })}
      data-favorite-toggle=""
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!favorite)}
      className={cx(
        "absolute end-2 top-2 grid size-9 place-items-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors",
        "outline-none hover:bg-black/70 focus-visible:ring-2 focus-visible:ring-focus [&>svg]:size-[1.125rem]",
        favorite && "text-ruby-400 [&>svg]:fill-current",
      )}
    >
      <HeartIcon />
    </button>
  );
}
