// Every English catalogue: what the server, the tests and the type of `t` keys see. The browser
// build replaces this module with the site shell's namespaces only; each other namespace travels
// with the modules that use it (englishCatalogueSplit() in vite.config.ts).
import accounts from "./accounts.json";
import alerts from "./alerts.json";
import bonuses from "./bonuses.json";
import common from "./common.json";
import errors from "./errors.json";
import games from "./games.json";
import layout from "./layout.json";
import limits from "./limits.json";
import modals from "./modals.json";
import notifications from "./notifications.json";
import originals from "./originals.json";
import pages from "./pages.json";
import profile from "./profile.json";
import roulette from "./roulette.json";
import site from "./site.json";
import slot from "./slot.json";
import validations from "./validations.json";
import wallet from "./wallet.json";

export const englishCatalogues = { common, layout, modals, alerts, pages, errors, site, accounts, profile, validations, notifications, wallet, limits, games, originals, roulette, slot, bonuses };
