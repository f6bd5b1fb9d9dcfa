// `npm run ops -- games ...` and `npm run ops -- collections ...`: the casino catalogue from the
// command line, through a running server's operator API (/api/operator/games,
// /api/operator/game-collections) with the operator key (--key, else OPERATOR_API_KEY, else the key
// a demo deployment wrote to <DATA_DIR>/operator-key).
//
//   games show <identity>                                   a game as the operator sees it
//   games hide <identity> | games unhide <identity>         take a game out of every list, or back
//   games add --identity I --name N --provider P --rtp 96.20 --volatility low|medium|high
//             --categories slots[,table] [--features a,b] [--math-model slot-classic] [--code studio/game]
//   collections list                                        every collection with its games in order
//   collections order <identity> <game,game,...>            replace a collection's games and their order
//   collections countries <identity> <DE,AT | everywhere>   where a collection shows
//   collections put --file collection.json                  create or replace one (identity, names, countries,
//                                                           position, isHidden, games)
//
// Options: --url (server, default http://127.0.0.1:3000), --key, --data-dir (default $DATA_DIR or ./data).
import { readFile } from "node:fs/promises";
import { callOperatorApi as callApi, readCommandLine, runCommand, UsageError, type OperatorConnection } from "./lib/operator-api.ts";

const USAGE = `usage: npm run ops -- games <show|hide|unhide <identity> | add ...>
       npm run ops -- collections <list | order <identity> <games> | countries <identity> <codes|everywhere> | put --file F>
  games add --identity I --name N --provider P --rtp 96.20 --volatility medium --categories slots [--features free-spins] [--math-model slot-classic] [--code studio/game]
  options: --url http://127.0.0.1:3000  --key K (or OPERATOR_API_KEY)  --data-dir ./data`;

type Collection = { identity: string; names: Record<string, string>; isHidden: boolean; countries: string[]; position: number; games: string[] };
type OperatorGame = { identity: string; name: string; provider: { identity: string }; rtp: string; hidden: boolean; restrictedCountries: string[]; categories: string[]; features: string[] };

const OPTIONS = {
  identity: { type: "string" },
  name: { type: "string" },
  provider: { type: "string" },
  rtp: { type: "string" },
  volatility: { type: "string" },
  categories: { type: "string" },
  features: { type: "string" },
  "math-model": { type: "string" },
  code: { type: "string" },
  file: { type: "string" },
} as const;

const list = (value: string | undefined) => (value ? value.split(",").map((part) => part.trim()).filter(Boolean) : []);

function describeGame(game: OperatorGame): string {
  return `${game.identity}  "${game.name}"  ${game.provider.identity}  RTP ${game.rtp}%  ${game.categories.join("/")}${game.hidden ? "  [hidden]" : ""}${game.restrictedCountries.length > 0 ? `  not in ${game.restrictedCountries.join(",")}` : ""}`;
}

async function collections(api: OperatorConnection): Promise<Collection[]> {
  return ((await callApi(api, "GET", "api/operator/game-collections")) as { data: Collection[] }).data;
}

async function putCollection(api: OperatorConnection, collection: Collection): Promise<void> {
  const saved = ((await callApi(api, "PUT", "api/operator/game-collections", collection)) as { data: Collection }).data;
  console.log(`${saved.identity}: ${saved.games.length} games, ${saved.countries.length > 0 ? `shown in ${saved.countries.join(",")}` : "shown everywhere"}${saved.isHidden ? ", hidden" : ""}`);
}

async function existingCollection(api: OperatorConnection, identity: string | undefined): Promise<Collection> {
  if (!identity) throw new UsageError("a collection identity is required");
  const found = (await collections(api)).find((collection) => collection.identity === identity);
  if (!found) throw new UsageError(`no collection "${identity}" (collections put --file creates one)`);
  return found;
}

export async function runGamesCommand(argv: string[]): Promise<void> {
  const { positionals, values, connection: api } = readCommandLine(argv, OPTIONS);
  const [action, identity] = positionals;
  switch (action) {
    case "show":
    case "hide":
    case "unhide": {
      if (!identity) throw new UsageError(`games ${action} needs a game identity`);
      const path = `api/operator/games/${encodeURIComponent(identity)}`;
      const answer = (action === "show" ? await callApi(api, "GET", path) : await callApi(api, "PATCH", path, { hidden: action === "hide" })) as { data: OperatorGame };
      console.log(describeGame(answer.data));
      return;
    }
    case "add": {
      const answer = (await callApi(api, "POST", "api/operator/games", {
        identity: values.identity,
        name: values.name,
        provider: values.provider,
        rtp: values.rtp,
        volatility: values.volatility,
        categories: list(values.categories),
        features: list(values.features),
        ...(values["math-model"] ? { mathModel: values["math-model"] } : {}),
        ...(values.code ? { aggregatorCode: values.code } : {}),
      })) as { data: OperatorGame };
      console.log(`Added ${describeGame(answer.data)}`);
      return;
    }
    default:
      throw new UsageError(action ? `unknown games command "${action}"` : "games needs a command");
  }
}

export async function runCollectionsCommand(argv: string[]): Promise<void> {
  const { positionals, values, connection: api } = readCommandLine(argv, OPTIONS);
  const [action, identity, argument] = positionals;
  switch (action) {
    case "list":
      for (const collection of await collections(api)) {
        console.log(`${collection.position}. ${collection.identity}  "${collection.names.en ?? ""}"  ${collection.countries.length > 0 ? collection.countries.join(",") : "everywhere"}${collection.isHidden ? "  [hidden]" : ""}`);
        console.log(`   ${collection.games.join(", ") || "(no games)"}`);
      }
      return;
    case "order": {
      const collection = await existingCollection(api, identity);
      return putCollection(api, { ...collection, games: list(argument) });
    }
    case "countries": {
      if (!argument) throw new UsageError("collections countries needs country codes (DE,AT) or everywhere");
      const collection = await existingCollection(api, identity);
      return putCollection(api, { ...collection, countries: argument === "everywhere" ? [] : list(argument).map((code) => code.toUpperCase()) });
    }
    case "put": {
      if (!values.file) throw new UsageError("collections put needs --file");
      return putCollection(api, JSON.parse(await readFile(values.file, "utf8")) as Collection);
    }
    default:
      throw new UsageError(action ? `unknown collections command "${action}"` : "collections needs a command");
  }
}

export function runCatalogueCommand(command: "games" | "collections", argv: string[]): Promise<void> {
  return runCommand(USAGE, () => (command === "games" ? runGamesCommand(argv) : runCollectionsCommand(argv)));
}
