// Detection and (when we are root) installation of the Debian packages the test suites need.
//
// CI runs on a fresh Debian 12 machine as root, so there we install what is missing with apt.
// A developer's machine is theirs to manage: there we only say which packages to install.
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describeOutcome, runCommand, succeeded, type CommandOutcome } from "./processes.ts";

export type SystemRequirement = {
  /** The Debian package that provides it. */
  debianPackage: string;
  /** Why we need it, shown when it is missing. */
  neededFor: string;
  isInstalled: () => boolean;
};

const CHROMIUM_EXECUTABLE = "/usr/bin/chromium";

const POSTGRES_INSTALL_ROOT = "/usr/lib/postgresql";
const POSTGRES_SERVER_BINARIES = ["initdb", "pg_ctl", "postgres"];

/**
 * Debian installs each PostgreSQL major side by side in /usr/lib/postgresql/<major>/bin and keeps
 * the server binaries off PATH. Use the highest major that has all of them.
 */
export function findPostgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_INSTALL_ROOT)) return undefined;
  const majorsNewestFirst = readdirSync(POSTGRES_INSTALL_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a);
  for (const major of majorsNewestFirst) {
    const binDir = join(POSTGRES_INSTALL_ROOT, String(major), "bin");
    if (POSTGRES_SERVER_BINARIES.every((binary) => existsSync(join(binDir, binary)))) return binDir;
  }
  return undefined;
}

function isOnPath(executable: string): boolean {
  const searchPath = process.env.PATH ?? "";
  // /usr/sbin is often missing from a non-root PATH although Debian installs daemons there.
  const directories = [...searchPath.split(delimiter), "/usr/sbin", "/usr/bin"];
  return directories.some((directory) => directory !== "" && existsSync(join(directory, executable)));
}

export const POSTGRESQL: SystemRequirement = {
  debianPackage: "postgresql",
  neededFor: `PostgreSQL server binaries (${POSTGRES_INSTALL_ROOT}/<major>/bin) for the throwaway test cluster`,
  isInstalled: () => findPostgresBinDir() !== undefined,
};

export const CHROMIUM: SystemRequirement = {
  debianPackage: "chromium",
  neededFor: `${CHROMIUM_EXECUTABLE} for the Playwright browser tests (browser downloads are not possible here)`,
  isInstalled: () => existsSync(CHROMIUM_EXECUTABLE),
};

export const REDIS_SERVER: SystemRequirement = {
  debianPackage: "redis-server",
  neededFor: "redis-server for the server's integration and browser tests",
  isInstalled: () => isOnPath("redis-server"),
};

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * Makes sure every requirement is installed. Returns normally when they all are (installing the
 * missing ones first if we are root); throws an Error with an actionable message otherwise.
 */
export async function ensureSystemPackages(requirements: SystemRequirement[], env: NodeJS.ProcessEnv): Promise<void> {
  const missing = requirements.filter((requirement) => !requirement.isInstalled());
  if (missing.length === 0) {
    console.log(`All system packages present: ${packageNames(requirements).join(", ")}`);
    return;
  }

  const names = packageNames(missing);
  if (!isRoot()) {
    throw new Error(
      [
        `Missing system packages: ${names.join(", ")}`,
        ...missing.map((requirement) => `  - ${requirement.debianPackage}: ${requirement.neededFor}`),
        "Install them (this script only installs packages itself when run as root):",
        `  sudo apt-get install -y --no-install-recommends ${names.join(" ")}`,
      ].join("\n"),
    );
  }

  console.log(`Installing missing system packages: ${names.join(", ")}`);
  await installWithApt(names, env);

  const stillMissing = missing.filter((requirement) => !requirement.isInstalled());
  if (stillMissing.length > 0) {
    throw new Error(
      `apt-get finished but these are still missing: ${stillMissing.map((r) => `${r.debianPackage} (${r.neededFor})`).join(", ")}`,
    );
  }
}

function packageNames(requirements: SystemRequirement[]): string[] {
  return [...new Set(requirements.map((requirement) => requirement.debianPackage))];
}

/** How long apt may wait for another apt/dpkg (e.g. unattended-upgrades on a fresh VM) to finish. */
const APT_LOCK_TIMEOUT_SECONDS = 600;

async function installWithApt(packages: string[], env: NodeJS.ProcessEnv): Promise<void> {
  if (!isOnPath("apt-get")) {
    throw new Error(`apt-get not found; install these packages by hand: ${packages.join(" ")}`);
  }
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };

  const update = await updatePackageLists(aptEnv);
  if (!succeeded(update)) {
    // Not fatal by itself: the package lists may still be good enough. The install decides.
    console.warn(`apt-get update failed (${describeOutcome(update)}); trying the install anyway`);
  }

  const install = await runCommand(
    "apt-get",
    // Waits for the dpkg lock instead of failing when another apt process holds it.
    ["-o", `DPkg::Lock::Timeout=${APT_LOCK_TIMEOUT_SECONDS}`, "install", "-y", "--no-install-recommends", ...packages],
    { env: aptEnv },
  );
  if (!succeeded(install)) {
    throw new Error(`apt-get install ${packages.join(" ")} failed (${describeOutcome(install)})`);
  }
}

/**
 * `apt-get update`, retried while another apt process holds the package-list lock: apt's
 * DPkg::Lock::Timeout only covers the dpkg lock, and on a freshly booted machine apt-daily may
 * well be updating the lists at the same moment.
 */
async function updatePackageLists(env: NodeJS.ProcessEnv): Promise<CommandOutcome> {
  const giveUpAt = Date.now() + APT_LOCK_TIMEOUT_SECONDS * 1000;
  for (;;) {
    const outcome = await runCommand("apt-get", ["update"], { env, output: "tee" });
    const lockedByAnotherProcess = /Could not get lock/.test(outcome.output);
    if (succeeded(outcome) || !lockedByAnotherProcess || Date.now() > giveUpAt) return outcome;
    console.log("Package lists are locked by another apt process; retrying apt-get update in 5 s");
    await sleep(5000);
  }
}
