// What every `npm run ops` command shares: its command line (the server's address and the operator
// key beside each command's own options), finding the operator key, calling a running server's
// operator API (/api/operator) with it, turning its error body into a readable message, and how a
// failed command ends.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

const OPERATOR_KEY_FILE_NAME = "operator-key";
const REQUEST_TIMEOUT_MS = 30_000;

/** A mistake of the person at the keyboard: printed with the usage text, no stack trace. */
export class UsageError extends Error {}

export type OperatorConnection = { url: string; key: string | undefined; dataDir: string };

/** The options every command takes: where the server is and where its key comes from. */
const CONNECTION_OPTIONS = {
  url: { type: "string", default: process.env.OPS_URL ?? "http://127.0.0.1:3000" },
  key: { type: "string" },
  "data-dir": { type: "string", default: process.env.DATA_DIR ?? "./data" },
} as const satisfies ParseArgsOptionsConfig;

type ConnectionOptionName = keyof typeof CONNECTION_OPTIONS;

/**
 * A command's arguments: its positionals, the values of its own `options`, and the connection to
 * the server from --url, --key and --data-dir (which every command takes). Unknown options throw
 * the parser's ERR_PARSE_ARGS error, which reportCommandError prints with the usage.
 */
export function readCommandLine<const T extends ParseArgsOptionsConfig>(argv: string[], options: T) {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { ...CONNECTION_OPTIONS, ...options } });
  const all = values as Record<string, string | boolean | (string | boolean)[] | undefined>;
  const connection: OperatorConnection = { url: all.url as string, key: all.key as string | undefined, dataDir: all["data-dir"] as string };
  return { positionals, values: values as Omit<typeof values, ConnectionOptionName>, connection };
}

/** --key, else OPERATOR_API_KEY, else the key a demo deployment wrote to <DATA_DIR>/operator-key. */
export async function operatorKey(connection: OperatorConnection): Promise<string> {
  const given = connection.key ?? process.env.OPERATOR_API_KEY;
  if (given) return given;
  const file = path.resolve(connection.dataDir, OPERATOR_KEY_FILE_NAME);
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    throw new UsageError(
      `no operator key: pass --key or OPERATOR_API_KEY, or start the demo server once so it writes ${file} (with OPERATOR_API_KEYS set, use one of those keys)`,
    );
  }
}

export async function callOperatorApi(connection: OperatorConnection, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", apiPath: string, body?: unknown): Promise<unknown> {
  const key = await operatorKey(connection);
  const url = new URL(apiPath, connection.url.endsWith("/") ? connection.url : `${connection.url}/`);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new UsageError(`cannot reach the server at ${connection.url} (${error instanceof Error ? error.message : String(error)}); is it running? (--url)`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: the status line below still says what happened.
    json = null;
  }
  if (!response.ok) {
    const failure = json as { message?: string; errors?: Record<string, string[]> } | null;
    const details = failure?.errors ? Object.entries(failure.errors).map(([field, messages]) => `\n  ${field}: ${messages.join("; ")}`).join("") : "";
    throw new UsageError(`the server answered ${response.status}: ${failure?.message ?? text}${details}`);
  }
  return json;
}

/** Runs one command; a failure is reported (see reportCommandError) and sets a failing exit code. */
export async function runCommand(usage: string, command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (error) {
    reportCommandError(error, usage);
  }
}

/** Usage mistakes and argument-parser complaints print the usage; anything else its stack. */
export function reportCommandError(error: unknown, usage: string): void {
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
    console.error(`ops: ${error.message}\n${usage}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
