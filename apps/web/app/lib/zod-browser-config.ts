// Imported first by entry.client.tsx. zod compiles object parsers with `new Function` when it can,
// and finds out by trying; the page's Content-Security-Policy forbids string evaluation (no
// 'unsafe-eval'), so every first parse would report a violation before zod fell back. In the
// browser the interpreted parsers are plenty fast for form-sized objects; the server keeps the
// compiled ones.
//
// zod itself is not imported here: `z.config()` comes with its whole core (about 40 KB gzip), and
// only forms and panels loaded later use zod. zod keeps its configuration on
// globalThis.__zod_globalConfig and takes an object found there when it first loads, so setting it
// before any zod module runs is `z.config({ jitless: true })` without the weight
// (zod-browser-config.test.ts checks that zod still reads it).

type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };

const holder = globalThis as ZodGlobal;
// The same object zod uses (had it loaded already, it would keep the one it found).
(holder.__zod_globalConfig ??= {}).jitless = true;
// A module (not a script) so it is imported, and evaluated, once.
export {};
