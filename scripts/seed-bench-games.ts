// `npm run seed:bench-games [-- --count 5000]`: adds the benchmark's catalogue (third-party games of
// the demo studios, identities prefixed "bench-") to the configured database, once: running it again
// adds nothing. Uses the server's configuration: DATABASE_URL, or the embedded database in DATA_DIR
// (PGlite is single-process: stop `npm start` first).
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { seedBenchGames } from "../apps/server/src/modules/game/catalogue/catalogue-seed.ts";
import { seedDatabase } from "../apps/server/src/seed.ts";

const { values } = parseArgs({ options: { count: { type: "string", default: "5000" } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 100_000) {
  console.error("--count must be a whole number from 1 to 100000");
  process.exit(1);
}

const config = loadConfig();
const database = config.databaseUrl
  ? await openDatabase({ driver: "postgres", url: config.databaseUrl, poolSize: 2 })
  : await openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite") });
try {
  await database.migrate();
  await seedDatabase(database.db);
  const startedAt = performance.now();
  const visible = await seedBenchGames(database.db, count);
  console.log(`bench games: ${count} asked for, ${visible} visible games in the catalogue (${Math.round(performance.now() - startedAt)} ms)`);
} finally {
  await database.close();
}
