import { asc, eq, inArray } from "drizzle-orm";
import { DEFAULT_WAGERING_MULTIPLIER_CAP } from "@playfair/contracts/bonus/bonus-constants";
import type { BonusCodeInput, BonusPackageInput, OperatorBonusCode } from "@playfair/contracts/bonus/operator-bonuses";
import type { BonusCodeDefinition, BonusPackage, BonusTemplate, BonusTemplateInput } from "@playfair/contracts/bonus/templates";
import { compareAmounts } from "@playfair/contracts/money";
import type { AppDatabase } from "../../db/database.ts";
import { AppError, notFound, validationFailed } from "../../lib/app-error.ts";
import type { BonusTemplateRow } from "./bonus-lifecycle.ts";
import { bonusCodes, bonusPackageSteps, bonusPackages, bonusTemplates } from "./bonus.schema.ts";

// The operator's bonus definitions (operator API and `npm run ops -- bonuses`): templates, the
// welcome package and bonus codes. A template is deactivated, never deleted: the player bonuses
// issued under it keep pointing at it (and keep their own copy of its terms).

export function templateView(row: BonusTemplateRow): BonusTemplate {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as BonusTemplate["kind"],
    title: row.title,
    description: row.description,
    pageIdentity: row.pageIdentity,
    reward: row.reward,
    terms: row.terms,
    perPlayerLimit: row.perPlayerLimit,
    isActive: row.isActive,
    availableFrom: row.availableFrom?.toISOString() ?? null,
    availableTo: row.availableTo?.toISOString() ?? null,
  };
}

/** What is wrong with a template beyond its shape, as field errors (empty: nothing). */
export function templateProblems(input: BonusTemplateInput, knownCurrencies: ReadonlySet<string>): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  const { reward, terms } = input;
  if (reward.kind !== input.kind) add("reward.kind", `A ${input.kind} template needs a ${input.kind} reward.`);
  const currencyMaps: [string, Record<string, string>][] = [["terms.maxBet", terms.maxBet]];
  switch (reward.kind) {
    case "deposit":
      currencyMaps.push(["reward.maxAmount", reward.maxAmount]);
      if (reward.trigger.invoiceAmountItems.length === 0) add("reward.trigger.invoiceAmountItems", "Name the minimum deposit in at least one currency.");
      for (const item of reward.trigger.invoiceAmountItems) {
        if (reward.maxAmount[item.currency] === undefined) add("reward.trigger.invoiceAmountItems", `${item.currency} has a minimum deposit but no maximum bonus.`);
      }
      break;
    case "noDeposit":
      currencyMaps.push(["reward.amount", reward.amount]);
      break;
    case "freespins":
      currencyMaps.push(["reward.spinValue", reward.spinValue]);
      if (reward.gameIds.length === 0) add("reward.gameIds", "Name the games the spins play on.");
      break;
    case "cashback":
      currencyMaps.push(["reward.maxAmount", reward.maxAmount], ["reward.minLoss", reward.minLoss]);
      break;
  }
  for (const [field, map] of currencyMaps) {
    if (field !== "terms.maxBet" && Object.keys(map).length === 0) add(field, "Name at least one currency.");
    for (const currency of Object.keys(map)) if (!knownCurrencies.has(currency)) add(field, `${currency} is not a currency we carry.`);
  }
  if (compareAmounts(terms.wageringMultiplier, DEFAULT_WAGERING_MULTIPLIER_CAP) > 0) add("terms.wageringMultiplier", `At most ${DEFAULT_WAGERING_MULTIPLIER_CAP} times.`);
  if (input.availableFrom && Number.isNaN(Date.parse(input.availableFrom))) add("availableFrom", "Use an ISO date and time.");
  if (input.availableTo && Number.isNaN(Date.parse(input.availableTo))) add("availableTo", "Use an ISO date and time.");
  if (input.availableFrom && input.availableTo && Date.parse(input.availableFrom) >= Date.parse(input.availableTo)) add("availableTo", "The end must come after the start.");
  return problems;
}

