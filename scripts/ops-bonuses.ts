// `npm run ops -- bonuses ...`: bonus templates, the welcome package, bonus codes and bonuses given
// by hand (ADR 034), through a running server's operator API (/api/operator/bonus-*).
//
//   bonuses list                                         every template, one line each
//   bonuses show <code>                                  one template, as JSON (a starting point for set)
//   bonuses set <code> --file t.json | --json '{...}'    create or replace a template
//   bonuses remove <code>                                deactivate it (issued bonuses keep their terms)
//   bonuses packages                                     the packages and their steps
//   bonuses packages set <code> --steps a,b,c,d [--title T]
//   bonuses codes                                        every bonus code and its uses
//   bonuses codes set <CODE> --template <code> --trigger registration|deposit|manual [--max-uses N]
//   bonuses codes remove <CODE>                          players can no longer enter it
//   bonuses issue <playerId> <template> --currency EUR [--amount 10]
//
// Options: --url (server, default http://127.0.0.1:3000), --key, --data-dir (default $DATA_DIR or ./data).
import { readFile } from "node:fs/promises";
import { callOperatorApi as callApi, readCommandLine, runCommand, UsageError } from "./lib/operator-api.ts";

const USAGE = `usage: npm run ops -- bonuses <command> [options]
  list | show <code> | set <code> --file F | set <code> --json J | remove <code>
  packages | packages set <code> --steps welcome-1,welcome-2 [--title T]
  codes | codes set <CODE> --template <code> --trigger registration|deposit|manual [--max-uses N] | codes remove <CODE>
  issue <playerId> <template> --currency EUR [--amount 10]
  options: --url http://127.0.0.1:3000  --key K (or OPERATOR_API_KEY)  --data-dir ./data`;

type Template = { code: string; kind: string; title: { en: string }; isActive: boolean; perPlayerLimit: number; terms: { wageringMultiplier: string; product: string } };
type Package = { code: string; title: { en: string }; steps: string[]; isActive: boolean };
type Code = { code: string; trigger: string; templateCode: string; maxUses: number | null; uses: number; isActive: boolean };

const OPTIONS = {
  file: { type: "string" },
  json: { type: "string" },
  steps: { type: "string" },
  title: { type: "string" },
  template: { type: "string" },
  trigger: { type: "string" },
  "max-uses": { type: "string" },
  currency: { type: "string" },
  amount: { type: "string" },
} as const;

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  return value;
}

async function jsonFrom(options: { file?: string | undefined; json?: string | undefined }): Promise<unknown> {
  if (!options.file === !options.json) throw new UsageError("set needs the template: --file template.json or --json '{...}'");
  const text = options.file ? await readFile(options.file, "utf8") : options.json!;
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError("the template is not valid JSON");
  }
}

const templateLine = (template: Template) =>
  `${template.code.padEnd(20)} ${template.kind.padEnd(10)} ${template.terms.product.padEnd(10)} x${template.terms.wageringMultiplier.padEnd(4)} ${template.isActive ? "" : "[inactive] "}${template.title.en}`;
const packageLine = (item: Package) => `${item.code.padEnd(20)} ${item.steps.join(", ")}${item.isActive ? "" : " [inactive]"}  ${item.title.en}`;
const codeLine = (code: Code) => `${code.code.padEnd(12)} ${code.trigger.padEnd(12)} -> ${code.templateCode}  used ${code.uses}${code.maxUses === null ? "" : ` of ${code.maxUses}`}${code.isActive ? "" : " [inactive]"}`;

