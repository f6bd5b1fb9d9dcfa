// A throwaway PostgreSQL cluster for the integration tests: created in a fresh temp directory,
// listening on 127.0.0.1 only, tuned for speed over durability, and deleted again afterwards.
//
// PostgreSQL refuses to run as root, so as root every server-side command runs as the `postgres`
// system user (created by the Debian package) via runuser, and the temp directory is handed to it.
import { spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeOutcome, runCommand, succeeded } from "./processes.ts";
import { isRoot } from "./system-packages.ts";

const SERVER_USER = "postgres";
const START_TIMEOUT_SECONDS = 60;

/** Durability is pointless for a cluster we delete after the run; skipping it makes tests faster. */
function clusterSettings(port: number, socketDir: string): Record<string, string> {
  return {
    listen_addresses: "'127.0.0.1'",
    port: String(port),
    unix_socket_directories: `'${socketDir}'`,
    max_connections: "200",
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
  };
}

export class ThrowawayPostgresCluster {
  readonly binDir: string;
  /** Temp directory holding everything: data directory, unix socket, server log. */
  readonly rootDir: string;
  readonly dataDir: string;
  readonly logFile: string;
  port = 0;
  private removed = false;

  /** Creates the temp directory only; call start() next and stop() in any case. */
  constructor(binDir: string) {
    this.binDir = binDir;
    this.rootDir = mkdtempSync(join(tmpdir(), "playfair-pg-"));
    this.dataDir = join(this.rootDir, "data");
    this.logFile = join(this.rootDir, "server.log");
    if (isRoot()) handDirectoryToServerUser(this.rootDir);
  }

  urlFor(database: string): string {
    return `postgres://${SERVER_USER}@127.0.0.1:${this.port}/${database}`;
  }

  /**
   * initdb + configure + pg_ctl start + create `database`. Throws with details on failure.
   * `settingOverrides` replace the test tuning (the ledger benchmark turns durability back on).
   */
  async start(database: string, settingOverrides: Record<string, string> = {}): Promise<void> {
    await this.initDataDirectory();
    this.port = await findFreeLoopbackPort();
    this.writeSettings({ ...clusterSettings(this.port, this.rootDir), ...settingOverrides });
    await this.startServer();
    await this.createDatabase(database);
  }

  /**
   * Stops the server (if running) and deletes the temp directory. Synchronous and idempotent so
   * it can run from `finally` blocks and from SIGINT/SIGTERM handlers alike.
   */
  stop(): void {
    if (this.removed) return;
    if (this.serverMayBeRunning()) {
      spawnSync(...this.asServerUser("pg_ctl", ["stop", "-D", this.dataDir, "-m", "immediate", "-w", "-t", "30", "-s"]), {
        cwd: this.rootDir,
        stdio: "inherit",
      });
      this.killPostmasterIfStillAlive();
    }
    rmSync(this.rootDir, { recursive: true, force: true });
    this.removed = true;
  }

  private async initDataDirectory(): Promise<void> {
    const outcome = await runCommand(
      ...this.asServerUser("initdb", [
        "-D", this.dataDir,
        "-U", SERVER_USER,
        "--auth=trust", // loopback-only throwaway cluster
        "--encoding=UTF8",
        "--locale=C",
        "--no-sync", // nothing to protect; saves seconds
        "--no-instructions",
      ]),
      { cwd: this.rootDir, output: "capture" },
    );
    if (!succeeded(outcome)) throw new Error(`initdb failed (${describeOutcome(outcome)}):\n${outcome.output}`);
  }

  private writeSettings(settings: Record<string, string>): void {
    // Later lines win in postgresql.conf, so appending overrides initdb's defaults.
    const lines = Object.entries(settings).map(([name, value]) => `${name} = ${value}`);
    appendFileSync(join(this.dataDir, "postgresql.conf"), `\n# scripts/lib/postgres-cluster.ts\n${lines.join("\n")}\n`);
  }

  private async startServer(): Promise<void> {
    const outcome = await runCommand(
      ...this.asServerUser("pg_ctl", ["start", "-D", this.dataDir, "-l", this.logFile, "-w", "-t", String(START_TIMEOUT_SECONDS), "-s"]),
      // Own process group (see runCommand), so a Ctrl+C in the terminal does not reach the server
      // behind our back; stop() shuts it down.
      { cwd: this.rootDir, output: "capture" },
    );
    if (!succeeded(outcome)) {
      throw new Error(`pg_ctl start failed (${describeOutcome(outcome)}):\n${outcome.output}\n--- server log ---\n${this.readLog()}`);
    }
  }

  private async createDatabase(database: string): Promise<void> {
    // A client program: fine to run as whoever we are.
    const outcome = await runCommand(
      join(this.binDir, "createdb"),
      ["-h", "127.0.0.1", "-p", String(this.port), "-U", SERVER_USER, database],
      { output: "capture" },
    );
    if (!succeeded(outcome)) throw new Error(`createdb ${database} failed (${describeOutcome(outcome)}):\n${outcome.output}`);
  }

  /** [command, args] for a server-side binary, run as the postgres user when we are root. */
  private asServerUser(binary: string, args: string[]): [string, string[]] {
    const executable = join(this.binDir, binary);
    return isRoot() ? ["runuser", ["-u", SERVER_USER, "--", executable, ...args]] : [executable, args];
  }

  private serverMayBeRunning(): boolean {
    return existsSync(join(this.dataDir, "postmaster.pid"));
  }

  /** Last resort when pg_ctl could not stop the server: no postgres processes may outlive the run. */
  private killPostmasterIfStillAlive(): void {
    const pid = this.readPostmasterPid();
    // Check the name too: a stale pid file could name an unrelated process by now.
    if (pid === undefined || !isPostgresProcess(pid)) return;
    try {
      process.kill(pid, "SIGKILL");
      console.warn(`pg_ctl stop did not stop PostgreSQL; killed postmaster ${pid}`);
    } catch {
      // Already gone (stale pid file).
    }
  }

  private readPostmasterPid(): number | undefined {
    try {
      const pid = Number.parseInt(readFileSync(join(this.dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  readLog(): string {
    try {
      return readFileSync(this.logFile, "utf8");
    } catch {
      return "(no server log)";
    }
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim().startsWith("postgres");
  } catch {
    return false;
  }
}

function handDirectoryToServerUser(directory: string): void {
  const uid = lookUpId("-u");
  const gid = lookUpId("-g");
  chownSync(directory, uid, gid);
}

function lookUpId(flag: "-u" | "-g"): number {
  const result = spawnSync("id", [flag, SERVER_USER], { encoding: "utf8" });
  const id = Number.parseInt(result.stdout, 10);
  if (result.status !== 0 || !Number.isInteger(id)) {
    throw new Error(`System user "${SERVER_USER}" not found (is the postgresql package installed?): ${result.stderr.trim()}`);
  }
  return id;
}

/** Lets the OS pick a free port by binding port 0, then releases it for PostgreSQL to take. */
function findFreeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("could not determine a free port"))));
    });
  });
}
