import { z } from "zod";
import { PositiveMoneyAmountSchema } from "../money.ts";
import { CurrencyCodeSchema } from "../settings.ts";
import { BonusCodeDefinitionSchema, BonusPackageSchema, BonusTemplateSchema } from "./templates.ts";
import { PlayerBonusSchema, PlayerFreespinSchema } from "./player-bonuses.ts";

// The operator API of bonuses (/api/operator/bonus-templates, /bonus-packages, /bonus-codes,
// /player-bonuses) and `npm run ops -- bonuses`.

const TEMPLATE_CODE = /^[a-z0-9][a-z0-9-]{1,62}$/;
const TEMPLATE_CODE_MESSAGE = "Use 2-63 lower-case letters, digits and dashes.";

export const BonusTemplateCodeParamsSchema = z.object({ code: z.string().regex(TEMPLATE_CODE, { error: TEMPLATE_CODE_MESSAGE }) });
export const BonusTemplateListSchema = z.object({ data: z.array(BonusTemplateSchema) }).meta({ id: "BonusTemplateList" });
export const BonusTemplateResponseSchema = z.object({ data: BonusTemplateSchema }).meta({ id: "BonusTemplateResponse" });

export const BonusPackageCodeParamsSchema = BonusTemplateCodeParamsSchema;
/** PUT /api/operator/bonus-packages/{code}: the package whole (title, steps by template code, active). */
export const BonusPackageInputSchema = BonusPackageSchema.omit({ id: true, code: true }).meta({ id: "BonusPackageFields" });
export type BonusPackageInput = z.infer<typeof BonusPackageInputSchema>;
export const BonusPackageListSchema = z.object({ data: z.array(BonusPackageSchema) }).meta({ id: "BonusPackageList" });
export const BonusPackageResponseSchema = z.object({ data: BonusPackageSchema }).meta({ id: "BonusPackageResponse" });

export const BonusCodeParamsSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/, { error: "Use 2-32 letters, digits, dashes and underscores." }) });
/** PUT /api/operator/bonus-codes/{code}: everything but the code itself. */
export const BonusCodeInputSchema = BonusCodeDefinitionSchema.omit({ code: true }).meta({ id: "BonusCodeFields" });
export type BonusCodeInput = z.infer<typeof BonusCodeInputSchema>;
/** A code as the operator sees it: its definition and how often it was used. */
export const OperatorBonusCodeSchema = BonusCodeDefinitionSchema.extend({ uses: z.number().int() }).meta({ id: "OperatorBonusCode" });
export type OperatorBonusCode = z.infer<typeof OperatorBonusCodeSchema>;
export const OperatorBonusCodeListSchema = z.object({ data: z.array(OperatorBonusCodeSchema) }).meta({ id: "OperatorBonusCodeList" });
export const OperatorBonusCodeResponseSchema = z.object({ data: OperatorBonusCodeSchema }).meta({ id: "OperatorBonusCodeResponse" });

/**
 * POST /api/operator/player-bonuses: gives a template to one player by hand (a goodwill bonus).
 * `amount` is required for deposit and cashback templates (there is no deposit or loss to take it
 * from); a no-deposit template gives its own amount unless one is named.
 */
export const ManualBonusIssueRequestSchema = z
  .object({
    playerId: z.uuid({ error: "Unknown player." }),
    templateCode: z.string().regex(TEMPLATE_CODE, { error: TEMPLATE_CODE_MESSAGE }),
    currency: CurrencyCodeSchema,
    amount: PositiveMoneyAmountSchema.optional(),
  })
  .meta({ id: "ManualBonusIssueRequest" });
export type ManualBonusIssueRequest = z.infer<typeof ManualBonusIssueRequestSchema>;

/**
 * POST /api/operator/player-bonuses answers what the template gives: a player bonus, or free spins
 * (a free-spins template; they have a `count`), issued and waiting for the player to activate them.
 */
export const ManualBonusIssueResponseSchema = z.object({ data: z.union([PlayerBonusSchema, PlayerFreespinSchema]) }).meta({ id: "ManualBonusIssueResponse" });
export type ManualBonusIssueResponse = z.infer<typeof ManualBonusIssueResponseSchema>;
