// `npm run ops -- <command>`: the operator's command line for notifications. It talks to a running
// server's operator API (/api/operator) with an operator key: --key, else OPERATOR_API_KEY, else the
// key a demo deployment wrote to <DATA_DIR>/operator-key when it started.
//
//   key                                   print the operator key this machine's server uses
//   message --to <target> --title T --body B        in-app message
//   push --to <target> --title T --body B [--link U] push notification (and Web Push)
//   communications [--page N] [--per-page N]        contact-form messages, newest first
//
// <target>: a player's e-mail address or id, `all`, or `segment:country=DE,language=de,currency=EUR`.
// Options: --url (server, default http://127.0.0.1:3000), --key, --data-dir (default $DATA_DIR or ./data).
import { callOperatorApi as callApi, operatorKey, readCommandLine, reportCommandError, UsageError, type OperatorConnection } from "./lib/operator-api.ts";
import { runWithdrawalsCommand } from "./ops-withdrawals.ts";
import { runCatalogueCommand } from "./ops-games.ts";
import { runBonusesCommand } from "./ops-bonuses.ts";
import { runJurisdictionsCommand } from "./ops-jurisdictions.ts";
import { runSportLimitsCommand } from "./ops-sport-limits.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEGMENT_KEYS = new Set(["country", "language", "currency"]);

type Options = OperatorConnection & { to: string | undefined; title: string | undefined; body: string | undefined; link: string | undefined; page: string; perPage: string };

function readOptions(argv: string[]): { command: string | undefined; options: Options } {
  const { values, positionals, connection } = readCommandLine(argv, {
    to: { type: "string" },
    title: { type: "string" },
    body: { type: "string" },
    link: { type: "string" },
    page: { type: "string", default: "1" },
    "per-page": { type: "string", default: "20" },
  });
  if (positionals.length > 1) throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(" ")}`);
  return {
    command: positionals[0],
    options: { ...connection, to: values.to, title: values.title, body: values.body, link: values.link, page: values.page, perPage: values["per-page"] },
  };
}

/** `--to` as the operator API's audience fields. */
function audienceOf(to: string | undefined): Record<string, unknown> {
  if (!to) throw new UsageError("--to is required (an e-mail address, a player id, all, or segment:country=DE)");
  if (to === "all") return { audience: "all" };
  if (to.startsWith("segment:")) {
    const segment: Record<string, string> = {};
    for (const pair of to.slice("segment:".length).split(",")) {
      const [name, value] = pair.split("=").map((part) => part.trim());
      if (!name || !value || !SEGMENT_KEYS.has(name)) throw new UsageError(`bad segment "${pair}": use country=, language= or currency=`);
      segment[name] = value;
    }
    return { audience: "segment", segment };
  }
  if (UUID.test(to)) return { audience: "player", playerId: to };
  if (to.includes("@")) return { audience: "player", email: to };
  throw new UsageError(`bad --to "${to}": an e-mail address, a player id, all, or segment:country=DE`);
}

async function send(kind: "message" | "push", options: Options): Promise<void> {
  if (!options.title || !options.body) throw new UsageError("--title and --body are required");
  const result = (await callApi(options, "POST", "api/operator/campaigns", {
    kind,
    ...audienceOf(options.to),
    title: options.title,
    body: options.body,
    ...(options.link ? { url: options.link } : {}),
  })) as { id: string; recipientCount: number };
  console.log(`Sent ${kind} to ${result.recipientCount} player${result.recipientCount === 1 ? "" : "s"} (campaign ${result.id}).`);
}

type CommunicationRow = { id: string; createdAt: string; email: string | null; name: string | null; subject: string | null; message: string; playerId: string | null; status: string };

async function listCommunications(options: Options): Promise<void> {
  const query = new URLSearchParams({ page: options.page, perPage: options.perPage });
  const result = (await callApi(options, "GET", `api/operator/communications?${query}`)) as {
    data: CommunicationRow[];
    meta: { page: number; totalPages: number; totalRows: number };
  };
  if (result.data.length === 0) {
    console.log("No contact messages.");
    return;
  }
  for (const row of result.data) {
    const sender = [row.name, row.email ? `<${row.email}>` : null, row.playerId ? `(player ${row.playerId})` : null].filter(Boolean).join(" ") || "anonymous";
    console.log(`${row.createdAt}  ${sender}  [${row.status}]`);
    if (row.subject) console.log(`  Subject: ${row.subject}`);
    console.log(`  ${row.message.replaceAll("\n", "\n  ")}`);
  }
  console.log(`Page ${result.meta.page} of ${result.meta.totalPages} (${result.meta.totalRows} messages).`);
}

const USAGE = `usage: npm run ops -- <key | message | push | communications> [options]
  message|push --to <email|playerId|all|segment:country=DE> --title T --body B [--link /path]
  communications [--page N] [--per-page N]
  withdrawals list|complete <id>|reject <id>      payout queue (npm run ops -- withdrawals for its options)
  games show|hide|unhide <identity> | games add   the casino catalogue (npm run ops -- games for its options)
  collections list|order|countries|put            the lobby's collections, their games, order and countries
  jurisdictions list|show|set|remove <CC>         the countries' rules for slots (npm run ops -- jurisdictions for its options)
  bonuses list|show|set|remove|packages|codes|issue  bonus templates, the welcome package, codes (npm run ops -- bonuses for its options)
  sport-limits list|set|remove                    the sportsbook's per-market stake limits (npm run ops -- sport-limits for its options)
  options: --url http://127.0.0.1:3000  --key K (or OPERATOR_API_KEY)  --data-dir ./data`;

async function main(): Promise<void> {
  // Payouts have sub-commands and options of their own.
  if (process.argv[2] === "withdrawals") return runWithdrawalsCommand(process.argv.slice(3));
  if (process.argv[2] === "games" || process.argv[2] === "collections") return runCatalogueCommand(process.argv[2], process.argv.slice(3));
  if (process.argv[2] === "jurisdictions") return runJurisdictionsCommand(process.argv.slice(3));
  if (process.argv[2] === "bonuses") return runBonusesCommand(process.argv.slice(3));
  if (process.argv[2] === "sport-limits") return runSportLimitsCommand(process.argv.slice(3));
  const { command, options } = readOptions(process.argv.slice(2));
  switch (command) {
    case "key":
      console.log(await operatorKey(options));
      return;
    case "message":
    case "push":
      return send(command, options);
    case "communications":
      return listCommunications(options);
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "a command is required");
  }
}

main().catch((error: unknown) => reportCommandError(error, USAGE));
