import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/database.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { appSecrets } from "./app-secrets.schema.ts";

export function createSecretStore(db: AppDatabase): SecretStore {
  const cache = new Map<string, Promise<string>>();
  async function load(name: string): Promise<string> {
    await db
      .insert(appSecrets)
      .values({ name, value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
    if (!row) throw new Error(`secret ${name} could not be stored`);
    return row.value;
  }
  return {
    get(name) {
      let secret = cache.get(name);
      if (!secret) {
        secret = load(name);
        // A failed load (database down) must not be cached forever.
        secret.catch(() => cache.delete(name));
        cache.set(name, secret);
      }
      return secret;
    },
  };
}
