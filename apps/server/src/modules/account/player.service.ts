import type { PlayerInit } from "@playfair/contracts/player/init";
import { EDITABLE_PROFILE_FIELDS, GENDERS, type EditableProfileField, type Profile } from "@playfair/contracts/player/profile";
import { INVISIBLE_CHARACTERS } from "@playfair/contracts/validation/fields";
import { zodForFields } from "@playfair/contracts/validation/form-schema";
import { VALIDATION_MESSAGES_EN, formatValidationMessage } from "@playfair/contracts/validation/messages";
import { asc, desc, eq } from "drizzle-orm";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import type { DbExecutor } from "../../db/database.ts";
import { selectSocialProviders } from "../social/social.repository.ts";
import type { ExternalPlayerAccounts, ExternalRegistration } from "../player/player-accounts.ts";
import { assertRegistrationAllowed, countRegistration } from "./registration-allowance.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { OtpService } from "../auth/otp.service.ts";
import type { SessionService } from "../auth/session.service.ts";
import type { Outbox } from "../messaging/outbox.ts";
import { currencies } from "../settings/settings.schema.ts";
import { insertFirstWalletAccount, listWalletAccounts } from "../wallet/wallet.repository.ts";
import { isKnownAvatar } from "../player/avatars.ts";
import { createFieldSettings, type FieldSettings } from "../player/player-fields.ts";
import {
  insertPlayer,
  isNicknameTaken,
  selectPlayer,
  selectPlayerByEmail,
  selectPlayerIdByTelegramUser,
  updatePlayer,
  type PlayerUpdate,
} from "../player/player.repository.ts";
import { columnFor, profileFromRow, TEXT_FIELD_MAX_LENGTH } from "../player/profile-view.ts";
import { REALTIME_PLAYER_CHANNELS } from "../player/realtime-channels.ts";
import { COUNTRY_NOT_AVAILABLE, type ReferenceChecks } from "../player/reference-checks.ts";

export const NICKNAME_TAKEN = "This nickname is taken.";
/** A nickname taken over from a social or messenger account: spec 5's nickname rule, no invisible characters. */
const EXTERNAL_NICKNAME = /^[\p{L}\p{M}\p{Nd}_-]{3,24}$/u;
const INVISIBLE = new RegExp(INVISIBLE_CHARACTERS.pattern, INVISIBLE_CHARACTERS.flags);
const FIELD_NOT_EDITABLE = "This field cannot be changed here.";
const UNKNOWN_AVATAR = "This avatar does not exist.";
/**
 * A cached profile is trusted this long even without a write in this process: other processes
 * (and modules that write `players` without calling invalidateProfile) show through within it.
 */
const PROFILE_CACHE_TTL_MS = 10_000;
const PROFILE_CACHE_MAX_ENTRIES = 50_000;

export type PlayerService = ExternalPlayerAccounts & {
  /** The profile, from an in-memory cache (see PROFILE_CACHE_TTL_MS); inside a transaction pass `executor`. */
  getProfile(playerId: string, executor?: DbExecutor): Promise<Profile | null>;
  /** The profile already serialised, for GET /api/player/profile. */
  getProfileJson(playerId: string): Promise<Buffer | null>;
  findPlayerIdByEmail(email: string): Promise<string | null>;
  findPlayerIdByTelegramUser(tgUserId: number): Promise<string | null>;
  /** The operator's registration and profile field lists. */
  fields: FieldSettings;
  /** PUT /api/player/profile: only fields the operator's profile list enables. */
  updateProfile(playerId: string, body: Record<string, unknown>, reference: ReferenceChecks): Promise<Profile>;
  setAvatar(playerId: string, avatarId: string): Promise<Profile>;
  init(playerId: string): Promise<PlayerInit>;
  /** The app's clock (tests move it): registration's timestamps and expiry rules use it. */
  clock(): Date;
};

type CachedProfile = { profile: Profile; json: Buffer; loadedAt: number };

const EDITABLE: ReadonlySet<string> = new Set(EDITABLE_PROFILE_FIELDS);

