// The public verifier (/fairness): a round by its id (?round=<id>) recomputed in the browser once
// its server seed is revealed, a crash round (?crash=<id>, crash-verifier.tsx), a manual calculator
// for any seeds, and the scheme in plain words.
// The engine (@playfair/fairness, in verifier-steps.ts) is imported only when a computation runs,
// so its code never reaches another page and this one renders without it.
import type { FairnessRoundSchema } from "@playfair/contracts/game/play";
import { useCallback, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { BlackjackRoundCheck } from "./blackjack-round-check.tsx";
import { ComputationView } from "./computation-view.tsx";
import { CrashVerifier } from "./crash-verifier.tsx";
import { FactList, RecordCard, useSeededVerdictText, useVerdict, VerdictLine } from "./round-verdict.tsx";
import { DEFAULT_FIELDS, isVerifierGame, manualParams, VERIFIER_FIELDS, VERIFIER_GAMES, verifierGameOf, type VerifierGame } from "./verifier-games.ts";
import type { Computation } from "./verifier-steps.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/surface.tsx";
import { Field, Input, Select } from "#app/components/ui/input.tsx";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";

type FairnessRound = z.infer<typeof FairnessRoundSchema>;

const loadEngine = () => import("./verifier-steps.ts");

/** The page's sections under its title: the round asked for, the scheme, the calculator. */
export function FairnessSections() {
  const [search] = useSearchParams();
  const roundId = search.get("round");
  const crashRoundId = search.get("crash");
  return (
    <div className="flex flex-col gap-6">
      {roundId !== null ? (
        <SharedQueryClientProvider>
          <RoundVerifier roundId={roundId} />
        </SharedQueryClientProvider>
      ) : null}
      {crashRoundId !== null ? (
        <SharedQueryClientProvider>
          <CrashVerifier roundId={crashRoundId} />
        </SharedQueryClientProvider>
      ) : null}
      <HowItWorks />
      <ManualVerifier />
    </div>
  );
}

function HowItWorks() {
  const { t } = useTranslation("pages");
  return (
    <Card as="section" aria-labelledby="fairness-how">
      <h2 id="fairness-how" className="font-display text-lg font-bold">
        {t("fairness.how.title")}
      </h2>
      <ol className="mt-3 flex list-decimal flex-col gap-2 ps-5 text-sm text-fg-muted">
        <li>{t("fairness.how.commit")}</li>
        <li>{t("fairness.how.bytes")}</li>
        <li>{t("fairness.how.floats")}</li>
        <li>{t("fairness.how.outcome")}</li>
        <li>{t("fairness.how.reveal")}</li>
      </ol>
    </Card>
  );
}

function RoundVerifier({ roundId }: { roundId: string }) {
  const { t } = useTranslation("pages");
  return (
    <RecordCard<FairnessRound>
      id={roundId}
      path={`/api/game/fairness/rounds/${encodeURIComponent(roundId)}`}
      queryKey={["fairness", "round", roundId]}
      title={t("fairness.round.title")}
      notFound={t("fairness.round.notFound")}
      headingId="fairness-round"
      marker={{ "data-round-verifier": "" }}
    >
      {(record) => <RoundRecord record={record} />}
    </RecordCard>
  );
}

function RoundFacts({ record }: { record: FairnessRound }) {
  const { t } = useTranslation("pages");
  const game = verifierGameOf(record.fairnessGame);
  const facts: [string, string][] = [
    [t("fairness.fields.game"), game ? t(`fairness.games.${game}`) : record.fairnessGame === "blackjack" ? t("fairness.games.blackjack") : record.game],
    [t("fairness.fields.clientSeed"), record.clientSeed],
    [t("fairness.fields.nonce"), String(record.nonce)],
    [t("fairness.fields.cursor"), String(record.cursor)],
    [t("fairness.fields.serverSeedHash"), record.serverSeedHash],
  ];
  if (record.serverSeed) facts.push([t("fairness.fields.serverSeed"), record.serverSeed]);
  return <FactList facts={facts} />;
}

function RoundRecord({ record }: { record: FairnessRound }) {
  const { t } = useTranslation("pages");
  const game = verifierGameOf(record.fairnessGame);
  const serverSeed = record.serverSeed;
  const computable = serverSeed !== null && game !== null && record.status === "settled";
  const compute = useCallback(async () => (await loadEngine()).verifyRecord({ ...record, fairnessGame: game!, serverSeed: serverSeed!, outcome: record.outcome }), [record, game, serverSeed]);
  const verdict = useVerdict(computable ? compute : null);
  const verdictText = useSeededVerdictText();
  const blackjack = useMemo(() => (record.fairnessGame === "blackjack" && serverSeed !== null && record.status === "settled" ? { ...record, serverSeed } : null), [record, serverSeed]);

  // A blackjack round is replayed step by step from its stored actions (blackjack-round-check.tsx).
  if (blackjack !== null) return <BlackjackRoundCheck record={blackjack} facts={<RoundFacts record={record} />} />;

  let state: ReactNode;
  if (serverSeed === null) {
    state = <p data-round-state="seed-in-use">{t("fairness.round.inUse")}</p>;
  } else if (record.status === "voided") {
    state = <p data-round-state="voided">{t("fairness.round.voided")}</p>;
  } else if (game === null) {
    state = <p data-round-state="unsupported">{t("fairness.round.unsupported")}</p>;
  } else {
    state = <VerdictLine verdict={verdict} explain={verdictText} />;
  }
  return (
    <div className="flex flex-col gap-4">
      {state}
      <RoundFacts record={record} />
      {verdict !== null && verdict !== "failed" ? <ComputationView computation={verdict.computation} /> : null}
    </div>
  );
}

type ManualState = { game: VerifierGame; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: string; cursor: string; fields: Record<string, string> };

const INITIAL: ManualState = { game: "dice", serverSeed: "", serverSeedHash: "", clientSeed: "", nonce: "0", cursor: "0", fields: { ...DEFAULT_FIELDS.dice } };

function wholeNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function ManualVerifier() {
  const { t } = useTranslation("pages");
  const [form, setForm] = useState<ManualState>(INITIAL);
  const [result, setResult] = useState<Computation | "invalid" | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (changes: Partial<ManualState>) => setForm((current) => ({ ...current, ...changes }));
  const missingSeeds = form.serverSeed.trim() === "" || form.clientSeed.trim() === "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nonce = wholeNumber(form.nonce);
    const cursor = wholeNumber(form.cursor);
    if (nonce === null || cursor === null || missingSeeds) {
      setResult("invalid");
      return;
    }
    setBusy(true);
    try {
      const engine = await loadEngine();
      setResult(
        engine.compute({
          game: form.game,
          serverSeed: form.serverSeed.trim(),
          clientSeed: form.clientSeed.trim(),
          nonce,
          cursor,
          params: manualParams(form.game, form.fields),
          committedHash: form.serverSeedHash.trim() || null,
        }),
      );
    } catch {
      setResult("invalid");
    } finally {
      setBusy(false);
    }
  }

  const optionLabel = (field: string, option: string) => {
    if (field === "condition") return t(`fairness.options.condition.${option as "under"}`);
    if (field === "risk") return t(`fairness.options.risk.${option as "low"}`);
    if (field === "bet") return t(`fairness.options.bet.${option as "red"}`);
    return option;
  };

  return (
    <Card as="section" aria-labelledby={`${id}-title`} data-manual-verifier="">
      <h2 id={`${id}-title`} className="font-display text-lg font-bold">
        {t("fairness.manual.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("fairness.manual.description")}</p>
      <form className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t("fairness.fields.game")}>
          {(props) => (
            <Select
              {...props}
              name="game"
              value={form.game}
              onChange={(event) => {
                const game = isVerifierGame(event.target.value) ? event.target.value : "dice";
                set({ game, fields: { ...DEFAULT_FIELDS[game] } });
                setResult(null);
              }}
            >
              {VERIFIER_GAMES.map((game) => (
                <option key={game} value={game}>
                  {t(`fairness.games.${game}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t("fairness.fields.serverSeed")}>
          {(props) => <Input {...props} name="serverSeed" dir="ltr" autoComplete="off" spellCheck={false} value={form.serverSeed} onChange={(event) => set({ serverSeed: event.target.value })} />}
        </Field>
        <Field label={t("fairness.fields.serverSeedHash")} hint={t("fairness.manual.hashHint")}>
          {(props) => <Input {...props} name="serverSeedHash" dir="ltr" autoComplete="off" spellCheck={false} value={form.serverSeedHash} onChange={(event) => set({ serverSeedHash: event.target.value })} />}
        </Field>
        <Field label={t("fairness.fields.clientSeed")}>
          {(props) => <Input {...props} name="clientSeed" dir="ltr" autoComplete="off" spellCheck={false} value={form.clientSeed} onChange={(event) => set({ clientSeed: event.target.value })} />}
        </Field>
        <Field label={t("fairness.fields.nonce")}>
          {(props) => <Input {...props} name="nonce" inputMode="numeric" dir="ltr" value={form.nonce} onChange={(event) => set({ nonce: event.target.value })} />}
        </Field>
        <Field label={t("fairness.fields.cursor")}>
          {(props) => <Input {...props} name="cursor" inputMode="numeric" dir="ltr" value={form.cursor} onChange={(event) => set({ cursor: event.target.value })} />}
        </Field>
        {VERIFIER_FIELDS[form.game].map((field) => (
          <Field
            key={`${form.game}-${field.name}`}
            label={t(`fairness.fields.${field.name as "target"}`)}
            hint={field.name === "reveals" || field.name === "picks" ? t(`fairness.manual.${field.name}Hint`) : undefined}
          >
            {(props) =>
              field.kind === "select" ? (
                <Select {...props} name={field.name} value={form.fields[field.name] ?? ""} onChange={(event) => set({ fields: { ...form.fields, [field.name]: event.target.value } })}>
                  {field.options.map((option) => (
                    <option key={option} value={option}>
                      {optionLabel(field.name, option)}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input
                  {...props}
                  name={field.name}
                  dir="ltr"
                  inputMode={field.inputMode}
                  value={form.fields[field.name] ?? ""}
                  onChange={(event) => set({ fields: { ...form.fields, [field.name]: event.target.value } })}
                />
              )
            }
          </Field>
        ))}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {t("fairness.manual.compute")}
          </Button>
        </div>
      </form>
      <div className="mt-6" aria-live="polite" data-manual-result="">
        {result === "invalid" ? (
          <p className="text-sm font-medium text-error" data-manual-invalid="">
            {t("fairness.manual.invalid")}
          </p>
        ) : result ? (
          <ComputationView computation={result} />
        ) : null}
      </div>
    </Card>
  );
}
