// The operator API as browser walks reach it: the demo deployment's operator key, which the server
// writes to <DATA_DIR>/operator-key (playwright.config.ts sets PLAYFAIR_E2E_DATA_DIR).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "../fixtures.ts";

export async function operatorKey(): Promise<string> {
  const dataDir = process.env.PLAYFAIR_E2E_DATA_DIR;
  if (!dataDir) throw new Error("PLAYFAIR_E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const file = path.join(dataDir, "operator-key");
  await expect.poll(async () => (await readFile(file, "utf8").catch(() => "")).trim().length, { message: file }).toBeGreaterThan(0);
  return (await readFile(file, "utf8")).trim();
}

/** The headers of an operator API call. */
export async function operatorHeaders(): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await operatorKey()}` };
}
