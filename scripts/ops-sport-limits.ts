// `npm run ops -- sport-limits ...`: the sportsbook's per-market stake limits (ADR 035) from the
// command line, through a running server's operator API (/api/operator/sport-market-limits).
//
//   sport-limits list                                               every limit
//   sport-limits set <marketTypeId> <currency> <maxStake> [--event ID]  the most one player stakes on one such market
//   sport-limits remove <marketTypeId> <currency> [--event ID]          back to the currency's own per-market limit
//
// Without --event a limit covers the market type in every event; with it, that event's markets of
// the type (replacing the type-wide limit there).
// Options: --url (server, default http://127.0.0.1:3000), --key, --data-dir (default $DATA_DIR or ./data).
import { callOperatorApi as callApi, readCommandLine, runCommand, UsageError } from "./lib/operator-api.ts";

const USAGE = `usage: npm run ops -- sport-limits <list | set <marketTypeId> <currency> <maxStake> | remove <marketTypeId> <currency>> [--event ID] [options]
  market types: 1 match result, 2 moneyline, 3 total, 4 handicap, 5 both teams to score, 6 period winner, 7 outright winner
  options: --url http://127.0.0.1:3000  --key K (or OPERATOR_API_KEY)  --data-dir ./data`;

type MarketLimit = { marketTypeId: number; currency: string; eventId: number | null; maxStake: string; updatedAt: string };

const OPTIONS = { event: { type: "string" } } as const;

function describe(limit: MarketLimit): string {
  const scope = limit.eventId === null ? "every event" : `event ${limit.eventId}`;
  return `market type ${limit.marketTypeId}, ${scope}: at most ${limit.maxStake} ${limit.currency} per player and market  (updated ${limit.updatedAt})`;
}

function marketTypeOf(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) throw new UsageError("a market type id is required (1 for match result)");
  return Number(value);
}

function currencyOf(value: string | undefined): string {
  if (!value || !/^[A-Za-z]{3,5}$/.test(value)) throw new UsageError("a currency code is required (EUR)");
  return value.toUpperCase();
}

function eventOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError("--event takes an event id");
  return Number(value);
}

/** Runs one `sport-limits` sub-command; reports its own errors and sets a failing exit code. */
export function runSportLimitsCommand(argv: string[]): Promise<void> {
  return runCommand(USAGE, async () => {
    const { positionals, values, connection } = readCommandLine(argv, OPTIONS);
    const [command, ...rest] = positionals;
    const eventId = eventOf(values.event);
    switch (command) {
      case "list": {
        const result = (await callApi(connection, "GET", "api/operator/sport-market-limits")) as { data: MarketLimit[] };
        console.log(result.data.length === 0 ? "No per-market stake limits: each currency's own applies." : result.data.map(describe).join("\n"));
        return;
      }
      case "set": {
        const [type, currency, maxStake, ...extra] = rest;
        if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
        if (!maxStake) throw new UsageError("set needs the maximum stake (500.00)");
        const body = { marketTypeId: marketTypeOf(type), currency: currencyOf(currency), maxStake, ...(eventId !== undefined ? { eventId } : {}) };
        const result = (await callApi(connection, "PUT", "api/operator/sport-market-limits", body)) as { data: MarketLimit };
        console.log(`Saved: ${describe(result.data)}`);
        return;
      }
      case "remove": {
        const [type, currency, ...extra] = rest;
        if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
        const query = new URLSearchParams({ marketTypeId: String(marketTypeOf(type)), currency: currencyOf(currency), ...(eventId !== undefined ? { eventId: String(eventId) } : {}) });
        await callApi(connection, "DELETE", `api/operator/sport-market-limits?${query}`);
        console.log("Removed: the type-wide limit, or else the currency's own per-market limit, applies there again.");
        return;
      }
      default:
        throw new UsageError(command ? `unknown sport-limits command "${command}"` : "a sport-limits command is required");
    }
  });
}
