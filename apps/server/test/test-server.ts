import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp, type BuildAppOptions } from "../src/app.ts";
import { loadConfig, type AppConfig } from "../src/config.ts";
import { openDatabase, type DatabaseHandle } from "../src/db/database.ts";

export type TestDatabase = DatabaseHandle & { name: string };

/** A private, migrated and seeded database: a PGlite copy of the template, or a PostgreSQL clone. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const postgresUrl = process.env.TEST_DATABASE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (postgresUrl) {
    const name = `playfair_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject("postgresTemplateDatabase")}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ driver: "postgres", url: url.href, poolSize: 5 });
    return {
      ...database,
      name,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const template = await readFile(inject("pgliteTemplatePath"));
  const database = await openDatabase({ driver: "pglite", loadDataDir: new Blob([template]) });
  return { ...database, name: "pglite" };
}

export type TestServer = {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  baseUrl: string;
  /** fetch() against the running server, relative to its origin. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

/** Starts the real HTTP server on a free loopback port, as `npm start` would (web off by default). */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    web?: BuildAppOptions["web"];
    database?: TestDatabase;
    logger?: BuildAppOptions["logger"];
    /** The clock of expiry rules; pass one the test can move (see BuildAppOptions.now). */
    now?: BuildAppOptions["now"];
    /** What the originals' play is wired with (fakes of the catalogue's and aggregator's functions, fault injection). */
    gamePlay?: BuildAppOptions["gamePlay"];
    /** The odds feed the sportsbook consumes (a scripted one in tests) and its settlement listener. */
    sportFeed?: BuildAppOptions["sportFeed"];
    /** Adds routes or hooks before the server starts listening (test-only endpoints). */
    configure?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestServer> {
  // Every test registers its players from 127.0.0.1: the per-address allowance of a real
  // deployment would refuse them; the tests of that allowance set their own.
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", REGISTRATION_IP_MAX: "100000", ...options.env });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({ config, database, web: options.web ?? false, ...(options.logger ? { logger: options.logger } : {}), ...(options.now ? { now: options.now } : {}), ...(options.gamePlay ? { gamePlay: options.gamePlay } : {}), ...(options.sportFeed ? { sportFeed: options.sportFeed } : {}) });
  await options.configure?.(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("server has no TCP address");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    database,
    config,
    baseUrl,
    request: (path, init) => fetch(`${baseUrl}${path}`, init),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Response bodies in tests are inspected field by field; zod-parse them where the shape matters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readJson(response: Response): Promise<any> {
  return response.json();
}
