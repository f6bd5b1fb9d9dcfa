import { createHash, timingSafeEqual } from "node:crypto";
import { writeFile, mkdir, chmod } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { bearerTokenFrom } from "../../plugins/authentication.ts";

// Who may call /api/operator: a bearer key from OPERATOR_API_KEYS, or in a demo deployment without
// any, one generated key kept in app_secrets (so every process agrees) and written to
// <DATA_DIR>/operator-key for `npm run ops` on the same machine.

const DEMO_KEY_SECRET_NAME = "operator-api-key";
const OPERATOR_KEY_FILE_NAME = "operator-key";

/** Which key signed a request, without revealing it: stored as the campaign's author. */
export type OperatorIdentity = { label: string };

export type OperatorKeys = {
  /** The operator behind a presented key, or null. Compares every candidate in constant time. */
  authenticate(presented: string | null): Promise<OperatorIdentity | null>;
  /** Demo deployments: loads (or creates) the generated key, writes the key file and logs where it is. */
  announceDemoKey(): Promise<void>;
};

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

function labelOf(key: string): string {
  return `key:${digest(key).toString("hex").slice(0, 12)}`;
}

export function createOperatorKeys(dependencies: { config: AppConfig; secrets: SecretStore; logger: FastifyBaseLogger }): OperatorKeys {
  const { config, secrets, logger } = dependencies;
  const configured = config.notification.operatorApiKeys;
  const usesDemoKey = configured.length === 0 && config.deployment === "demo";

  async function candidates(): Promise<string[]> {
    if (configured.length > 0) return configured;
    return usesDemoKey ? [await secrets.get(DEMO_KEY_SECRET_NAME)] : [];
  }

  return {
    async authenticate(presented) {
      if (!presented) return null;
      // Equal-length digests make the comparison independent of the keys' lengths and contents.
      const presentedDigest = digest(presented);
      let match: string | null = null;
      for (const key of await candidates()) {
        if (timingSafeEqual(presentedDigest, digest(key)) && match === null) match = key;
      }
      return match === null ? null : { label: labelOf(match) };
    },
    async announceDemoKey() {
      if (!usesDemoKey) {
        if (configured.length === 0) logger.warn("OPERATOR_API_KEYS is not set: the operator API (/api/operator) refuses every call");
        return;
      }
      const key = await secrets.get(DEMO_KEY_SECRET_NAME);
      if (!config.notification.writeOperatorKeyFile) return;
      const file = path.join(config.dataDir, OPERATOR_KEY_FILE_NAME);
      await mkdir(config.dataDir, { recursive: true });
      await writeFile(file, `${key}\n`, { mode: 0o600 });
      // writeFile's mode only applies when it creates the file.
      await chmod(file, 0o600);
      // Only where the key is: log lines travel to collectors and screens that a key must never reach.
      logger.info({ operatorKeyFile: file }, `operator API key (demo deployment) written to ${file}; npm run ops reads it from there`);
    },
  };
}

/**
 * Guards every route of the calling plugin's scope with the operator key (401 with
 * `WWW-Authenticate: Bearer` without a valid one) and returns how a handler learns who called.
 */
export function requireOperatorKey(app: FastifyInstance, operatorKeys: OperatorKeys): (request: FastifyRequest) => OperatorIdentity {
  const operators = new WeakMap<FastifyRequest, OperatorIdentity>();
  app.addHook("onRequest", async (request) => {
    const identity = await operatorKeys.authenticate(bearerTokenFrom(request.headers.authorization));
    if (!identity) throw new AppError("UNAUTHORIZED", "A valid operator key is required.", { headers: { "www-authenticate": "Bearer" } });
    operators.set(request, identity);
  });
  return (request) => {
    const identity = operators.get(request);
    if (!identity) throw new Error("operator authentication did not run");
    return identity;
  };
}
