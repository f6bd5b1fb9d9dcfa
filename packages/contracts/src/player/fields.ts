import { z } from "zod";
import { FORM_FIELD_NAMES } from "../validation/fields.ts";

export const FIELD_SCENARIOS = ["registration", "profile"] as const;
export type FieldScenario = (typeof FIELD_SCENARIOS)[number];

/**
 * GET /api/player/fields/validations?scenario=...: the operator's list of fields for a form, in
 * order. `required` adds to the spec's per-field rules (validation/fields.ts), never loosens them.
 */
export const FieldListResponseSchema = z
  .object({
    scenario: z.enum(FIELD_SCENARIOS),
    fields: z.array(z.object({ name: z.enum(FORM_FIELD_NAMES), required: z.boolean() })),
  })
  .meta({ id: "FieldList" });
export type FieldListResponse = z.infer<typeof FieldListResponseSchema>;
