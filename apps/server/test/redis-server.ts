import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net, { type AddressInfo } from "node:net";

const REDIS_SERVER = "/usr/bin/redis-server";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A throwaway redis-server on loopback, no persistence, for tests of what several nodes share. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`This test needs ${REDIS_SERVER} (apt-get install redis-server); it is not skipped.`);
  const port = await freePort();
  const child: ChildProcess = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const started = Date.now();
  for (;;) {
    const listening = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, "127.0.0.1");
      probe.once("connect", () => (probe.end(), resolve(true)));
      probe.once("error", () => resolve(false));
    });
    if (listening) break;
    if (Date.now() - started > 5_000) throw new Error(`redis-server did not listen on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
