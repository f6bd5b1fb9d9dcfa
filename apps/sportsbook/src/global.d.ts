import type { PlayfairSportsbookApi } from "@playfair/contracts/sport/sportsbook-widget";

declare global {
  interface Window {
    PlayfairSportsbook?: PlayfairSportsbookApi<HTMLElement>;
  }
}
