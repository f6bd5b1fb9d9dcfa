import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { mentionedGroups, mentionedNamespaces } from "./app/lib/namespace-mentions.ts";

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
 * react-i18next's <Trans> (with its HTML parser, about 8 KB gzip) is used only by forms and modals
 * that load later: it follows them instead of riding in the framework chunk.
 */
const LATER_FRAMEWORK_MODULES = /[\\/]node_modules[\\/](?:react-i18next[\\/]dist[\\/]es[\\/](?:Trans|TransWithoutContext|unescape)\.js|html-parse-stringify|void-elements)[\\/]?/;

/** The modules every page runs first: the browser entry, the root route and the default layout. */
const SHELL_ENTRIES = /[\\/]apps[\\/]web[\\/]app[\\/](?:entry\.client\.tsx|root\.tsx|layouts[\\/]default\.tsx)(?:\?.*)?$/;

/**
 * The site shell every page runs (root, default layout, header, drawer, footer, hosts, and what
 * they import statically) goes into one "shell" chunk instead of a score of tiny ones: fewer
 * requests on the first load and one compression window. Membership is computed from the module
 * graph, not from folders: a folder rule would also take in every helper some route imports
 * statically (tabs, forms...) and make every visitor download it. Whatever the shell imports
 * lazily (modal contents, panels for players, the third-party loader) stays lazy.
 */
function shellModules(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: "playfair:shell-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      members.clear();
      const pending = [...this.getModuleIds()].filter((id) => SHELL_ENTRIES.test(id));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (members.has(id)) continue;
        members.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) if (!members.has(imported)) pending.push(imported);
      }
    },
  };
  // Libraries stay out: a library's index re-exports all of it, so the graph would take in every
  // file of every library the shell touches (all of TanStack Query for one provider). Left to the
  // bundler, a library's files go where they are used, the shell's share loaded with the shell.
  return { plugin, test: (id) => members.has(id) && !NODE_MODULES.test(id) };
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const shell = shellModules();

/**
 * Small modules nearly every page imports (the page frame, its language, its title and
 * description, line icons, the loaders' services): they ride in the shell chunk. On their own each
 * was a request of a few hundred bytes, most of them import statements and gzip's overhead.
 */
const EVERY_PAGE_MODULES =
  /[\\/]apps[\\/]web[\\/]app[\\/](?:components[\\/](?:ui[\\/](?:container|surface)\.tsx|line-icon\.tsx)|routes[\\/]shared[\\/]page-(?:language|meta)\.ts|lib[\\/]web-services\.ts)$|^\0playfair-en-catalogue:pages\/meta$/;
/**
 * The building blocks of the section pages (lobby, sport, bonuses, profile, support...): intro and
 * empty panel, empty state, tabs, page artwork. Most section pages use all of them, so they are one
 * chunk instead of five; the home page uses none of them.
 */
const PAGE_KIT_MODULES =
  /[\\/]apps[\\/]web[\\/]app[\\/](?:routes[\\/]shared[\\/]page-layout\.tsx|components[\\/](?:ui[\\/](?:empty-state|tabs)\.tsx|page-icons\.tsx))$|^\0playfair-en-catalogue:pages\/guest$/;

/** The chunks every page's HTML loads first: the framework, the shell, Rolldown's runtime. */
const ALWAYS_LOADED = /(?:^|\/)(?:framework|shell|rolldown-runtime)-[\w-]+\.js$/;

/**
 * The section pages' frame and intro (`page-frame.tsx`): apart from the rest of `page-kit`, which
 * the lobby does not use, so the lobby's first load leaves the tabs, the guest prompt and the page
 * artwork out (ADR 023).
 */
const PAGE_FRAME_MODULES = /[\\/]apps[\\/]web[\\/]app[\\/]routes[\\/]shared[\\/]page-frame\.tsx$/;

/**
 * The casino lobby's first screen (tiles, rails, their lazy loading, the toolbar, the catalogue's
 * browser constants): one `lobby-kit` chunk shared by the lobby, its filter pages and the player
 * lists, instead of several small ones on the lobby's first load (ADR 023).
 */
const LOBBY_KIT_MODULES =
  /[\\/]apps[\\/]web[\\/]app[\\/]features[\\/]games[\\/](?:game-tile|game-rail|lazy-image|games-links|lobby-toolbar)\.tsx?$|[\\/]packages[\\/]contracts[\\/]src[\\/]game[\\/]catalogue-constants\.ts$/;

/** The English namespaces the site shell itself uses: they load with it (less their SPLIT_GROUPS). */
const SHELL_NAMESPACES = ["common", "layout", "alerts", "errors"];
/**
 * Namespaces whose top-level groups travel apart, each with the modules that use it: every page's
 * own text in `pages` (the lobby needs "games", not the other pages' two dozen groups), the
 * home page's text in `common`, which no other page shows, the header panels' text in `layout`,
 * which loads with their contents on the first opening (the buttons' own labels are in `header`),
 * the alert cards' and the session alerts' text in `alerts`, which loads with the cards and the
 * session store (the live region's own label, `region`, is on every page), and the not-found
 * messages in `errors`, which load with the error page (the root's error title needs `page`).
 */
const SPLIT_GROUPS: Record<string, "all" | readonly string[]> = {
  pages: "all",
  common: ["home"],
  layout: ["userPanel", "currencyPanel"],
  alerts: ["dismiss", "kinds", "session"],
  errors: ["notFound"],
};
/** The namespace `t` uses when a module names none. */
const DEFAULT_NAMESPACE = "common";
const APP_DIRECTORY = join(import.meta.dirname, "app");
const ENGLISH_DIRECTORY = join(APP_DIRECTORY, "locales", "en");
const CATALOGUE_MODULE_PREFIX = "\0playfair-en-catalogue:";

