import { inArray } from "drizzle-orm";
import type { FreespinGames } from "../bonus/freespins.ts";
import { games } from "./catalogue/catalogue.schema.ts";
import { originalGame } from "./play/originals.ts";

// Which games free spins can play on, for the bonus domain (which sits below the casino and gets
// this through the composition root): one of our single-step originals that takes the currency
// (a multi-step round has no fixed stake to give away), or a studio game behind the aggregator,
// which plays them as free rounds. Hidden games and games not made for the player's device are skipped.

export function createFreespinGames(): FreespinGames {
  return {
    async pick(executor, identities, currency, device) {
      if (identities.length === 0) return null;
      const rows = await executor
        .select({ identity: games.identity, name: games.name, hidden: games.hidden, devices: games.devices, isOriginal: games.isOriginal, aggregatorCode: games.aggregatorCode, mathModel: games.mathModel })
        .from(games)
        .where(inArray(games.identity, identities));
      const byIdentity = new Map(rows.map((row) => [row.identity, row]));
      for (const identity of identities) {
        const row = byIdentity.get(identity);
        if (!row || row.hidden || (device && !row.devices.includes(device))) continue;
        if (row.isOriginal) {
          const original = originalGame(identity);
          if (original && !original.multiStep && original.stakes[currency]) return { identity, name: row.name };
        } else if (row.aggregatorCode && row.mathModel) {
          return { identity, name: row.name };
        }
      }
      return null;
    },

    async names(executor, identities, locale) {
      if (identities.length === 0) return new Map();
      const rows = await executor.select({ identity: games.identity, name: games.name, localizedNames: games.localizedNames }).from(games).where(inArray(games.identity, identities));
      return new Map(rows.map((row) => [row.identity, row.localizedNames[locale] ?? row.name]));
    },
  };
}
