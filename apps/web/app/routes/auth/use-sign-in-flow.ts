import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { finishPreloaderFlow } from "#app/features/site-services/preloader-state.ts";
import type { SignInFlowOutcome } from "./sign-in-flows.ts";

/**
 * Runs a sign-in flow once in the browser and tells the preloader when it has ended (spec 4: the
 * preloader stays on these addresses until then). Null while the flow runs.
 */
export function useSignInFlow(run: () => Promise<SignInFlowOutcome>, key: string): SignInFlowOutcome | null {
  const [result, setResult] = useState<{ key: string; outcome: SignInFlowOutcome } | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    run()
      .catch((error: unknown): SignInFlowOutcome => {
        console.error("Sign-in flow failed", error);
        return { status: "unavailable" };
      })
      .then((outcome) => {
        if (!current) return;
        setResult({ key, outcome });
        finishPreloaderFlow();
        if (outcome.status === "signedIn") void navigate(outcome.redirectTo, { replace: true });
      });
    return () => {
      current = false;
    };
    // The flow runs once per address (key); `run` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return result?.key === key ? result.outcome : null;
}