type CatalogueFile = Record<string, unknown>;

function readEnglishCatalogue(namespace: string): CatalogueFile {
  return JSON.parse(readFileSync(join(ENGLISH_DIRECTORY, `${namespace}.json`), "utf8")) as CatalogueFile;
}

/** The groups of a namespace that travel apart (SPLIT_GROUPS), as found in its English file. */
function splitGroups(namespace: string): string[] {
  const split = SPLIT_GROUPS[namespace];
  if (split === undefined) return [];
  const groups = Object.keys(readEnglishCatalogue(namespace));
  return split === "all" ? groups : groups.filter((group) => split.includes(group));
}

/** The catalogue without the groups that travel apart. */
function catalogueBase(namespace: string): CatalogueFile {
  const split = new Set(splitGroups(namespace));
  return Object.fromEntries(Object.entries(readEnglishCatalogue(namespace)).filter(([group]) => !split.has(group)));
}

/**
 * English catalogues are the largest part of the shell chunk, yet most namespaces are used only by
 * pages and panels some visitors never open. In the browser build, `locales/en/index.ts` exports
 * only SHELL_NAMESPACES, and every module that uses another namespace (useTranslation("wallet"),
 * `ns: "wallet"`, "wallet:key"...; app/lib/namespace-mentions.ts) imports a small module that
 * registers that catalogue first: it is in that module's chunk, so it is always there before the
 * module renders, whether on hydration, on navigation or in a lazy modal. A namespace in
 * SPLIT_GROUPS goes further: each of its split groups is registered by the modules that name it
 * (mentionedGroups), the rest (if any) as above. The server and the tests keep every catalogue
 * (the real index.ts).
 */
export function englishCatalogueSplit(): Plugin {
  const namespaces = readdirSync(ENGLISH_DIRECTORY)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length));
  // Namespaces whose remainder (after the split groups) is not in the shell: whole, or nothing left.
  const lazyNamespaces = namespaces.filter((namespace) => !SHELL_NAMESPACES.includes(namespace) && SPLIT_GROUPS[namespace] !== "all");
  const groupsByNamespace = new Map(namespaces.map((namespace) => [namespace, splitGroups(namespace)] as const).filter(([, groups]) => groups.length > 0));
  const index = join(ENGLISH_DIRECTORY, "index.ts");
  const i18nModule = join(APP_DIRECTORY, "lib", "i18n.ts");
  return {
    name: "playfair:english-catalogue-split",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      return source.startsWith(CATALOGUE_MODULE_PREFIX) ? source : null;
    },
    load(id) {
      if (id === index) {
        const entries = SHELL_NAMESPACES.map((namespace) => `${namespace}: ${JSON.stringify(catalogueBase(namespace))}`);
        return `export const englishCatalogues = { ${entries.join(", ")} };\n`;
      }
      if (!id.startsWith(CATALOGUE_MODULE_PREFIX)) return null;
      // "<namespace>" registers the whole catalogue; "<namespace>/<group>" one group of it.
      const [namespace = "", group] = id.slice(CATALOGUE_MODULE_PREFIX.length).split("/");
      const catalogue = group === undefined ? catalogueBase(namespace) : { [group]: readEnglishCatalogue(namespace)[group] };
      return [
        `import { registerEnglishCatalogue } from ${JSON.stringify(i18nModule)};`,
        `registerEnglishCatalogue(${JSON.stringify(namespace)}, ${JSON.stringify(catalogue)});`,
      ].join("\n");
    },
    transform(code, id) {
      const path = id.split("?")[0]!;
      if (!path.startsWith(APP_DIRECTORY) || !/\.tsx?$/.test(path) || path.startsWith(ENGLISH_DIRECTORY) || path === i18nModule) return null;
      const parts = mentionedNamespaces(code, lazyNamespaces);
      for (const [namespace, groups] of groupsByNamespace) {
        const defaultNamespace = namespace === DEFAULT_NAMESPACE;
        for (const group of mentionedGroups(code, namespace, groups, { defaultNamespace })) parts.push(`${namespace}/${group}`);
      }
      if (parts.length === 0) return null;
      return { code: `${parts.map((part) => `import ${JSON.stringify(CATALOGUE_MODULE_PREFIX + part)};`).join("")}${code}`, map: null };
    },
  };
}

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
  plugins: [englishCatalogueSplit(), tailwindcss(), reactRouter(), shell.plugin, precompressClientFiles()],
  build: {
    assetsInlineLimit: 0,
    modulePreload: {
      // Every page has loaded these before any of its code runs, so naming them again in each
      // lazy import's preload list only adds bytes to the chunks every first visit downloads.
      resolveDependencies: (_filename, dependencies) => dependencies.filter((dependency) => !ALWAYS_LOADED.test(dependency)),
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: (id: string) => FRAMEWORK_MODULES.test(id) && !LATER_FRAMEWORK_MODULES.test(id), priority: 2 },
                { name: "shell", test: (id: string) => shell.test(id) || EVERY_PAGE_MODULES.test(id), priority: 1 },
                { name: "page-frame", test: (id: string) => PAGE_FRAME_MODULES.test(id), priority: 1 },
                { name: "page-kit", test: (id: string) => PAGE_KIT_MODULES.test(id), priority: 1 },
                { name: "lobby-kit", test: (id: string) => LOBBY_KIT_MODULES.test(id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
