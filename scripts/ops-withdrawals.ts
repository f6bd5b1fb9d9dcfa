// `npm run ops -- withdrawals ...`: the operator's payout queue from the command line, through a
// running server's operator API (/api/operator/withdrawals) with the operator key (--key, else
// OPERATOR_API_KEY, else the key a demo deployment wrote to <DATA_DIR>/operator-key).
//
//   withdrawals list [--status 1|2|3] [--page N] [--per-page N]   requested (1) by default, oldest first
//   withdrawals complete <id> [--note "..."]                       mark paid out (status 2)
//   withdrawals reject <id> [--note "..."]                         refuse; the held money returns (status 3)
//
// Options: --url (server, default http://127.0.0.1:3000), --key, --data-dir (default $DATA_DIR or ./data).
import { callOperatorApi as callApi, readCommandLine, runCommand, UsageError, type OperatorConnection } from "./lib/operator-api.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const USAGE = `usage: npm run ops -- withdrawals <list | complete <id> | reject <id>> [options]
  list [--status 1|2|3] [--page N] [--per-page N]
  complete <id> [--note "paid by bank transfer 42"]
  reject <id> [--note "details do not match"]
  options: --url http://127.0.0.1:3000  --key K (or OPERATOR_API_KEY)  --data-dir ./data`;

type Options = { status: string; page: string; perPage: string; note: string | undefined };

type Withdrawal = {
  id: string;
  number: number;
  status: number;
  amount: string;
  currency: string;
  methodCode: string;
  playerId: string;
  createdAt: string;
  failureReason: string | null;
  fields: Record<string, string>;
};

const STATUS_NAMES: Record<number, string> = { 1: "requested", 2: "paid out", 3: "failed or rejected", 4: "cancelled by the player" };

const OPTIONS = {
  status: { type: "string", default: "1" },
  page: { type: "string", default: "1" },
  "per-page": { type: "string", default: "20" },
  note: { type: "string" },
} as const;

function describeWithdrawal(withdrawal: Withdrawal): string {
  const details = Object.entries(withdrawal.fields)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  const state = STATUS_NAMES[withdrawal.status] ?? String(withdrawal.status);
  return `#${withdrawal.number}  ${withdrawal.id}  ${withdrawal.amount} ${withdrawal.currency}  ${withdrawal.methodCode}  player ${withdrawal.playerId}  ${withdrawal.createdAt}  [${state}${withdrawal.failureReason ? `: ${withdrawal.failureReason}` : ""}]${details ? `\n  ${details}` : ""}`;
}

async function list(connection: OperatorConnection, options: Options): Promise<void> {
  if (!/^[1234]$/.test(options.status)) throw new UsageError("--status must be 1 (requested), 2 (paid out), 3 (failed or rejected) or 4 (cancelled by the player)");
  const query = new URLSearchParams({ status: options.status, page: options.page, perPage: options.perPage });
  const result = (await callApi(connection, "GET", `api/operator/withdrawals?${query}`)) as { data: Withdrawal[]; meta: { page: number; totalPages: number; totalRows: number } };
  if (result.data.length === 0) {
    console.log(`No ${STATUS_NAMES[Number(options.status)]} withdrawals.`);
    return;
  }
  for (const withdrawal of result.data) console.log(describeWithdrawal(withdrawal));
  console.log(`Page ${result.meta.page} of ${result.meta.totalPages} (${result.meta.totalRows} withdrawals).`);
}

async function decide(connection: OperatorConnection, action: "complete" | "reject", id: string | undefined, options: Options): Promise<void> {
  if (!id || !UUID.test(id)) throw new UsageError(`withdrawals ${action} needs the withdrawal's id (a UUID, see withdrawals list)`);
  const result = (await callApi(connection, "POST", `api/operator/withdrawals/${id}/${action}`, options.note ? { note: options.note } : {})) as { data: Withdrawal };
  const withdrawal = result.data;
  console.log(
    action === "complete"
      ? `Withdrawal #${withdrawal.number} paid out: ${withdrawal.amount} ${withdrawal.currency}.`
      : `Withdrawal #${withdrawal.number} rejected: ${withdrawal.amount} ${withdrawal.currency} returned to the player.`,
  );
}

/** Runs one `withdrawals` sub-command; reports its own errors and sets a failing exit code. */
export function runWithdrawalsCommand(argv: string[]): Promise<void> {
  return runCommand(USAGE, async () => {
    const { positionals, values, connection } = readCommandLine(argv, OPTIONS);
    const options: Options = { status: values.status, page: values.page, perPage: values["per-page"], note: values.note };
    const [command, id, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
    switch (command) {
      case "list":
        if (id) throw new UsageError(`unexpected argument: ${id}`);
        return await list(connection, options);
      case "complete":
      case "reject":
        return await decide(connection, command, id, options);
      default:
        throw new UsageError(command ? `unknown withdrawals command "${command}"` : "a withdrawals command is required");
    }
  });
}
