import type { FieldListResponse, FieldScenario } from "@playfair/contracts/player/fields";
import { isFormFieldName, type FormFieldName } from "@playfair/contracts/validation/fields";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { insertMissingFieldSettings, selectFieldSettings } from "./player.repository.ts";

/** The operator's lists change rarely and are read on every registration and profile call. */
const FIELD_SETTINGS_RELOAD_MS = 30_000;

type SeedField = { field: FormFieldName; isRequired?: boolean };

// The defaults a fresh deployment starts with. Registration lists both e-mail and phone: the
// e-mail form uses one, the phone form the other.
const DEFAULT_FIELDS: Record<FieldScenario, SeedField[]> = {
  registration: [
    { field: "email", isRequired: true },
    { field: "phone", isRequired: true },
    { field: "password", isRequired: true },
    { field: "country", isRequired: true },
    { field: "currency", isRequired: true },
    { field: "agreements", isRequired: true },
    { field: "receiveEmailPromo" },
    { field: "receiveSmsPromo" },
    { field: "bonusCode" },
  ],
  profile: [
    { field: "nickname" },
    { field: "firstName" },
    { field: "lastName" },
    { field: "birthdate" },
    { field: "gender" },
    { field: "country" },
    { field: "city" },
    { field: "address" },
    { field: "postalCode" },
    { field: "timeZone" },
    { field: "language" },
    { field: "receiveEmailPromo" },
    { field: "receiveSmsPromo" },
    { field: "receiveBonus" },
  ],
};

export async function seedPlayerFieldSettings(db: AppDatabase): Promise<void> {
  const rows = (Object.entries(DEFAULT_FIELDS) as [FieldScenario, SeedField[]][]).flatMap(([scenario, fields]) =>
    fields.map((entry, index) => ({ scenario, field: entry.field, isEnabled: true, isRequired: entry.isRequired ?? false, sortOrder: (index + 1) * 10 })),
  );
  await insertMissingFieldSettings(db, rows);
}

export type FieldList = {
  /** Enabled fields in the operator's order. */
  fields: FormFieldName[];
  required: FormFieldName[];
};

export type FieldSettings = {
  get(scenario: FieldScenario): Promise<FieldList>;
  response(scenario: FieldScenario): Promise<FieldListResponse>;
  invalidate(): void;
};

export function createFieldSettings(executor: DbExecutor, now: () => number = Date.now): FieldSettings {
  let snapshot: { lists: Record<FieldScenario, FieldList>; loadedAt: number } | undefined;
  let loading: Promise<Record<FieldScenario, FieldList>> | undefined;

  async function load(): Promise<Record<FieldScenario, FieldList>> {
    const lists: Record<FieldScenario, FieldList> = { registration: { fields: [], required: [] }, profile: { fields: [], required: [] } };
    for (const row of await selectFieldSettings(executor)) {
      const list = lists[row.scenario as FieldScenario];
      // Unknown names (a typo in an operator's edit) must not break the forms.
      if (!list || !row.isEnabled || !isFormFieldName(row.field)) continue;
      list.fields.push(row.field);
      if (row.isRequired) list.required.push(row.field);
    }
    return lists;
  }

  async function lists(): Promise<Record<FieldScenario, FieldList>> {
    if (snapshot && now() - snapshot.loadedAt < FIELD_SETTINGS_RELOAD_MS) return snapshot.lists;
    loading ??= load().finally(() => {
      loading = undefined;
    });
    const loaded = await loading;
    snapshot = { lists: loaded, loadedAt: now() };
    return loaded;
  }

  return {
    async get(scenario) {
      return (await lists())[scenario];
    },
    async response(scenario) {
      const list = (await lists())[scenario];
      return { scenario, fields: list.fields.map((name) => ({ name, required: list.required.includes(name) })) };
    },
    invalidate() {
      snapshot = undefined;
    },
  };
}
