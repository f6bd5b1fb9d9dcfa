// Child processes of the benchmark runner: the real server and the plain Fastify reference.
//
// Each child leads its own process group (`detached: true`), so stopping it also stops anything
// it spawned, and a Ctrl-C in the terminal reaches only the runner, which then stops the children
// in order (SIGTERM, then SIGKILL after a grace period). A synchronous last resort on `exit` makes
// sure no child outlives the runner even when it dies of an uncaught error.
import { spawn, type ChildProcess } from "node:child_process";

/** How long a child gets between SIGTERM and SIGKILL. The server's own grace period is 10 s. */
const STOP_GRACE_MS = 12_000;
/** How much of a child's output is kept for diagnostics. */
const OUTPUT_TAIL_CHARS = 8_000;

export type ChildHandle = {
  name: string;
  process: ChildProcess;
  /** The last few kilobytes the child wrote to stdout/stderr. */
  outputTail(): string;
  /** Lines written since start (the server logs at `warn`, so any line is worth a look). */
  outputLineCount(): number;
  /** Resolves when the child has exited, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** SIGTERM the group, SIGKILL it after a grace period; resolves once the child has exited. */
  stop(): Promise<void>;
};

const running = new Set<ChildHandle>();

export function startChild(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildHandle {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let tail = "";
  let lines = 0;
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    for (const character of text) if (character === "\n") lines += 1;
    tail = (tail + text).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  let exitedFlag = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("error", (error) => {
      collect(Buffer.from(`could not start ${command}: ${error.message}\n`));
      exitedFlag = true;
      resolve({ code: null, signal: null });
    });
    child.once("close", (code, signal) => {
      exitedFlag = true;
      resolve({ code, signal });
    });
  });

  const handle: ChildHandle = {
    name,
    process: child,
    outputTail: () => tail,
    outputLineCount: () => lines,
    exited,
    hasExited: () => exitedFlag,
    async stop() {
      if (!exitedFlag) {
        signalGroup(child, "SIGTERM");
        const forceKill = setTimeout(() => signalGroup(child, "SIGKILL"), STOP_GRACE_MS);
        await exited;
        clearTimeout(forceKill);
      }
      running.delete(handle);
    },
  };
  running.add(handle);
  return handle;
}

/** Stops every child still running, newest first. */
export async function stopAllChildren(): Promise<void> {
  const children = [...running].reverse();
  await Promise.all(children.map((child) => child.stop()));
}

/** Last resort for `process.on("exit")`: no waiting possible there, so SIGKILL at once. */
function killAllChildrenNow(): void {
  for (const handle of running) signalGroup(handle.process, "SIGKILL");
  running.clear();
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // A negative pid addresses the process group the detached child leads.
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Runs a command to completion with inherited output (used for `npm run build`). */
export function runToCompletion(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", () => resolve(null));
    child.once("close", (code) => resolve(code));
  });
}

/**
 * Every way out of a bench script (normal exit, Ctrl-C, SIGTERM) stops the children it started
 * and runs `cleanUp`; an interrupt exits with 130 once the children are gone. Returns a probe the
 * script asks before starting more work.
 */
export function cleanUpOnEveryExit(options: { cleanUp: () => void; whatStops: string; onInterrupt?: () => void }): {
  isInterrupted: () => boolean;
} {
  let interrupted = false;
  process.on("exit", () => {
    killAllChildrenNow();
    options.cleanUp();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping ${options.whatStops}...`);
      options.onInterrupt?.();
      void stopAllChildren().finally(() => {
        options.cleanUp();
        process.exit(130);
      });
    });
  }
  return { isInterrupted: () => interrupted };
}
