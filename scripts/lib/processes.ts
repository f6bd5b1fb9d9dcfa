// Child-process helpers for scripts/test.ts.
//
// Every child is started in its own process group (`detached: true`) so that we can stop the
// whole tree it spawned (npm -> sh -> tsc, playwright -> workers, ...) with one signal, both when
// a suite exceeds its time limit and when the test runner itself is interrupted.
import { spawn, type ChildProcess } from "node:child_process";

export type CommandOutcome = {
  /** Exit code, or null when the process was killed by a signal or could not be started. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Set when the command could not be started at all (e.g. ENOENT). */
  startError?: Error;
  /** Combined stdout+stderr, only when `output` is "capture" or "tee". */
  output: string;
};

export type RunOptions = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * "inherit" streams straight to our stdout/stderr, "capture" only collects it, "tee" does both
   * (for when we must both show the output and look into it).
   */
  output?: "inherit" | "capture" | "tee";
  /** Kill the process group after this long and report `timedOut`. */
  timeoutMs?: number;
};

/** How long a process group gets between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 10_000;

const runningChildren = new Set<ChildProcess>();

export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<CommandOutcome> {
  const mode = options.output ?? "inherit";
  const pipeOutput = mode !== "inherit";
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      // stdin is never needed and a child reading from our terminal would hang CI.
      stdio: ["ignore", pipeOutput ? "pipe" : "inherit", pipeOutput ? "pipe" : "inherit"],
      detached: true,
    });
    runningChildren.add(child);

    let output = "";
    const collect = (echoTo: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      if (mode === "tee") echoTo.write(chunk);
    };
    child.stdout?.on("data", collect(process.stdout));
    child.stderr?.on("data", collect(process.stderr));

    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            stopProcessGroup(child);
          }, options.timeoutMs);

    let settled = false;
    const settle = (outcome: Omit<CommandOutcome, "timedOut" | "output">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      runningChildren.delete(child);
      resolve({ ...outcome, timedOut, output });
    };
    child.on("error", (startError) => settle({ exitCode: null, signal: null, startError }));
    // "close" (not "exit") so captured output is complete.
    child.on("close", (exitCode, signal) => settle({ exitCode, signal }));
  });
}

export function describeOutcome(outcome: CommandOutcome): string {
  if (outcome.startError) return `could not start: ${outcome.startError.message}`;
  if (outcome.timedOut) return "timed out and was killed";
  if (outcome.signal) return `killed by ${outcome.signal}`;
  return `exit code ${outcome.exitCode}`;
}

export function succeeded(outcome: CommandOutcome): boolean {
  return outcome.exitCode === 0 && !outcome.timedOut;
}

/**
 * Asks the child's whole process group to stop, then SIGKILLs it if it is still there after a
 * grace period. Asking is done with SIGINT (what Ctrl+C sends), whatever made us stop: Vitest,
 * npm and apt handle it, and Playwright only shuts down cleanly (stopping its web server and
 * writing its report) on SIGINT; on SIGTERM it dies at once and leaves the server running.
 */
function stopProcessGroup(child: ChildProcess): void {
  signalProcessGroup(child, "SIGINT");
  const forceKill = setTimeout(() => signalProcessGroup(child, "SIGKILL"), KILL_GRACE_MS);
  // Do not keep the runner alive just for this timer.
  forceKill.unref();
  child.once("close", () => clearTimeout(forceKill));
}

function signalProcessGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // A negative pid addresses the process group the detached child leads.
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * The runner was interrupted: stop every running child's process group (they do not get a Ctrl+C
 * from the terminal themselves, being in groups of their own).
 */
export function stopAllChildren(): void {
  for (const child of runningChildren) stopProcessGroup(child);
}

/** Interrupted twice: no more patience. */
export function killAllChildren(): void {
  for (const child of runningChildren) signalProcessGroup(child, "SIGKILL");
}
