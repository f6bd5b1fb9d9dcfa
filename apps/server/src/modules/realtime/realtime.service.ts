import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import type { SecretStore } from "../accounts/app-secrets.ts";
import type { SessionService } from "../auth/session.service.ts";

// OWNER: realtime helper. Replace this stub (keep the exported names).

export type RealtimeDependencies = {
  db: AppDatabase;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  secrets: SecretStore;
  sessions: SessionService;
};

/** The one way domain code publishes realtime events (spec 7 channels and event payloads). */
export type RealtimePublisher = {
  /**
   * Stores the publication in `executor`'s transaction (realtime_outbox); it is delivered after
   * commit, at least once, carrying the outbox id so clients can drop duplicates. A rolled-back
   * transaction publishes nothing.
   */
  publish(executor: DbExecutor, channel: string, data: unknown): Promise<void>;
};

export type RealtimeService = RealtimePublisher & {
  /** A connection token (JWT, Centrifugo claims) for a signed-in player's websocket. */
  connectionToken(playerId: string): Promise<{ token: string; expiresAt: string }>;
  start(): void;
  stop(): Promise<void>;
};

export function createRealtimeService(_dependencies: RealtimeDependencies): RealtimeService {
  return {
    async publish() {
      throw new Error("realtime not built yet");
    },
    async connectionToken() {
      throw new Error("realtime not built yet");
    },
    start() {},
    async stop() {},
  };
}
