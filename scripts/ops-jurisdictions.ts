// `npm run ops -- jurisdictions ...`: the operator's jurisdiction profiles (P11, ADR 031) from the
// command line, through a running server's operator API (/api/operator/jurisdictions).
//
//   jurisdictions list                                  every country's profile
//   jurisdictions show <CC>                             one country's profile, as JSON
//   jurisdictions set <CC> --file rules.json            create or replace (the rules as JSON, see `show GB`)
//   jurisdictions set <CC> --json '{"categories":...}'  the same, inline
//   jurisdictions remove <CC>                           the country plays without a profile
//
// Options: --url (server, default http://127.0.0.1:3000), --key, --data-dir (default $DATA_DIR or ./data).
import { readFile } from "node:fs/promises";
import { callOperatorApi as callApi, readCommandLine, runCommand, UsageError } from "./lib/operator-api.ts";

const USAGE = `usage: npm run ops -- jurisdictions <list | show <CC> | set <CC> --file F | set <CC> --json J | remove <CC>> [options]
  the rules: {"categories":["slots"],"stakeCaps":[{"minAge":18,"amount":"2.00","currency":"GBP"}],"minCycleMs":2500,
              "autoplayAllowed":false,"turboAllowed":false,"slamStopAllowed":false,"celebrateOnlyAboveStake":true,
              "showNetPosition":true,"showTimePlayed":true}
  options: --url http://127.0.0.1:3000  --key K (or OPERATOR_API_KEY)  --data-dir ./data`;

type Profile = {
  country: string;
  categories: string[];
  stakeCaps: { minAge: number; amount: string; currency: string }[];
  minCycleMs: number;
  autoplayAllowed: boolean;
  turboAllowed: boolean;
  slamStopAllowed: boolean;
  celebrateOnlyAboveStake: boolean;
  showNetPosition: boolean;
  showTimePlayed: boolean;
  updatedAt: string;
};

const OPTIONS = { file: { type: "string" }, json: { type: "string" } } as const;

function countryOf(value: string | undefined): string {
  if (!value || !/^[A-Za-z]{2}$/.test(value)) throw new UsageError("a two-letter country code is required (GB)");
  return value.toUpperCase();
}

function describe(profile: Profile): string {
  const caps = profile.stakeCaps.length === 0 ? "no stake cap" : profile.stakeCaps.map((band) => `${band.minAge}+: ${band.amount} ${band.currency}`).join(", ");
  const off = [
    !profile.autoplayAllowed && "autoplay",
    !profile.turboAllowed && "turbo",
    !profile.slamStopAllowed && "slam-stop",
  ].filter(Boolean);
  const shown = [profile.showNetPosition && "net position", profile.showTimePlayed && "time played"].filter(Boolean);
  return [
    `${profile.country}  ${profile.categories.join(", ")}  (updated ${profile.updatedAt})`,
    `  stake cap per cycle: ${caps}`,
    `  cycle at least ${profile.minCycleMs} ms; no ${off.length ? off.join(", ") : "restriction on autoplay, turbo or slam-stop"}`,
    `  celebrate only wins above the stake: ${profile.celebrateOnlyAboveStake ? "yes" : "no"}; shown during play: ${shown.length ? shown.join(", ") : "nothing"}`,
  ].join("\n");
}

async function rulesFrom(options: { file?: string | undefined; json?: string | undefined }): Promise<unknown> {
  if (!options.file === !options.json) throw new UsageError("set needs the rules: --file rules.json or --json '{...}'");
  const text = options.file ? await readFile(options.file, "utf8") : options.json!;
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError("the rules are not valid JSON");
  }
}

/** Runs one `jurisdictions` sub-command; reports its own errors and sets a failing exit code. */
export function runJurisdictionsCommand(argv: string[]): Promise<void> {
  return runCommand(USAGE, async () => {
    const { positionals, values, connection } = readCommandLine(argv, OPTIONS);
    const [command, country, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
    switch (command) {
      case "list": {
        const result = (await callApi(connection, "GET", "api/operator/jurisdictions")) as { data: Profile[] };
        console.log(result.data.length === 0 ? "No jurisdiction profiles." : result.data.map(describe).join("\n"));
        return;
      }
      case "show": {
        const result = (await callApi(connection, "GET", `api/operator/jurisdictions/${countryOf(country)}`)) as { data: Profile };
        console.log(JSON.stringify(result.data, null, 2));
        return;
      }
      case "set": {
        const code = countryOf(country);
        const result = (await callApi(connection, "PUT", `api/operator/jurisdictions/${code}`, await rulesFrom(values))) as { data: Profile };
        console.log(`Saved:\n${describe(result.data)}`);
        return;
      }
      case "remove": {
        const code = countryOf(country);
        await callApi(connection, "DELETE", `api/operator/jurisdictions/${code}`);
        console.log(`Removed the profile of ${code}: its players play without one.`);
        return;
      }
      default:
        throw new UsageError(command ? `unknown jurisdictions command "${command}"` : "a jurisdictions command is required");
    }
  });
}
