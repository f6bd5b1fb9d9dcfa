// Who a page's catalogue reads are for: the signed-in player (favourites, their country) or a guest
// (the edge's country header), in the page's language. Loaders only; the browser's calls carry the
// same facts in their headers.
import type { CatalogueViewer, Game } from "@playfair/contracts/game/catalogue";
import type { WebServices } from "@playfair/contracts/web-services";
import { sessionFromRequest } from "#app/features/session/server-session.ts";
import type { Language } from "#app/lib/i18n.ts";
import type { TileGame } from "./game-tile.tsx";

export async function catalogueViewer(request: Request, services: WebServices, language: Language): Promise<CatalogueViewer> {
  const session = await sessionFromRequest(request, services.accounts);
  const header = request.headers.get(services.site.countryHeader)?.trim().toUpperCase() || null;
  const country = (session.status === "signedIn" ? session.profile?.country : null) ?? header;
  return { playerId: session.status === "signedIn" ? session.playerId : null, country: country ?? null, language };
}

/** What a tile shows, and nothing more: the page's data travels in its HTML. */
export function tileGame(game: Game): TileGame {
  return { id: game.id, identity: game.identity, name: game.name, provider: game.provider, images: game.images, isFavorite: game.isFavorite };
}

/** Spec 8: a provider or collection list that fails to load is shown as an empty list. */
export async function orEmpty<T>(what: string, read: Promise<T[]>): Promise<T[]> {
  try {
    return await read;
  } catch (error) {
    console.warn(`${what} could not be loaded`, error);
    return [];
  }
}