/** Runs one `bonuses` sub-command; reports its own errors and sets a failing exit code. */
export function runBonusesCommand(argv: string[]): Promise<void> {
  return runCommand(USAGE, async () => {
    const { positionals, values, connection } = readCommandLine(argv, OPTIONS);
    const [command, first, second, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
    switch (command) {
      case "list": {
        const result = (await callApi(connection, "GET", "api/operator/bonus-templates")) as { data: Template[] };
        console.log(result.data.length === 0 ? "No bonus templates." : result.data.map(templateLine).join("\n"));
        return;
      }
      case "show": {
        const result = (await callApi(connection, "GET", `api/operator/bonus-templates/${required(first, "a template code")}`)) as { data: Template & { id?: string } };
        const { id: _id, ...shown } = result.data;
        console.log(JSON.stringify(shown, null, 2));
        return;
      }
      case "set": {
        const code = required(first, "a template code");
        const body = (await jsonFrom(values)) as Record<string, unknown>;
        delete body.code;
        const result = (await callApi(connection, "PUT", `api/operator/bonus-templates/${code}`, body)) as { data: Template };
        console.log(`Saved: ${templateLine(result.data)}`);
        return;
      }
      case "remove": {
        const result = (await callApi(connection, "DELETE", `api/operator/bonus-templates/${required(first, "a template code")}`)) as { data: Template };
        console.log(`Deactivated: ${templateLine(result.data)}`);
        return;
      }
      case "packages": {
        if (first === "set") {
          const code = required(second, "a package code");
          const steps = required(values.steps, "--steps").split(",").filter(Boolean);
          const title = values.title ?? ((await callApi(connection, "GET", `api/operator/bonus-packages/${code}`).catch(() => null)) as { data: Package } | null)?.data.title.en ?? code;
          const result = (await callApi(connection, "PUT", `api/operator/bonus-packages/${code}`, { title: { en: title }, steps, isActive: true })) as { data: Package };
          console.log(`Saved: ${packageLine(result.data)}`);
          return;
        }
        if (first) throw new UsageError(`unknown packages command "${first}"`);
        const result = (await callApi(connection, "GET", "api/operator/bonus-packages")) as { data: Package[] };
        console.log(result.data.length === 0 ? "No bonus packages." : result.data.map(packageLine).join("\n"));
        return;
      }
      case "codes": {
        if (first === "set") {
          const code = required(second, "a bonus code");
          const maxUses = values["max-uses"] === undefined ? null : Number(values["max-uses"]);
          if (maxUses !== null && (!Number.isInteger(maxUses) || maxUses < 1)) throw new UsageError("--max-uses is a whole number of at least 1");
          const body = { trigger: required(values.trigger, "--trigger"), templateCode: required(values.template, "--template"), maxUses, validFrom: null, validTo: null, isActive: true };
          const result = (await callApi(connection, "PUT", `api/operator/bonus-codes/${code}`, body)) as { data: Code };
          console.log(`Saved: ${codeLine(result.data)}`);
          return;
        }
        if (first === "remove") {
          const code = required(second, "a bonus code");
          await callApi(connection, "DELETE", `api/operator/bonus-codes/${code}`);
          console.log(`Deactivated ${code.toUpperCase()}: players can no longer enter it.`);
          return;
        }
        if (first) throw new UsageError(`unknown codes command "${first}"`);
        const result = (await callApi(connection, "GET", "api/operator/bonus-codes")) as { data: Code[] };
        console.log(result.data.length === 0 ? "No bonus codes." : result.data.map(codeLine).join("\n"));
        return;
      }
      case "issue": {
        const body = { playerId: required(first, "a player id"), templateCode: required(second, "a template code"), currency: required(values.currency, "--currency"), ...(values.amount ? { amount: values.amount } : {}) };
        const result = (await callApi(connection, "POST", "api/operator/player-bonuses", body)) as { data: { id: string; currency: string; status: number; amount?: string; count?: number; spinValue?: string } };
        const given = result.data;
        const what = given.count === undefined ? `bonus ${given.id}: ${given.amount} ${given.currency}` : `free spins ${given.id}: ${given.count} at ${given.spinValue} ${given.currency}`;
        console.log(`Issued ${what} (status ${given.status}); the player activates it.`);
        return;
      }
      default:
        throw new UsageError(command ? `unknown bonuses command "${command}"` : "a bonuses command is required");
    }
  });
}
