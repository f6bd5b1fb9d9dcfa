/** One realtime event handed to a transport; `eventId` is the outbox row id (clients de-duplicate on it). */
export type OutboxEvent = { eventId: string; channel: string; data: unknown };

/** The outcome Centrifugo gave: done, refused for good (bad channel…), or try again later. */
export type CentrifugoOutcome = { kind: "accepted" } | { kind: "rejected"; error: string } | { kind: "unavailable"; error: string };

export type CentrifugoClient = {
  publish(event: OutboxEvent): Promise<CentrifugoOutcome>;
  /** Closes every connection of the user with this (reconnecting) disconnect code. */
  disconnectUser(userId: string, disconnect: { code: number; reason: string }): Promise<CentrifugoOutcome>;
};

const REQUEST_TIMEOUT_MS = 5_000;

/**
 * Centrifugo's server HTTP API (`POST /api/publish`, X-API-Key). The outbox id is the idempotency
 * key, so a publication retried after a lost answer is not delivered twice; it also travels as the
 * `eventId` tag, as with this server's own websocket.
 */
export function createCentrifugoClient(options: { apiUrl: string; apiKey: string; fetch?: typeof fetch }): CentrifugoClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.endsWith("/") ? options.apiUrl : `${options.apiUrl}/`;
  async function call(method: string, request: unknown): Promise<CentrifugoOutcome> {
    let response: Response;
    try {
      response = await doFetch(new URL(`api/${method}`, base).href, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": options.apiKey },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      return { kind: "unavailable", error: error instanceof Error ? error.message : String(error) };
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      // 4xx other than 429 will not improve by retrying (wrong key, bad body).
      const retry = response.status >= 500 || response.status === 429;
      return { kind: retry ? "unavailable" : "rejected", error: `HTTP ${response.status} ${text.slice(0, 200)}` };
    }
    const body = (await response.json().catch(() => null)) as { error?: { code?: number; message?: string; temporary?: boolean } } | null;
    if (body?.error) {
      const error = `centrifugo error ${body.error.code ?? "?"}: ${body.error.message ?? ""}`;
      return { kind: body.error.temporary || body.error.code === 100 ? "unavailable" : "rejected", error };
    }
    return { kind: "accepted" };
  }
  return {
    publish: (event) => call("publish", { channel: event.channel, data: event.data, tags: { eventId: event.eventId }, idempotency_key: `outbox-${event.eventId}` }),
    disconnectUser: (userId, disconnect) => call("disconnect", { user: userId, disconnect }),
  };
}
