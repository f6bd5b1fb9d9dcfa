import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "pino";
/**
 * Both drivers share Drizzle's PostgreSQL core, so domain code is written once against this type.
 * No schema is attached: every domain queries its own tables with the query builder, so the
 * database layer needs to know none of them (drizzle-kit reads the tables from the modules).
 */
export type AppDatabase = PgDatabase<PgQueryResultHKT>;

export type DatabaseDriver = "pglite" | "postgres";

/**
 * Whether `db` is a PostgreSQL pool (several connections, other processes beside this one) rather
 * than PGlite, whose one connection serves every statement of this process in turn.
 */
export function hasConnectionPool(db: AppDatabase): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
}

export type DatabaseHandle = {
  db: AppDatabase;
  driver: DatabaseDriver;
  /** Runs every pending migration; safe to call on every start. */
  migrate(): Promise<void>;
  /** One round trip to the server, in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "..", "..", "drizzle");

export type OpenDatabaseOptions =
  | { driver: "postgres"; url: string; poolSize?: number; logger?: Logger }
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob; logger?: Logger };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.driver === "postgres" ? openPostgres(options) : openPglite(options);
}

async function openPostgres(options: Extract<OpenDatabaseOptions, { driver: "postgres" }>): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle client's network error would be an unhandled 'error' event and
  // kill the process; the next query reports the outage instead.
  pool.on("error", (error) => options.logger?.warn({ err: error }, "idle PostgreSQL client failed"));
  const db = drizzlePostgres({ client: pool }) as unknown as AppDatabase;
  return {
    db,
    driver: "postgres",
    migrate: () => migratePostgres(drizzlePostgres({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => timeRoundTrip(db),
    close: () => pool.end(),
  };
}

async function openPglite(options: Extract<OpenDatabaseOptions, { driver: "pglite" }>): Promise<DatabaseHandle> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // PostgreSQL ships pg_trgm as contrib; PGlite bundles it but loads it only when asked (the
    // catalogue's typo-tolerant search; the migration then runs CREATE EXTENSION as on PostgreSQL).
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client }) as unknown as AppDatabase;
  let isClosed = false;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => timeRoundTrip(db),
    // An open PGlite keeps the event loop alive, so every owner must close it exactly once.
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      await client.close();
    },
  };
}

async function timeRoundTrip(db: AppDatabase): Promise<number> {
  const startedAt = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - startedAt) * 100) / 100;
}

/** Connection-level failures: the database is away, not the query wrong. Answered with 503. */
const UNAVAILABLE_SQLSTATE_PREFIXES = ["08", "57P"];
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "EPIPE"]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /pool after calling end/i,
  /pglite is closed/i,
  /client has encountered a connection error/i,
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== "object") break;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === "string") {
      if (UNAVAILABLE_NODE_CODES.has(candidate.code)) return true;
      if (UNAVAILABLE_SQLSTATE_PREFIXES.some((prefix) => (candidate.code as string).startsWith(prefix))) return true;
    }
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) {
      return true;
    }
    // node-postgres reports a refused dual-stack connection as an AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailableError(inner))) return true;
    current = candidate.cause;
  }
  return false;
}

/** A transaction handed to the callback of `db.transaction`. */
export type DbTransaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];
/** Either the database or a running transaction: repository functions accept both. */
export type DbExecutor = AppDatabase | DbTransaction;
