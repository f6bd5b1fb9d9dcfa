import type { ReactNode } from "react";
import { AlertCircleIcon } from "./profile-icons.tsx";

/** Why the last action of a profile window failed, announced at once; nothing when there is no problem. */
export function ProblemNote({ problem }: { problem: ReactNode }) {
  if (!problem) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-error-soft px-3.5 py-2.5 text-sm font-medium text-error">
      <AlertCircleIcon className="mt-px size-4" />
      {problem}
    </p>
  );
}
