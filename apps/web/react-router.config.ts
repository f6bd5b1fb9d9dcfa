import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";

/**
 * The running build's id is React Router's manifest version (the server hands it to the pages as
 * `buildAssets.version`); the client build names its manifest file after it: assets/manifest-<id>.js.
 */
async function manifestVersion(clientDirectory: string): Promise<string> {
  const assets = join(clientDirectory, "assets");
  const manifests = (await readdir(assets)).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (manifests.length === 0) throw new Error(`No React Router manifest in ${assets}`);
  // Normally exactly one; should an old one survive, the newest is this build's.
  const dated = await Promise.all(manifests.map(async (name) => ({ name, modified: (await stat(join(assets, name))).mtimeMs })));
  dated.sort((a, b) => b.modified - a.modified);
  return dated[0]!.name.replace(/^manifest-/, "").replace(/\.js$/, "");
}

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  /**
   * Version check (spec 4): build/client/builds/latest.json says which build is deployed. Open
   * pages poll it (features/site-services/version-check.ts) and compare it with their own id.
   */
  async buildEnd({ reactRouterConfig }) {
    const clientDirectory = join(reactRouterConfig.buildDirectory, "client");
    const latest = { buildId: await manifestVersion(clientDirectory), builtAt: new Date().toISOString() };
    await mkdir(join(clientDirectory, "builds"), { recursive: true });
    await writeFile(join(clientDirectory, "builds", "latest.json"), `${JSON.stringify(latest)}\n`);
  },
} satisfies Config;
