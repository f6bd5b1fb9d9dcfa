// The odds fan-out benchmark's clients (`bench/sport-odds.ts` forks this file with `--worker`):
// raw `ws` guests subscribed to the events they watch, recording when each price change arrives.
// The change number rides in the away price, so a client can tell which change it got. The feed
// publishes an event's state once per transaction (ADR 036), so a change may reach a client only
// as a newer price: it is counted as seen when the first price at least as new arrives.
import { WebSocket } from "ws";
import { sportEventChannel } from "@playfair/contracts/sport/sportsbook-api";

const CONNECT_CONCURRENCY = 200;
/** Latency histogram: 1 ms buckets up to a minute. */
export const HISTOGRAM_BUCKETS = 60_000;
/** Change numbers of the hub-only phase start here (away price 1002.00 and up). */
export const HUB_CHANGE_BASE = 100_000;

export type WorkerCommand =
  | { type: "connect"; url: string; clients: number[][] }
  | { type: "report"; sentAt: Record<string, number>; committedAt: Record<string, number>; finalChanges: Record<number, number> };
export type WorkerEvent =
  | { type: "progress"; connected: number; failed: number }
  | {
      type: "report";
      /** feed: prices delivered; every: each change until a subscriber sees it or a newer price; commit: commit to delivery; hub: the hub-only phase. */
      histograms: { feed: number[]; every: number[]; commit: number[]; hub: number[] };
      /** Per event: the feed changes its subscribers here were sent (each is one publication). */
      published: Record<number, number>;
      /** Subscriptions here that received their event's final price. */
      servedFinal: number;
      received: number;
      unmatched: number;
      closed: number;
    };

/** Milliseconds on a clock shared by every process of this machine. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** The away price of change k: 2.00 + k/100. */
export const awayOdds = (change: number) => (2 + change / 100).toFixed(2);
const changeOf = (odds: string) => Math.round((Number(odds) - 2) * 100);

async function runWorker(): Promise<void> {
  const sockets: WebSocket[] = [];
  /** Per event: arrival times of its changes, as [change, at] pairs. */
  const arrivals = new Map<number, number[]>();
  let received = 0;
  let closed = 0;
  const send = (event: WorkerEvent) => process.send?.(event);

  function onFrame(socket: WebSocket, text: string): void {
    const at = wallClock();
    for (const line of text.split("\n")) {
      if (line === "{}") {
        socket.send("{}");
        continue;
      }
      const message = JSON.parse(line) as { push?: { pub?: { data?: { eventId?: number; markets?: { marketTypeId: number; outcomes: { id: string; odds: string }[] }[] } } } };
      const data = message.push?.pub?.data;
      const away = data?.markets?.find((market) => market.marketTypeId === 1)?.outcomes.find((outcome) => outcome.id === "2");
      if (data?.eventId === undefined || !away) continue;
      received += 1;
      let list = arrivals.get(data.eventId);
      if (!list) arrivals.set(data.eventId, (list = []));
      list.push(changeOf(away.odds), at);
    }
  }

  function open(url: string, eventIds: number[]): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      let replies = 0;
      let settled = false;
      const finish = (ok: boolean) => {
        if (settled) return;
        settled = true;
        resolve(ok);
      };
      socket.on("open", () => {
        const commands = [{ id: 1, connect: {} }, ...eventIds.map((eventId, index) => ({ id: index + 2, subscribe: { channel: sportEventChannel(eventId) } }))];
        socket.send(commands.map((command) => JSON.stringify(command)).join("\n"));
      });
      socket.on("message", (raw) => {
        const text = raw.toString();
        if (!settled) {
          for (const line of text.split("\n")) if (line.includes('"connect"') || line.includes('"subscribe"')) replies += 1;
          if (text.includes('"error"')) finish(false);
          else if (replies >= eventIds.length + 1) finish(true);
        }
        onFrame(socket, text);
      });
      socket.on("error", () => finish(false));
      socket.on("close", () => {
        closed += 1;
        finish(false);
      });
      sockets.push(socket);
    });
  }

  process.on("message", async (command: WorkerCommand) => {
    if (command.type === "connect") {
      let connected = 0;
      let failed = 0;
      let next = 0;
      const lanes = Array.from({ length: CONNECT_CONCURRENCY }, async () => {
        while (next < command.clients.length) {
          const eventIds = command.clients[next++]!;
          if (await open(command.url, eventIds)) connected += 1;
          else failed += 1;
          if ((connected + failed) % 500 === 0) send({ type: "progress", connected, failed });
        }
      });
      await Promise.all(lanes);
      send({ type: "progress", connected, failed });
    } else {
      const bucketsOf = () => new Array<number>(HISTOGRAM_BUCKETS).fill(0);
      const histograms = { feed: bucketsOf(), every: bucketsOf(), commit: bucketsOf(), hub: bucketsOf() };
      const record = (histogram: number[], ms: number) => (histogram[Math.min(HISTOGRAM_BUCKETS - 1, Math.max(0, Math.floor(ms)))]! += 1);
      let unmatched = 0;
      let servedFinal = 0;
      const published: Record<number, number> = {};
      for (const [eventId, list] of arrivals) {
        // The feed's publications of this event, in change order: each covers the changes since the one before.
        const feedChanges = [...new Set(list.filter((change, index) => index % 2 === 0 && change < HUB_CHANGE_BASE))].sort((left, right) => left - right);
        const previousOf = new Map(feedChanges.map((change, index) => [change, index === 0 ? 0 : feedChanges[index - 1]!]));
        published[eventId] = feedChanges.length;
        for (let index = 0; index < list.length; index += 2) {
          const change = list[index]!;
          const at = list[index + 1]!;
          const sentAt = command.sentAt[`${eventId}:${change}`];
          // The setup's prices and anything the driver did not time are not counted.
          if (sentAt === undefined) {
            unmatched += 1;
            continue;
          }
          if (change >= HUB_CHANGE_BASE) {
            record(histograms.hub, at - sentAt);
            continue;
          }
          record(histograms.feed, at - sentAt);
          if (change === command.finalChanges[eventId]) servedFinal += 1;
          for (let covered = previousOf.get(change)! + 1; covered <= change; covered++) {
            const coveredSentAt = command.sentAt[`${eventId}:${covered}`];
            if (coveredSentAt !== undefined) record(histograms.every, at - coveredSentAt);
          }
          const committedAt = command.committedAt[`${eventId}:${change}`];
          if (committedAt !== undefined) record(histograms.commit, at - committedAt);
        }
      }
      process.send?.({ type: "report", histograms, published, servedFinal, received, unmatched, closed } satisfies WorkerEvent, undefined, {}, () => {
        for (const socket of sockets) socket.terminate();
        process.exit(0);
      });
    }
  });
}

if (process.argv.includes("--worker")) void runWorker();
