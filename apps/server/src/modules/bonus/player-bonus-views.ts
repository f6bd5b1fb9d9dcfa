import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import type { LocalizedText } from "@playfair/contracts/bonus/templates";
import { roundAmount } from "@playfair/contracts/money";
import type { DbExecutor } from "../../db/database.ts";
import type { Ledger } from "../ledger/ledger.service.ts";
import type { playerBonuses } from "./bonus.schema.ts";
import type { bonusTemplates } from "./bonus.schema.ts";
import { hasOpenBonusRound, readTemplateView, type TemplateView } from "./bonus-wagering-statements.ts";

// A player bonus as the API and the realtime events show it (spec 3 Player bonus).

type PlayerBonusRow = typeof playerBonuses.$inferSelect;
type ViewTemplate = Pick<typeof bonusTemplates.$inferSelect, "kind" | "title" | "description" | "pageIdentity" | "reward">;

export type { TemplateView };

/** The text in `locale`, else English. */
export function localized(text: LocalizedText, locale: string): string {
  return text[locale] ?? text.en;
}

export async function playerBonusView(
  executor: DbExecutor,
  row: PlayerBonusRow,
  context: {
    ledger: Pick<Ledger, "balances">;
    knownPrecision(currency: string): string;
    locale?: string;
    /** The bonus balance when the caller has it from its own posting (saves a read). */
    balance?: string;
    /** Where the template's texts come from when the caller keeps them (a round's progress event), else read. */
    templates?: (executor: DbExecutor, templateId: string) => Promise<TemplateView[]>;
  },
  /** The bonus's template when the caller already holds it (views of many bonuses of one template). */
  knownTemplate?: ViewTemplate,
): Promise<PlayerBonus> {
  const locale = context.locale ?? "en";
  const [template] = knownTemplate
    ? [knownTemplate]
    : context.templates
      ? await context.templates(executor, row.templateId)
      : await readTemplateView(executor, row.templateId);
  const active = row.status === PLAYER_BONUS_STATUS.active;
  const subunitToUnit = context.knownPrecision(row.currency);
  let balance = "0";
  let hasOpenRounds = false;
  if (active) {
    balance = context.balance ?? (await context.ledger.balances(executor, [row.walletAccountId])).get(row.walletAccountId)?.bonus ?? "0";
    hasOpenRounds = await hasOpenBonusRound(executor, row.id);
  }
  const money = (amount: string) => roundAmount(amount, subunitToUnit, "floor");
  const reward = template?.reward;
  return {
    id: row.id,
    status: row.status,
    result: row.result,
    amount: money(row.amount),
    currency: row.currency,
    packageId: row.packageId,
    packageStep: row.packageStep,
    issueSessionId: row.issueSessionId,
    wagerCasinoConditions: { gameIds: row.terms.gameIds },
    triggerConditions: reward?.kind === "deposit" ? reward.trigger : null,
    kind: (template?.kind ?? "deposit") as PlayerBonus["kind"],
    source: row.source as PlayerBonus["source"],
    title: template ? localized(template.title, locale) : "",
    description: template ? localized(template.description, locale) : "",
    pageIdentity: template?.pageIdentity ?? null,
    terms: row.terms,
    balance: money(balance),
    wagering: { required: money(row.wageringRequired), wagered: money(row.wagered), multiplier: row.wageringMultiplier },
    maxBet: row.maxBet === null ? null : money(row.maxBet),
    maxConversion: row.maxConversion === null ? null : money(row.maxConversion),
    convertedAmount: money(row.convertedAmount),
    hasOpenRounds,
    issuedAt: row.issuedAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
