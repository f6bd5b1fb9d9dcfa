// The phone sign-up between "send code" and the code check: the form's values travel in the
// authorization state (memory only; a reload ends the flow), so the code-verify modal can finish
// the registration and "change the number" can bring the filled-in form back.
import { getAuthorizationState } from "#app/features/modals/authorization-state.ts";
import type { RegistrationValues } from "./registration.ts";

export const PHONE_REGISTRATION_FLOW = "phone-registration";

export type PendingPhoneRegistration = {
  phone: string;
  payload: Record<string, unknown>;
  values: RegistrationValues;
  resendAvailableAt: string | undefined;
  codeLength: number;
};

function parseRecord(text: unknown): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readPendingPhoneRegistration(): PendingPhoneRegistration | null {
  const state = getAuthorizationState();
  if (!state || state.flow !== PHONE_REGISTRATION_FLOW || typeof state.phone !== "string") return null;
  const payload = parseRecord(state.payload);
  const rawValues = parseRecord(state.formValues) ?? {};
  if (!payload) return null;
  const values: RegistrationValues = {};
  for (const [key, value] of Object.entries(rawValues)) if (typeof value === "string" || typeof value === "boolean") values[key] = value;
  return {
    phone: state.phone,
    payload,
    values,
    resendAvailableAt: typeof state.resendAvailableAt === "string" ? state.resendAvailableAt : undefined,
    codeLength: typeof state.codeLength === "number" && state.codeLength > 0 ? state.codeLength : 6,
  };
}
