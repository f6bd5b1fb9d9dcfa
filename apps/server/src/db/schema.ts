// Every domain owns its tables in `modules/<domain>/<domain>.schema.ts`; this file only gathers
// them so Drizzle's relational queries and drizzle-kit see one schema.
export * from "../modules/settings/settings.schema.ts";
export * from "../modules/content/content.schema.ts";
export * from "../modules/player/player.schema.ts";
export * from "../modules/auth/auth.schema.ts";
export * from "../modules/messaging/messaging.schema.ts";
export * from "../modules/social/social.schema.ts";
export * from "../modules/wallet/wallet.schema.ts";
export * from "../modules/secrets/app-secrets.schema.ts";
export * from "../modules/realtime/realtime.schema.ts";
export * from "../modules/notification/notification.schema.ts";
export * from "../modules/ledger/ledger.schema.ts";
export * from "../modules/payment/payment.schema.ts";
export * from "../modules/limits/limits.schema.ts";
