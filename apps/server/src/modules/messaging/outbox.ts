import type { AccountDependencies } from "../accounts/account-services.ts";
import type { DbExecutor } from "../../db/database.ts";

// OWNER: messaging helper. Replace this stub with the real outbox (keep the exported names).

export type OutgoingMessage = {
  channel: "email" | "sms";
  recipient: string;
  template: string;
  locale: string;
  subject?: string;
  text: string;
  html?: string;
};

export type Outbox = {
  /** Stores the message in the same transaction as the change that caused it; delivery follows after commit. */
  enqueue(executor: DbExecutor, message: OutgoingMessage): Promise<void>;
  /** Starts the background delivery loop (no-op for the in-house adapter beyond marking messages sent). */
  start(): void;
  stop(): Promise<void>;
};

export function createOutbox(_dependencies: AccountDependencies): Outbox {
  return {
    async enqueue() {
      throw new Error("outbox not built yet");
    },
    start() {},
    async stop() {},
  };
}
