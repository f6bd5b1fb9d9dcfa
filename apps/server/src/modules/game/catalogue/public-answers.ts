// Guests' catalogue answers, encoded once and served from memory for a few seconds: the lobby's
// lists are the same for every guest of a country and language, and they are the hottest reads of
// the casino. An operator's edit in this process drops them at once; another node's edit shows
// within PUBLIC_ANSWER_TTL_MS.

export const PUBLIC_ANSWER_TTL_MS = 10_000;
/** Distinct answers kept (query x country x language); past it the oldest are dropped. */
const MAX_ENTRIES = 5_000;

export type AnswerCache<Built, Kept> = {
  /** The answer under `key`, built (once, even for concurrent callers) when absent or stale. */
  get(key: string, build: () => Promise<Built>): Promise<Kept>;
  /** Drops every answer: the catalogue changed. */
  clear(): void;
};

/** Guests' answers, encoded. */
export type PublicAnswerCache = AnswerCache<unknown, Buffer>;

export function createPublicAnswerCache(now: () => number = Date.now): PublicAnswerCache {
  return createAnswerCache((value) => Buffer.from(JSON.stringify(value)), now);
}

/**
 * The cache itself, keeping what `keep` makes of a built answer: guests' encoded bytes, or the
 * part of players' answers every player of a country and language shares (catalogue.service.ts).
 */
export function createAnswerCache<Built, Kept>(keep: (value: Built) => Kept, now: () => number = Date.now): AnswerCache<Built, Kept> {
  let generation = 0;
  const entries = new Map<string, { expiresAt: number; answer: Promise<Kept> }>();
  return {
    get(key, build) {
      const current = now();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > current) return entry.answer;
      const startedIn = generation;
      const answer = build().then(keep);
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) {
        // Maps iterate in insertion order: the first keys are the oldest.
        for (const oldest of [...entries.keys()].slice(0, MAX_ENTRIES / 10)) entries.delete(oldest);
      }
      entries.set(key, { expiresAt: current + PUBLIC_ANSWER_TTL_MS, answer });
      // A failed build is not kept; nor is one that started before a change it may not have seen.
      const forget = () => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      };
      answer.then(() => {
        if (generation !== startedIn) forget();
      }, forget);
      return answer;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
