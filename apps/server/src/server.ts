import path from "node:path";
import { pino } from "pino";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { loggerOptions } from "./lib/logging.ts";
import { openDatabase } from "./db/database.ts";
import { seedDatabase } from "./seed.ts";

/** Gives in-flight requests this long to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const isDevelopment = process.argv.includes("--dev");
  const logger = pino(loggerOptions({ level: config.logLevel }));

  const database = config.databaseUrl
    ? await openDatabase({ driver: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize, logger })
    : await openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite"), logger });
  logger.info({ driver: database.driver }, "database opened");

  await database.migrate();
  await seedDatabase(database.db);

  const app = await buildApp({ config, database, web: isDevelopment ? "development" : "production", logger: { level: config.logLevel } });

  let isShuttingDown = false;
  async function shutdown(signal: string) {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const forceExit = setTimeout(() => {
      app.log.error("shutdown grace period elapsed; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exitCode = 0;
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exitCode = 1;
    }
  }
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, "could not listen");
    await database.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
