// What every `npm run ops` command shares: finding the operator key and calling a running server's
// operator API (/api/operator) with it, turning its error body into a readable message.
import { readFile } from "node:fs/promises";
import path from "node:path";

const OPERATOR_KEY_FILE_NAME = "operator-key";
const REQUEST_TIMEOUT_MS = 30_000;

/** A mistake of the person at the keyboard: printed with the usage text, no stack trace. */
export class UsageError extends Error {}

export type OperatorConnection = { url: string; key: string | undefined; dataDir: string };

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

/** Usage mistakes and argument-parser complaints print the usage; anything else its stack. */
export function reportCommandError(error: unknown, usage: string): void {
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
    console.error(`ops: ${error.message}\n${usage}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
