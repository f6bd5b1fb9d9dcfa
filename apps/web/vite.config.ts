import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The libraries every page runs (React, React DOM, React Router, i18next) go into one long-lived
 * "framework" chunk instead of the half-dozen shared chunks the bundler would cut between routes:
 * one request instead of six, about 4 KB less gzip (one compression window over all of it), and
 * an app-only change keeps the visitor's cached copy valid. Libraries only some pages need (TanStack
 * Query, zod, dayjs) are left out on purpose: a group takes its modules onto every page that loads
 * it, so they follow whoever imports them.
 */
const FRAMEWORK_MODULES = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@react-router[\\/]node|i18next|react-i18next|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * The site shell every page shows (root, layouts, header, drawer, modal and alert hosts, site
 * services, design-system primitives, shared lib) goes into one "shell" chunk instead of a score
 * of tiny ones: fewer requests on the first load and one compression window (measured: 26 -> 9
 * files and 4.6 KB less gzip on the home page). Only modules some entry imports statically
 * ($initial) are taken, so lazily loaded parts (modal contents, third-party loader, pixel) stay
 * lazy; page-specific features live in their own folders and stay with their routes.
 */
const SHELL_MODULES = /[\\/]apps[\\/]web[\\/]app[\\/](?:root\.tsx|entry\.client\.tsx|layouts[\\/]|lib[\\/]|components[\\/]|features[\\/](?:navigation|modals|alerts|routing|site-services)[\\/])|[\\/]packages[\\/]contracts[\\/]src[\\/]constants\.ts/;

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, compression headers cost about as much as they save. */
const MIN_COMPRESS_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.gz` (level 9) and `<file>.br` (quality 11) next to every compressible client
 * file, so the server can send them as they are (@fastify/static `preCompressed: true`) instead of
 * compressing on every request or not at all.
 */
function precompressClientFiles(): Plugin {
  return {
    name: "playfair:precompress-client",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      const work: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_COMPRESS_BYTES) continue;
        work.push(
          (async () => {
            const content = await readFile(file);
            const [gzipped, brotli] = await Promise.all([
              gzipAsync(content, { level: 9 }),
              brotliAsync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            ]);
            if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
            if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
          })(),
        );
      }
      await Promise.all(work);
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressClientFiles()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK_MODULES, priority: 2 },
                { name: "shell", test: SHELL_MODULES, tags: ["$initial"], priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
