import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailedState } from "./load-failed-state.tsx";
import { ProblemNote } from "./problem-note.tsx";
import { fetchAvatars, profileQueryKeys, setAvatar } from "./profile-api.ts";
import { errorAlertText, isHandledSessionError } from "./profile-errors.ts";
import { useProfileRefresh } from "./use-profile-refresh.ts";
import { CheckIcon } from "#app/components/icons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { cx } from "#app/lib/cx.ts";
import { useProfile } from "#app/lib/session.tsx";

/**
 * Choosing an avatar (spec 3 "Avatar", 7: GET /api/player/avatar/list, POST set-avatar). The
 * pictures are a radio group (native radios: arrow keys move, Space picks); the current one is
 * marked, and Save applies the choice.
 */
export default function AvatarsModal({ close }: ModalContentProps) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const { applyProfile } = useProfileRefresh();
  const groupName = useId();
  const legendId = useId();
  const currentId = profile?.avatarId ?? null;
  const [chosen, setChosen] = useState<string | null>(currentId);
  const [problem, setProblem] = useState<string | null>(null);
  const avatars = useQuery({ queryKey: profileQueryKeys.avatars, queryFn: ({ signal }) => fetchAvatars(signal), staleTime: 10 * 60_000 });

  const save = useMutation({
    mutationFn: setAvatar,
    onMutate: () => setProblem(null),
    onSuccess: (profile) => {
      applyProfile(profile);
      showAlert({ kind: "success", title: t("avatars.saved") });
      close();
    },
    onError: (error) => {
      if (isHandledSessionError(error)) return;
      const text = errorAlertText(t, error);
      setProblem(text.description ?? text.title);
    },
  });

  if (avatars.isPending) {
    return (
      <div aria-busy="true" className="grid grid-cols-4 gap-3 xs:gap-4">
        <span className="sr-only">{t("common.loading")}</span>
        {Array.from({ length: 12 }, (_, index) => (
          <Skeleton key={index} shape="circle" className="w-full" />
        ))}
      </div>
    );
  }
  if (avatars.isError) {
    return (
      <LoadFailedState illustration={null} onRetry={() => void avatars.refetch()} />
    );
  }

  const list = avatars.data.data;
  return (
    <form
      className="flex flex-col gap-5"
      data-avatars=""
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen && chosen !== currentId) save.mutate(chosen);
        else close();
      }}
    >
      <fieldset aria-describedby={legendId}>
        <legend className="sr-only">{t("avatars.legend")}</legend>
        <p id={legendId} className="mb-4 text-[0.9375rem] text-fg-muted">
          {t("avatars.intro")}
        </p>
        <div className="grid grid-cols-4 gap-3 xs:gap-4">
          {list.map((avatar, index) => {
            const selected = chosen === avatar.id;
            const current = currentId === avatar.id;
            return (
              <label key={avatar.id} className="group relative block cursor-pointer" data-avatar-option={avatar.id}>
                <input
                  type="radio"
                  name={groupName}
                  value={avatar.id}
                  checked={selected}
                  onChange={() => setChosen(avatar.id)}
                  className="peer sr-only"
                  aria-label={current ? t("avatars.optionCurrent", { number: index + 1 }) : t("avatars.option", { number: index + 1 })}
                />
                <span
                  className={cx(
                    "block rounded-full p-1 ring-2 transition-[box-shadow,transform] duration-150 ease-snappy",
                    "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus",
                    selected ? "scale-100 ring-brand" : "ring-transparent group-hover:scale-[1.04] group-hover:ring-border-strong",
                  )}
                >
                  <img src={avatar.url} alt="" width={96} height={96} loading="lazy" className="block aspect-square w-full rounded-full" />
                </span>
                {selected ? (
                  <span aria-hidden="true" className="absolute end-0 top-0 grid size-6 place-items-center rounded-full bg-brand text-on-brand shadow-card ring-2 ring-surface">
                    <CheckIcon className="size-3.5 stroke-[3]" />
                  </span>
                ) : null}
                {current ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-0 -bottom-1 mx-auto w-fit rounded-full bg-surface px-2 py-0.5 text-[0.6875rem] leading-tight font-bold text-fg shadow-card ring-1 ring-border"
                  >
                    {t("avatars.current")}
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <ProblemNote problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 xs:flex-row xs:justify-end">
        <Button variant="secondary" onClick={close} disabled={save.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending || chosen === null || chosen === currentId}>
          {t("avatars.save")}
        </Button>
      </div>
    </form>
  );
}
