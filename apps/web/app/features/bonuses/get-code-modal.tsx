// The get-code modal (spec 2.4): the player types a bonus code, which is sent with trigger
// `manual`. Spec 8: a code in status 3 or 4 is an error alert (incorrect / not available), also
// written under the field; an accepted code says what it gave; a deposit code waits for the next
// deposit and says so. Guests are asked to sign in first.
import type { PlayerBonusCode } from "@playfair/contracts/bonus/player-bonuses";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { codeAlert } from "./bonus-alerts.ts";
import { useRedeemBonusCode } from "#app/features/bonus-data/bonus-api.ts";
import { codeOutcome, refusedCodeOutcome, type CodeOutcome } from "./bonus-events.ts";
import { ModalActions } from "./bonus-modal-parts.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";

const MAX_CODE_LENGTH = 32;

export default function GetCodeModal({ close }: ModalContentProps) {
  const signedIn = isSignedIn(useSession());
  return signedIn ? <CodeForm close={close} /> : <SignInFirst />;
}

function SignInFirst() {
  const { t } = useTranslation("bonuses");
  return (
    <div className="flex flex-col gap-4" data-get-code-guest="">
      <p className="text-pretty text-fg-muted">{t("code.guest")}</p>
      <ModalActions>
        <ModalLink modal="sign-up" className={buttonClassName({ variant: "secondary" })}>
          {t("code.signUp")}
        </ModalLink>
        <ModalLink modal="sign-in" className={buttonClassName({ variant: "primary" })}>
          {t("code.signIn")}
        </ModalLink>
      </ModalActions>
    </div>
  );
}

type Outcome = { kind: CodeOutcome; code: PlayerBonusCode | null };

function CodeForm({ close }: { close: () => void }) {
  const { t } = useTranslation("bonuses");
  const inputId = useId();
  const messageId = useId();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const redeem = useRedeemBonusCode();

  function announce(kind: CodeOutcome, code: string, title: string | null) {
    showAlert(codeAlert(kind, code, title, t, `bonus-code:${code.toUpperCase()}:${kind}`));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = value.trim();
    if (code === "") {
      setProblem(t("code.required"));
      return;
    }
    setProblem(null);
    redeem.mutate(code, {
      onSuccess: (entered) => {
        const kind = codeOutcome(entered.status) ?? "accepted";
        if (kind === "incorrect" || kind === "notAvailable") {
          setProblem(t(`alerts.code.${kind}Description`, { code }));
        } else {
          setOutcome({ kind, code: entered });
        }
        announce(kind, code, entered.title);
      },
      onError: (error) => {
        if (isApiRequestError(error) && error.sessionEnded) return;
        if (isApiRequestError(error) && error.status === 422) {
          const kind = refusedCodeOutcome(error.reason);
          setProblem(t(`alerts.code.${kind}Description`, { code }));
          announce(kind, code, null);
          return;
        }
        setProblem(t("errors.tryAgain"));
      },
    });
  }

  if (outcome) return <CodeAccepted outcome={outcome} close={close} />;

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-get-code="">
      <p className="text-sm text-pretty text-fg-muted">{t("code.intro")}</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold text-fg">
          {t("code.label")}
        </label>
        <Input
          id={inputId}
          name="bonusCode"
          value={value}
          maxLength={MAX_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          data-get-code-input=""
        />
        <div role="alert" aria-live="assertive">
          {problem ? (
            <p id={messageId} className="text-sm font-medium text-error" data-get-code-problem="">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={close} disabled={redeem.isPending}>
          {t("actions.close")}
        </Button>
        <Button type="submit" disabled={redeem.isPending} data-get-code-submit="">
          {t("code.submit")}
        </Button>
      </ModalActions>
    </form>
  );
}

function CodeAccepted({ outcome, close }: { outcome: Outcome; close: () => void }) {
  const { t } = useTranslation("bonuses");
  const title = outcome.code?.title ?? null;
  return (
    <div className="flex flex-col gap-4 text-center" data-get-code-accepted={outcome.kind}>
      <p role="status" className="font-display text-lg font-bold text-fg">
        {outcome.kind === "pending" ? t("code.pending") : t("alerts.code.accepted")}
      </p>
      {title ? <p className="text-pretty text-fg-muted">{t("alerts.code.gave", { title })}</p> : null}
      <ModalActions>
        <Button variant="secondary" onClick={close}>
          {t("actions.close")}
        </Button>
        <LocalizedLink to="/bonuses" className={buttonClassName({ variant: "primary" })}>
          {t("code.toBonuses")}
        </LocalizedLink>
      </ModalActions>
    </div>
  );
}
