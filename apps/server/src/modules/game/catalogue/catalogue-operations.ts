import type { OperatorCollection, OperatorCollectionInput, OperatorGameInput, OperatorGamePatch } from "@playfair/contracts/game/catalogue-api";
import { asc, eq, inArray } from "drizzle-orm";
import type { AppDatabase } from "../../../db/database.ts";
import { AppError, notFound } from "../../../lib/app-error.ts";
import { searchTextOf, type GameRow } from "./catalogue.repository.ts";
import { gameCollectionGames, gameCollections, gameProviders, games } from "./catalogue.schema.ts";

export type CatalogueOperations = {
  addGame(input: OperatorGameInput): Promise<GameRow>;
  updateGame(identity: string, patch: OperatorGamePatch): Promise<GameRow>;
  getGame(identity: string): Promise<GameRow>;
  listCollections(): Promise<OperatorCollection[]>;
  putCollection(input: OperatorCollectionInput): Promise<OperatorCollection>;
};

/**
 * The operator's edits of the catalogue (operator API and `npm run ops`). `changed` runs after
 * every write, failed or not, so the answers kept for guests and players never outlive an edit.
 */
export function createCatalogueOperations(dependencies: { db: AppDatabase; now: () => Date }, changed: () => void): CatalogueOperations {
  const { db, now } = dependencies;
  const operator: CatalogueOperations = {
    async addGame(input) {
      const [provider] = await db.select().from(gameProviders).where(eq(gameProviders.identity, input.provider));
      if (!provider) throw new AppError("VALIDATION_FAILED", "Unknown provider.", { fieldErrors: { provider: [`No provider "${input.provider}".`] } });
      const inserted = await db
        .insert(games)
        .values({
          identity: input.identity,
          name: input.name,
          providerId: provider.id,
          rtp: input.rtp,
          volatility: input.volatility,
          features: input.features,
          categories: input.categories,
          hasDemo: input.hasDemo,
          devices: input.devices,
          restrictedCountries: input.restrictedCountries,
          releasedAt: input.releasedAt ? new Date(`${input.releasedAt}T00:00:00Z`) : now(),
          popularity: input.popularity,
          aggregatorCode: input.aggregatorCode ?? null,
          mathModel: input.mathModel ?? null,
          searchText: searchTextOf([input.name], provider.name),
        })
        .onConflictDoNothing({ target: games.identity })
        .returning({ id: games.id });
      if (inserted.length === 0) throw new AppError("CONFLICT", `A game "${input.identity}" exists already.`);
      return operator.getGame(input.identity);
    },
    async updateGame(identity, patch) {
      const updated = await db
        .update(games)
        .set({ ...patch, updatedAt: now() })
        .where(eq(games.identity, identity))
        .returning({ id: games.id });
      if (updated.length === 0) throw notFound(`No game "${identity}".`);
      return operator.getGame(identity);
    },
    async getGame(identity) {
      const [row] = await db
        .select({ game: games, providerIdentity: gameProviders.identity, providerName: gameProviders.name })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
        .where(eq(games.identity, identity));
      if (!row) throw notFound(`No game "${identity}".`);
      return { ...row.game, providerIdentity: row.providerIdentity, providerName: row.providerName, isFavorite: false };
    },
    async listCollections() {
      const collections = await db.select().from(gameCollections).orderBy(asc(gameCollections.position), asc(gameCollections.identity));
      const members = await db
        .select({ collectionId: gameCollectionGames.collectionId, identity: games.identity })
        .from(gameCollectionGames)
        .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
        .orderBy(asc(gameCollectionGames.position));
      return collections.map((collection) => ({
        id: collection.id,
        identity: collection.identity,
        names: collection.names,
        isHidden: collection.isHidden,
        countries: collection.countries,
        position: collection.position,
        games: members.filter((member) => member.collectionId === collection.id).map((member) => member.identity),
      }));
    },
    async putCollection(input) {
      await db.transaction(async (tx) => {
        const found = input.games.length > 0 ? await tx.select({ id: games.id, identity: games.identity }).from(games).where(inArray(games.identity, input.games)) : [];
        const idOf = new Map(found.map((row) => [row.identity, row.id]));
        const unknown = input.games.filter((identity) => !idOf.has(identity));
        if (unknown.length > 0) throw new AppError("VALIDATION_FAILED", "Unknown games.", { fieldErrors: { games: [`No game ${unknown.map((identity) => `"${identity}"`).join(", ")}.`] } });
        const values = { names: input.names, isHidden: input.isHidden, countries: input.countries, position: input.position };
        const [collection] = await tx
          .insert(gameCollections)
          .values({ identity: input.identity, ...values })
          .onConflictDoUpdate({ target: gameCollections.identity, set: values })
          .returning({ id: gameCollections.id });
        if (!collection) throw new Error("collection upsert returned nothing");
        await tx.delete(gameCollectionGames).where(eq(gameCollectionGames.collectionId, collection.id));
        const ordered = [...new Set(input.games)];
        if (ordered.length > 0) {
          await tx.insert(gameCollectionGames).values(ordered.map((identity, position) => ({ collectionId: collection.id, gameId: idOf.get(identity) as string, position })));
        }
      });
      const all = await operator.listCollections();
      const saved = all.find((collection) => collection.identity === input.identity);
      if (!saved) throw new Error("saved collection not found");
      return saved;
    },
  };

  const changing = <T>(write: Promise<T>): Promise<T> => write.finally(changed);
  return {
    ...operator,
    addGame: (input) => changing(operator.addGame(input)),
    updateGame: (identity, patch) => changing(operator.updateGame(identity, patch)),
    putCollection: (input) => changing(operator.putCollection(input)),
  };
}
