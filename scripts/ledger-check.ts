// `npm run ledger:check`: reconciliation of the ledger (promise L1). Proves from the postings alone
// that every stored balance equals the sum of its postings, that every transaction sums to zero per
// currency, that no player balance is negative and that each account's last running balance is its
// stored balance. Exits 1 when anything differs, 0 when the books are consistent.
//
// Uses the server's configuration: DATABASE_URL (runs next to a live server) or the embedded
// database in DATA_DIR (PGlite is single-process: stop `npm start` first).
import path from "node:path";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { checkLedger } from "../apps/server/src/modules/ledger/ledger-check.ts";

const config = loadConfig();
const database = config.databaseUrl
  ? await openDatabase({ driver: "postgres", url: config.databaseUrl, poolSize: 2 })
  : await openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite") });
try {
  await database.migrate();
  const report = await checkLedger(database.db);
  console.log(`ledger: ${report.accounts} accounts, ${report.transactions} transactions, ${report.postings} postings`);
  if (report.problems.length === 0) {
    console.log("ledger: consistent (every balance equals its postings, every transaction sums to zero)");
  } else {
    for (const problem of report.problems) console.error(`ledger problem: ${problem}`);
    console.error(`ledger: ${report.problems.length} problem(s)`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