function codeView(row: typeof bonusCodes.$inferSelect, templateCode: string): OperatorBonusCode {
  return {
    code: row.code,
    trigger: row.trigger as BonusCodeDefinition["trigger"],
    templateCode,
    maxUses: row.maxUses,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    isActive: row.isActive,
    uses: row.uses,
  };
}

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

export function createBonusTemplatesAdmin(dependencies: { db: AppDatabase; listCurrencyCodes(): Promise<string[]>; now: () => Date }) {
  const { db, listCurrencyCodes, now } = dependencies;

  async function templateRow(code: string): Promise<BonusTemplateRow> {
    const [row] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.code, code));
    if (!row) throw notFound(`No bonus template "${code}".`);
    return row;
  }

  async function packageView(row: typeof bonusPackages.$inferSelect): Promise<BonusPackage> {
    const steps = await db
      .select({ code: bonusTemplates.code })
      .from(bonusPackageSteps)
      .innerJoin(bonusTemplates, eq(bonusTemplates.id, bonusPackageSteps.templateId))
      .where(eq(bonusPackageSteps.packageId, row.id))
      .orderBy(asc(bonusPackageSteps.step));
    return { id: row.id, code: row.code, title: row.title, steps: steps.map((step) => step.code), isActive: row.isActive };
  }

  async function codeRow(code: string) {
    const [row] = await db
      .select({ code: bonusCodes, templateCode: bonusTemplates.code })
      .from(bonusCodes)
      .innerJoin(bonusTemplates, eq(bonusTemplates.id, bonusCodes.templateId))
      .where(eq(bonusCodes.code, code.toUpperCase()));
    if (!row) throw notFound(`No bonus code "${code.toUpperCase()}".`);
    return row;
  }

  return {
    templateRow,

    async listTemplates(): Promise<BonusTemplate[]> {
      return (await db.select().from(bonusTemplates).orderBy(asc(bonusTemplates.code))).map(templateView);
    },

    async getTemplate(code: string): Promise<BonusTemplate> {
      return templateView(await templateRow(code));
    },

    /** Creates or replaces the template; bonuses already issued keep the terms they were issued under. */
    async putTemplate(code: string, input: BonusTemplateInput): Promise<BonusTemplate> {
      const problems = templateProblems(input, new Set(await listCurrencyCodes()));
      if (Object.keys(problems).length > 0) throw validationFailed(problems);
      const values = {
        kind: input.kind,
        title: input.title,
        description: input.description,
        pageIdentity: input.pageIdentity,
        reward: input.reward,
        terms: input.terms,
        perPlayerLimit: input.perPlayerLimit,
        isActive: input.isActive,
        availableFrom: dateOrNull(input.availableFrom),
        availableTo: dateOrNull(input.availableTo),
        updatedAt: now(),
      };
      const [row] = await db
        .insert(bonusTemplates)
        .values({ code, ...values })
        .onConflictDoUpdate({ target: bonusTemplates.code, set: values })
        .returning();
      return templateView(row!);
    },

    /** DELETE: the template stops being offered; nothing already issued changes. */
    async deactivateTemplate(code: string): Promise<BonusTemplate> {
      const [row] = await db.update(bonusTemplates).set({ isActive: false, updatedAt: now() }).where(eq(bonusTemplates.code, code)).returning();
      if (!row) throw notFound(`No bonus template "${code}".`);
      return templateView(row);
    },

    async listPackages(): Promise<BonusPackage[]> {
      const rows = await db.select().from(bonusPackages).orderBy(asc(bonusPackages.code));
      return Promise.all(rows.map(packageView));
    },

    async getPackage(code: string): Promise<BonusPackage> {
      const [row] = await db.select().from(bonusPackages).where(eq(bonusPackages.code, code));
      if (!row) throw notFound(`No bonus package "${code}".`);
      return packageView(row);
    },

    /** Creates or replaces the package and its steps (deposit templates, in deposit order). */
    async putPackage(code: string, input: BonusPackageInput): Promise<BonusPackage> {
      const templates = await db.select().from(bonusTemplates).where(inArray(bonusTemplates.code, input.steps));
      const byCode = new Map(templates.map((template) => [template.code, template]));
      const problems = input.steps.flatMap((step, index) => {
        const template = byCode.get(step);
        if (!template) return [`Step ${index + 1}: no template "${step}".`];
        return template.kind === "deposit" ? [] : [`Step ${index + 1}: "${step}" is not a deposit template.`];
      });
      if (new Set(input.steps).size !== input.steps.length) problems.push("A template can be one step only.");
      if (problems.length > 0) throw validationFailed({ steps: problems });
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(bonusPackages)
          .values({ code, title: input.title, isActive: input.isActive })
          .onConflictDoUpdate({ target: bonusPackages.code, set: { title: input.title, isActive: input.isActive } })
          .returning();
        await tx.delete(bonusPackageSteps).where(eq(bonusPackageSteps.packageId, saved!.id));
        await tx.insert(bonusPackageSteps).values(input.steps.map((step, index) => ({ packageId: saved!.id, step: index + 1, templateId: byCode.get(step)!.id })));
        return saved!;
      });
      return packageView(row);
    },

    async listCodes(): Promise<OperatorBonusCode[]> {
      const rows = await db
        .select({ code: bonusCodes, templateCode: bonusTemplates.code })
        .from(bonusCodes)
        .innerJoin(bonusTemplates, eq(bonusTemplates.id, bonusCodes.templateId))
        .orderBy(asc(bonusCodes.code));
      return rows.map((row) => codeView(row.code, row.templateCode));
    },

    async getCode(code: string): Promise<OperatorBonusCode> {
      const row = await codeRow(code);
      return codeView(row.code, row.templateCode);
    },

    /** Creates or replaces a code (stored upper-case); its use count is kept. */
    async putCode(code: string, input: BonusCodeInput): Promise<OperatorBonusCode> {
      const [template] = await db.select({ id: bonusTemplates.id }).from(bonusTemplates).where(eq(bonusTemplates.code, input.templateCode));
      if (!template) throw validationFailed({ templateCode: [`No bonus template "${input.templateCode}".`] });
      if (input.validFrom && input.validTo && Date.parse(input.validFrom) >= Date.parse(input.validTo)) throw validationFailed({ validTo: ["The end must come after the start."] });
      const values = { trigger: input.trigger, templateId: template.id, maxUses: input.maxUses, validFrom: dateOrNull(input.validFrom), validTo: dateOrNull(input.validTo), isActive: input.isActive };
      const [row] = await db
        .insert(bonusCodes)
        .values({ code: code.toUpperCase(), ...values })
        .onConflictDoUpdate({ target: bonusCodes.code, set: values })
        .returning();
      return codeView(row!, input.templateCode);
    },

    /** DELETE: players can no longer enter it; what it already gave stays. */
    async deactivateCode(code: string): Promise<void> {
      const [row] = await db.update(bonusCodes).set({ isActive: false }).where(eq(bonusCodes.code, code.toUpperCase())).returning({ id: bonusCodes.id });
      if (!row) throw notFound(`No bonus code "${code.toUpperCase()}".`);
    },
  };
}

export type BonusTemplatesAdmin = ReturnType<typeof createBonusTemplatesAdmin>;

/** The AppError of a template given to a player who may not have it. */
export function ineligibleError(reason: string): AppError {
  const messages: Record<string, string> = {
    restricted: "The player is self-excluded or cooling off and receives no bonuses.",
    optedOut: "The player chose not to receive bonuses.",
    excludedCountry: "The template excludes the player's country.",
    alreadyReceived: "The player already received this template as often as it allows.",
    ended: "The template is not offered now (inactive or outside its dates).",
    currency: "The template has no amount in this currency, or the player has no account in it.",
  };
  return new AppError("CONFLICT", messages[reason] ?? "The player cannot receive this bonus.", { reason });
}
