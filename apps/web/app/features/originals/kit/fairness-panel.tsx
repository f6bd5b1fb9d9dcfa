import { ClientSeedSchema, type Round, type SeedState } from "@playfair/contracts/game/play";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { usePlayerId } from "#app/features/wallet/use-wallet.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { fetchSeeds, originalsKeys, rotateSeed, setClientSeed } from "./originals-api.ts";
import type { OriginalRounds } from "./use-original-rounds.ts";

/** The verifier page's address for one round (F4). */
export function verifyPath(roundId: string): string {
  return `/fairness?round=${encodeURIComponent(roundId)}`;
}

function Hash({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 font-mono text-xs break-all" dir="ltr" data-seed={testId}>
        {value}
      </dd>
    </div>
  );
}

function failureText(error: unknown, fallback: string): string {
  if (isApiRequestError(error)) return error.fieldErrors.clientSeed?.[0] ?? error.message;
  return fallback;
}

/** A signed-in player's seeds for this game: the commitment, the client seed to edit, rotation. */
function PlayerSeeds({ rounds, playerId }: { rounds: Pick<OriginalRounds, "seedGame" | "openRound">; playerId: string }) {
  const { t } = useTranslation("originals");
  const queryClient = useQueryClient();
  const inputId = useId();
  const key = originalsKeys.seeds(playerId);
  const seeds = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchSeeds(signal) });
  const seed = seeds.data?.find((candidate) => candidate.game === rounds.seedGame) ?? null;
  const [draft, setDraft] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remember = (next: SeedState) => queryClient.setQueryData<SeedState[]>(key, (list) => (list ? [...list.filter((item) => item.game !== next.game), next] : [next]));
  const save = useMutation({
    mutationFn: (clientSeed: string) => setClientSeed(rounds.seedGame, clientSeed),
    onSuccess: (next) => {
      remember(next);
      setDraft(null);
      setNotice(t("kit.fairness.saved"));
    },
  });
  const rotate = useMutation({
    mutationFn: () => rotateSeed(rounds.seedGame),
    onSuccess: (next) => {
      remember(next);
      setNotice(t("kit.fairness.rotated"));
    },
  });

  if (seeds.isPending) return <p className="text-sm text-fg-muted">{t("kit.fairness.loading")}</p>;
  if (!seed) return <p className="text-sm text-error">{t("kit.fairness.loadFailed")}</p>;
  const value = draft ?? seed.clientSeed;
  const valid = ClientSeedSchema.safeParse(value).success;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid && value !== seed?.clientSeed) save.mutate(value);
  }
  const failure = save.error ?? rotate.error;
  return (
    <div className="flex flex-col gap-4" data-fairness-panel="player">
      <dl className="grid gap-3">
        <Hash label={t("kit.fairness.serverSeedHash")} value={seed.serverSeedHash} testId="server-hash" />
        <div>
          <dt className="text-xs text-fg-muted">{t("kit.fairness.nonce")}</dt>
          <dd className="mt-0.5 font-mono text-xs" data-seed="nonce">
            {seed.nonce}
          </dd>
        </div>
      </dl>
      <form className="flex flex-col gap-1.5" onSubmit={submit}>
        <label htmlFor={inputId} className="text-sm font-semibold">
          {t("kit.fairness.clientSeed")}
        </label>
        <div className="flex gap-2">
          <Input id={inputId} dir="ltr" className="min-w-0 flex-1 font-mono" value={value} maxLength={64} onChange={(event) => setDraft(event.target.value)} aria-invalid={!valid || undefined} data-client-seed="" />
          <Button type="submit" variant="secondary" size="sm" disabled={!valid || value === seed.clientSeed || save.isPending}>
            {t("kit.fairness.save")}
          </Button>
        </div>
        {!valid && <p className="text-xs text-error">{t("kit.fairness.clientSeedRule")}</p>}
      </form>
      <div className="flex flex-col gap-1.5">
        <Button variant="secondary" size="sm" className="self-start" onClick={() => rotate.mutate()} disabled={rotate.isPending || rounds.openRound !== null} data-rotate-seed="">
          {t("kit.fairness.rotate")}
        </Button>
        <p className="text-xs text-fg-muted">{rounds.openRound ? t("kit.fairness.rotateAfterRound") : t("kit.fairness.rotateHint")}</p>
      </div>
      {(notice || failure) && (
        <p role="status" className={failure ? "text-sm text-error" : "text-sm text-success"}>
          {failure ? failureText(failure, t("kit.errors.unknown")) : notice}
        </p>
      )}
      {seed.previous && (
        <section className="rounded-lg border border-border p-3" data-previous-seed="">
          <h3 className="text-sm font-semibold">{t("kit.fairness.previous")}</h3>
          <dl className="mt-2 grid gap-2">
            <Hash label={t("kit.fairness.serverSeed")} value={seed.previous.serverSeed} testId="previous-server" />
            <Hash label={t("kit.fairness.serverSeedHash")} value={seed.previous.serverSeedHash} testId="previous-hash" />
            <Hash label={t("kit.fairness.clientSeed")} value={seed.previous.clientSeed} testId="previous-client" />
          </dl>
          <p className="mt-2 text-xs text-fg-muted">{t("kit.fairness.previousRounds", { count: seed.previous.nonce })}</p>
        </section>
      )}
    </div>
  );
}

/**
 * The provably-fair panel (F1, F4): the commitment to the server seed before any bet, the client
 * seed, rotation revealing the seed rotated away, and a link to verify the last round. A demo
 * session plays on seeds of its own, shown from its rounds.
 */
export function FairnessPanel({ rounds }: { rounds: Pick<OriginalRounds, "seedGame" | "openRound" | "demo" | "history" | "latest"> }) {
  const { t } = useTranslation("originals");
  const playerId = usePlayerId();
  const last: Round | null = rounds.history[0] ?? null;
  const seedsOf = rounds.latest ?? last;
  return (
    <div className="flex flex-col gap-4">
      {rounds.demo || !playerId ? (
        <div className="flex flex-col gap-3" data-fairness-panel="demo">
          <p className="text-sm text-fg-muted">{t("kit.fairness.demoNote")}</p>
          {seedsOf?.seeds && (
            <dl className="grid gap-3">
              <Hash label={t("kit.fairness.serverSeedHash")} value={seedsOf.seeds.serverSeedHash} testId="server-hash" />
              <Hash label={t("kit.fairness.clientSeed")} value={seedsOf.seeds.clientSeed} testId="client" />
            </dl>
          )}
        </div>
      ) : (
        <PlayerSeeds rounds={rounds} playerId={playerId} />
      )}
      {last && (
        <LocalizedLink to={verifyPath(last.id)} className="self-start text-sm font-semibold text-brand-fg underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none" data-verify-link={last.id}>
          {t("kit.fairness.verify")}
        </LocalizedLink>
      )}
    </div>
  );
}
