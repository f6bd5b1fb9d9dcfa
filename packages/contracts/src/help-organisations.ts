import { z } from "zod";

/**
 * Where a player finds help with gambling (the responsible-gaming page): organisations and helplines
 * per country, operator-editable (GET /api/content/help-organisations; the operator API under
 * /api/operator/help-organisations). `country` is an ISO 3166-1 alpha-2 code, or INTERNATIONAL for
 * the organisations shown everywhere, after the player's own country's.
 */
export const INTERNATIONAL_HELP = "INT";

const CountryOrInternationalSchema = z
  .string()
  .regex(/^([A-Z]{2}|INT)$/, "Use a two-letter country code, or INT for every country.")
  .meta({ description: "ISO 3166-1 alpha-2, or INT for every country" });

export const HelpOrganisationSchema = z
  .object({
    id: z.string(),
    country: CountryOrInternationalSchema,
    name: z.string(),
    description: z.string().nullable(),
    phone: z.string().nullable().meta({ description: "As dialled in that country" }),
    url: z.string().nullable(),
    sortOrder: z.number().int(),
  })
  .meta({ id: "HelpOrganisation" });
export type HelpOrganisation = z.infer<typeof HelpOrganisationSchema>;

export const HelpOrganisationsQuerySchema = z.object({
  country: z.string().regex(/^[A-Za-z]{2}$/).optional().meta({ description: "The player's country; the visitor's when left out" }),
});

export const HelpOrganisationListSchema = z
  .object({
    /** The country the list was made for (null when unknown: only the international ones). */
    country: z.string().nullable(),
    data: z.array(HelpOrganisationSchema),
  })
  .meta({ id: "HelpOrganisationList" });
export type HelpOrganisationList = z.infer<typeof HelpOrganisationListSchema>;

const HTTPS_URL = z.string().regex(/^https:\/\/[^\s/$.?#][^\s]*$/, "Use an https:// address.");

/** The operator's create and replace body. */
export const HelpOrganisationInputSchema = z
  .object({
    country: CountryOrInternationalSchema,
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(500).nullable().optional(),
    phone: z.string().trim().max(40).nullable().optional(),
    url: HTTPS_URL.max(300).nullable().optional(),
    sortOrder: z.number().int().min(0).max(10_000).optional(),
  })
  .meta({ id: "HelpOrganisationRequest" });
export type HelpOrganisationInput = z.infer<typeof HelpOrganisationInputSchema>;

export const HelpOrganisationIdParamsSchema = z.object({ id: z.uuid() });
export const HelpOrganisationResponseSchema = z.object({ data: HelpOrganisationSchema }).meta({ id: "HelpOrganisationResponse" });
export const HelpOrganisationAllSchema = z.object({ data: z.array(HelpOrganisationSchema) }).meta({ id: "HelpOrganisationAll" });