export function createPlayerService(dependencies: ServiceDependencies & { outbox: Outbox; otp: OtpService; sessions: SessionService }): PlayerService {
  const { db, now } = dependencies;
  const cache = new Map<string, CachedProfile>();
  // Bumped by every invalidation, so a read that started before a write cannot cache the old row.
  const generations = new Map<string, number>();
  const fields = createFieldSettings(db);
  dependencies.sessions.onPlayerChanged((playerId) => invalidateProfile(playerId));

  function invalidateProfile(playerId: string) {
    cache.delete(playerId);
    generations.set(playerId, (generations.get(playerId) ?? 0) + 1);
  }

  async function loadProfile(playerId: string): Promise<CachedProfile | null> {
    const cached = cache.get(playerId);
    if (cached && Date.now() - cached.loadedAt < PROFILE_CACHE_TTL_MS) return cached;
    const generation = generations.get(playerId) ?? 0;
    const row = await selectPlayer(db, playerId);
    if (!row) return null;
    const profile = profileFromRow(row, now());
    const entry = { profile, json: Buffer.from(JSON.stringify(profile)), loadedAt: Date.now() };
    if ((generations.get(playerId) ?? 0) === generation) {
      if (cache.size >= PROFILE_CACHE_MAX_ENTRIES) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(playerId, entry);
    }
    return entry;
  }

  async function getProfile(playerId: string, executor?: DbExecutor): Promise<Profile | null> {
    if (executor) {
      const row = await selectPlayer(executor, playerId);
      return row ? profileFromRow(row, now()) : null;
    }
    return (await loadProfile(playerId))?.profile ?? null;
  }

  async function preferredCurrency(executor: DbExecutor, wanted: string | undefined): Promise<string> {
    const enabled = await executor
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.isEnabled, true))
      .orderBy(desc(currencies.isBase), asc(currencies.sortOrder), asc(currencies.code));
    const codes = enabled.map((row) => row.code);
    if (wanted && codes.includes(wanted.toUpperCase())) return wanted.toUpperCase();
    const fallback = codes[0];
    if (!fallback) throw new Error("no currency is enabled");
    return fallback;
  }

  async function createExternalPlayerIn(executor: DbExecutor, input: ExternalRegistration): Promise<{ playerId: string }> {
    const at = now();
    if (input.ip) {
      await assertRegistrationAllowed(executor, input.ip, at);
      await countRegistration(executor, input.ip, dependencies.config.accounts.registrationLimit, at);
    }
    const currency = await preferredCurrency(executor, input.currency);
    const nickname = input.nickname?.trim();
    const usableNickname =
      nickname && EXTERNAL_NICKNAME.test(nickname) && !INVISIBLE.test(nickname) && !(await isNicknameTaken(executor, nickname)) ? nickname : null;
    const email = input.email?.trim().toLowerCase() || null;
    const language = input.language && /^[a-z]{2}(-[a-z]{2})?$/.test(input.language) ? input.language : "en";
    const country = input.country && /^[A-Z]{2}$/.test(input.country) ? input.country : null;
    const playerId = await insertPlayer(executor, {
      email,
      emailVerifiedAt: email && input.emailVerified ? at : null,
      firstName: input.firstName?.trim().slice(0, 100) || null,
      lastName: input.lastName?.trim().slice(0, 100) || null,
      nickname: usableNickname,
      tgUserId: input.tgUserId ?? null,
      language,
      currency,
      country,
      affiliateTag: input.affiliateTag ?? null,
      referrerId: input.referrerId ?? null,
      registrationIp: input.ip ?? null,
      registrationCountry: country,
      createdAt: at,
      updatedAt: at,
    });
    await insertFirstWalletAccount(executor, playerId, currency);
    return { playerId };
  }

  async function validateProfileChange(playerId: string, body: Record<string, unknown>, reference: ReferenceChecks): Promise<PlayerUpdate> {
    const profileList = await fields.get("profile");
    const enabled = new Set<string>(profileList.fields);
    const errors: Record<string, string[]> = {};
    const names: EditableProfileField[] = [];
    for (const key of Object.keys(body)) {
      if (EDITABLE.has(key) && enabled.has(key)) names.push(key as EditableProfileField);
      else errors[key] = [FIELD_NOT_EDITABLE];
    }
    // PUT is partial (the nickname modal sends one field): "required" means it cannot be cleared.
    const required = profileList.required.filter((name) => names.includes(name as EditableProfileField));
    const parsed = zodForFields(names, required).safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "_");
        (errors[field] ??= []).push(issue.message);
      }
    }
    if (Object.keys(errors).length > 0 || !parsed.success) throw validationFailed(errors);

    const values = parsed.data as Record<string, string | boolean | undefined>;
    const update: Record<string, string | boolean | null> = {};
    for (const name of names) {
      const value = values[name];
      if (typeof value === "boolean") {
        update[columnFor(name)] = value;
        continue;
      }
      const text = typeof value === "string" ? value.trim() : "";
      const limit = TEXT_FIELD_MAX_LENGTH[name];
      if (limit !== undefined && text.length > limit) {
        (errors[name] ??= []).push(formatValidationMessage(VALIDATION_MESSAGES_EN.maxLength, { max: limit }));
        continue;
      }
      if (text === "") {
        if (name === "language") (errors[name] ??= []).push(VALIDATION_MESSAGES_EN.required);
        else update[columnFor(name)] = null;
        continue;
      }
      if (name === "gender" && !(GENDERS as readonly string[]).includes(text)) (errors[name] ??= []).push(VALIDATION_MESSAGES_EN.regex);
      else if ((name === "country" || name === "nationality") && !(await reference.isSelectableCountry(text.toUpperCase())))
        (errors[name] ??= []).push(COUNTRY_NOT_AVAILABLE);
      else if (name === "language" && !(await reference.isEnabledLanguage(text))) (errors[name] ??= []).push(VALIDATION_MESSAGES_EN.language);
      else if (name === "timeZone" && !reference.isTimeZone(text)) (errors[name] ??= []).push(VALIDATION_MESSAGES_EN.regex);
      else if (name === "nickname" && (await isNicknameTaken(db, text, playerId))) (errors[name] ??= []).push(NICKNAME_TAKEN);
      else update[columnFor(name)] = name === "country" || name === "nationality" ? text.toUpperCase() : text;
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return update as PlayerUpdate;
  }

  async function writePlayer(playerId: string, update: PlayerUpdate): Promise<Profile> {
    try {
      await updatePlayer(db, playerId, { ...update, updatedAt: now() });
    } catch (error) {
      // Two players taking the same nickname at once: the unique index decides.
      if (violatedUniqueIndex(error) === "players_nickname_unique") throw validationFailed({ nickname: [NICKNAME_TAKEN] });
      throw error;
    } finally {
      invalidateProfile(playerId);
    }
    const profile = await getProfile(playerId);
    if (!profile) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
    return profile;
  }

  return {
    getProfile,
    async getProfileJson(playerId) {
      return (await loadProfile(playerId))?.json ?? null;
    },
    invalidateProfile,
    async createExternalPlayer(input, executor) {
      if (executor) return createExternalPlayerIn(executor, input);
      return db.transaction((tx) => createExternalPlayerIn(tx, input));
    },
    async findPlayerIdByEmail(email) {
      return (await selectPlayerByEmail(db, email))?.id ?? null;
    },
    async findPlayerIdByTelegramUser(tgUserId) {
      return selectPlayerIdByTelegramUser(db, tgUserId);
    },
    fields,
    async updateProfile(playerId, body, reference) {
      const update = await validateProfileChange(playerId, body, reference);
      if (Object.keys(update).length === 0) {
        const profile = await getProfile(playerId);
        if (!profile) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
        return profile;
      }
      return writePlayer(playerId, update);
    },
    async setAvatar(playerId, avatarId) {
      if (!isKnownAvatar(avatarId)) throw validationFailed({ avatarId: [UNKNOWN_AVATAR] });
      return writePlayer(playerId, { avatarId });
    },
    clock: () => now(),
    async init(playerId) {
      const [profile, accounts, socialConnections] = await Promise.all([getProfile(playerId), listWalletAccounts(db, playerId), selectSocialProviders(db, playerId)]);
      if (!profile) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
      return {
        profile,
        accounts,
        socialConnections,
        realtimeChannels: [...REALTIME_PLAYER_CHANNELS.map((channel) => `${channel}#${playerId}`), "global:online"],
      };
    },
  };
}
