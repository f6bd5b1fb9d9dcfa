import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-server.ts";
import { currencies } from "../modules/settings/settings.schema.ts";
import { seedDatabase } from "../seed.ts";
import { openDatabase, type DatabaseHandle } from "./database.ts";

/** What server.ts does at every start. */
async function startUp(database: DatabaseHandle) {
  await database.migrate();
  await seedDatabase(database.db);
}

describe("restarting on the same data", () => {
  it("keeps every row of an on-disk PGlite database", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "playfair-restart-"));
    try {
      const first = await openDatabase({ driver: "pglite", dataDir });
      await startUp(first);
      await first.db.update(currencies).set({ rate: "0.95" }).where(eq(currencies.code, "EUR"));
      const countBefore = (await first.db.select().from(currencies)).length;
      await first.close();

      const second = await openDatabase({ driver: "pglite", dataDir });
      await startUp(second);
      const rows = await second.db.select().from(currencies);
      await second.close();
      expect(rows).toHaveLength(countBefore);
      expect(rows.find((row) => row.code === "EUR")?.rate).toBe("0.95");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("runs migrations and the seed again without changing existing data", async () => {
    const database = await openTestDatabase();
    try {
      await database.db.update(currencies).set({ isVisible: false }).where(eq(currencies.code, "USD"));
      await startUp(database);
      await startUp(database);
      const usd = await database.db.select().from(currencies).where(eq(currencies.code, "USD"));
      expect(usd[0]?.isVisible).toBe(false);
    } finally {
      await database.close();
    }
  });
});
