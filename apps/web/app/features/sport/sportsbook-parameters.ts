// Spec 3 "Sportsbook start parameters" and "Plug-in user data" from what the site knows, and the
// start-game call that answers the widget's token (spec 7).
import {
  SPORTSBOOK_GAME_ID,
  SPORTSBOOK_PLATFORM,
  SPORTSBOOK_PROVIDER,
  sportsbookCountry,
  sportsbookLocale,
  type SportsbookStartParameters,
  type SportsbookUserData,
} from "@playfair/contracts/sport/sportsbook-widget";
import { apiRequest } from "#app/lib/api-client.ts";

export type SiteFacts = {
  language: string;
  origin: string;
  accountId: string | null;
  profileCountry: string | null;
  visitorCountry: string | null;
  isPhone: boolean;
};

export function sportsbookStartParameters(facts: SiteFacts): SportsbookStartParameters {
  return {
    accountId: facts.accountId ?? "",
    lobbyUrl: facts.origin,
    locale: sportsbookLocale(facts.language),
    countryCode: sportsbookCountry(facts.profileCountry, facts.visitorCountry),
    demoMode: false,
    platform: facts.isPhone ? SPORTSBOOK_PLATFORM.mobile : SPORTSBOOK_PLATFORM.desktop,
    provider: SPORTSBOOK_PROVIDER,
  };
}

export function sportsbookUserData(playerId: string | null, currency: string | null, parameters: SportsbookStartParameters): SportsbookUserData | null {
  if (playerId === null || currency === null) return null;
  return { userId: playerId, geo: parameters.countryCode, currency, locale: parameters.locale };
}

/** The start-game call with the sportsbook's game id and the start parameters; the answer's `token` field is the widget's token. */
export async function fetchSportsbookToken(parameters: SportsbookStartParameters): Promise<string> {
  const answer = await apiRequest<{ token?: unknown }>(`/api/game/games/${SPORTSBOOK_GAME_ID}/play`, {
    auth: "required",
    method: "POST",
    body: { demo: parameters.demoMode, device: parameters.platform === SPORTSBOOK_PLATFORM.mobile ? "mobile" : "desktop", ...parameters },
  });
  if (typeof answer.token !== "string") throw new Error("The start-game answer has no token field");
  return answer.token;
}
