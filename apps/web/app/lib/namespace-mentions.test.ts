import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./i18n.ts";
import { mentionedGroups, mentionedNamespaces } from "./namespace-mentions.ts";

const APP_DIRECTORY = join(import.meta.dirname, "..");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("mentionedNamespaces", () => {
  it("sees the translation forms the app uses", () => {
    const cases: [string, string[]][] = [
      ['const { t } = useTranslation("wallet");', ["wallet"]],
      ['useTranslation(["profile", "common"], { keyPrefix: "x" })', ["profile", "common"]],
      ['t("fields.email", { ns: "accounts" })', ["accounts"]],
      ['i18n.t(key, { ns: ["limits", "common"] })', ["limits", "common"]],
      ['<Trans i18nKey="a" ns="pages" />', ["pages"]],
      ["t(`validations:${name}`, values)", ["validations"]],
      ['title: t("notifications:title")', ["notifications"]],
      ['i18n.getFixedT(language, "modals")', ["modals"]],
    ];
    for (const [source, expected] of cases) expect(mentionedNamespaces(source, NAMESPACES).sort(), source).toEqual([...expected].sort());
  });

  it("ignores names that are not translation namespaces", () => {
    const source = 'const MODALS = ["wallet", "profile"]; <Icon name="wallet" />; type Overlay = "modals"; // the `profile` field';
    expect(mentionedNamespaces(source, NAMESPACES)).toEqual([]);
  });
});

describe("mentionedGroups", () => {
  const PAGES = ["meta", "guest", "games", "gamesProviders", "wallet"];

  it("sees a page's group wherever the module names it as a key of the namespace", () => {
    const cases: [string, string[]][] = [
      ['const { t } = useTranslation("pages"); t("games.title"); t("guest.signIn");', ["games", "guest"]],
      ['t("pages:gamesProviders.title")', ["gamesProviders"]],
      ['useTranslation("pages", { keyPrefix: "games" })', ["games"]],
      ['t(`meta.titleTemplate`, { ns: "pages", title })', ["meta"]],
      ['export const meta = ({ params }) => pageMeta(params, "wallet");', ["wallet"]],
    ];
    for (const [source, expected] of cases) expect(mentionedGroups(source, "pages", PAGES, { defaultNamespace: false }).sort(), source).toEqual([...expected].sort());
  });

  it("does not take a word for a group outside the namespace's modules", () => {
    const source = 'const { t } = useTranslation("layout"); t("nav.games"); openModal("wallet"); const id = "games.list";';
    expect(mentionedGroups(source, "pages", PAGES, { defaultNamespace: false })).toEqual([]);
  });

  it("counts keys of the default namespace without a mention, but no bare word", () => {
    expect(mentionedGroups('const { t } = useTranslation(); t("home.hero.title")', "common", ["home"], { defaultNamespace: true })).toEqual(["home"]);
    expect(mentionedGroups('const NAV = [{ id: "home", to: "/" }]', "common", ["home"], { defaultNamespace: true })).toEqual([]);
  });
});

describe("the app's use of namespaces", () => {
  it("names every namespace literally, so the browser build can give each module its catalogues", () => {
    const problems: string[] = [];
    for (const file of sourceFiles(APP_DIRECTORY)) {
      const name = relative(APP_DIRECTORY, file);
      const source = readFileSync(file, "utf8");
      const check = (pattern: RegExp, what: string) => {
        for (const match of source.matchAll(pattern)) problems.push(`${name}: ${what}: ${match[0]}`);
      };
      // Where namespaces are handled generically, or named in examples.
      if (name === join("lib", "i18n.ts") || name === join("lib", "namespace-mentions.ts")) continue;
      check(/useTranslation\((?!\s*[)"'`]|\s*\[\s*["'`])[^)]*\)/g, "useTranslation() with a namespace that is not a literal");
      check(/\bns=(?!["'`]|\{\s*["'`])[^\s>]*/g, "ns= that is not a literal");
      check(/\bns:\s+(?!["'`]|\[\s*["'`])[^,}\n]*/g, "ns: that is not a literal");
      check(/[{,]\s*ns\s*[,}]/g, "{ ns } shorthand");
      check(/getFixedT\([^,)]*,(?!\s*["'`])[^)]*\)/g, "getFixedT() with a namespace that is not a literal");
    }
    expect(problems).toEqual([]);
  });
});

describe("the app's keys of split namespaces (SPLIT_GROUPS in vite.config.ts)", () => {
  it("builds a key's group at run time only where the group is profile's or given by pageMeta's callers", () => {
    const computed = sourceFiles(APP_DIRECTORY)
      .filter((file) => /\bt\(\s*`\$\{/.test(readFileSync(file, "utf8")))
      .map((file) => relative(APP_DIRECTORY, file));
    // contact-code-flow.tsx: `profile` is not split. page-meta.ts: pageMeta(params, "<page>") names the group.
    expect(computed.sort()).toEqual([join("features", "profile", "contact-code-flow.tsx"), join("routes", "shared", "page-meta.ts")].sort());
  });

  it("names the page of every pageMeta() call literally", () => {
    const problems = sourceFiles(APP_DIRECTORY).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bpageMeta\((?![^,()]*,\s*["'`]\w+["'`]\s*\))[^)]*\)/g)].map((match) => `${relative(APP_DIRECTORY, file)}: ${match[0]}`),
    );
    expect(problems.filter((problem) => !problem.includes("page: PageKey"))).toEqual([]);
  });
});
