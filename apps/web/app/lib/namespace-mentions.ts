// Which translation namespaces a module's source uses, for the browser build's English catalogue
// split (englishCatalogueSplit in vite.config.ts): a module that uses a namespace gets its English
// catalogue in its own chunk. Only translation forms count, so a modal, an icon or a query key
// that happens to be called "wallet" does not pull the wallet catalogue into the site shell.
// namespace-mentions.test.ts checks that the app uses no form this cannot see.

const patterns = new Map<string, RegExp>();

function namespacePattern(namespace: string): RegExp {
  let pattern = patterns.get(namespace);
  if (!pattern) {
    const name = `["'\`]${namespace}["'\`]`;
    pattern = new RegExp(
      [
        // useTranslation("wallet"), useTranslation(["wallet", "common"])
        `useTranslation\\(\\s*\\[?[^)]*?${name}`,
        // t(key, { ns: "wallet" }), { ns: ["wallet", "common"] }
        `\\bns:\\s*(?:${name}|\\[[^\\]]*${name})`,
        // <Trans ns="wallet">
        `\\bns=\\{?\\s*${name}`,
        // i18n.getFixedT(language, "wallet")
        `getFixedT\\([^)]*${name}`,
        // "wallet:key", `validations:${name}`
        `["'\`]${namespace}:[\\w$.]`,
      ].join("|"),
    );
    patterns.set(namespace, pattern);
  }
  return pattern;
}

/** The namespaces of `namespaces` that `source` uses for translation. */
export function mentionedNamespaces(source: string, namespaces: readonly string[]): string[] {
  return namespaces.filter((namespace) => namespacePattern(namespace).test(source));
}

const groupPatterns = new Map<string, { prefixed: RegExp; key: RegExp; exact: RegExp }>();

/**
 * Which top-level groups of `namespace` ("games" of `pages`, "home" of `common`) `source` uses, for
 * the browser build's split of a catalogue into the parts each module needs. A group counts when
 * the source names it as a key in one of these forms:
 * - "pages:games.title" anywhere;
 * - "games.title" (or `games.${x}`) in a module that uses the namespace, or anywhere for the
 *   default namespace, which needs no mention;
 * - "games" as a whole literal (keyPrefix: "games") in a module that names the namespace;
 * - pageMeta(params, "games") for `pages`: routes/shared/page-meta.ts builds `${page}.meta.*`
 *   from its caller's page key.
 * A group named by a key built at run time from something else is not seen:
 * namespace-mentions.test.ts checks the app has none.
 */
export function mentionedGroups(source: string, namespace: string, groups: readonly string[], options: { defaultNamespace: boolean }): string[] {
  const named = mentionedNamespaces(source, [namespace]).length > 0;
  return groups.filter((group) => {
    const pattern = groupPattern(namespace, group);
    if (pattern.prefixed.test(source)) return true;
    if ((named || options.defaultNamespace) && pattern.key.test(source)) return true;
    return named && pattern.exact.test(source);
  });
}

function groupPattern(namespace: string, group: string) {
  const id = `${namespace}:${group}`;
  let pattern = groupPatterns.get(id);
  if (!pattern) {
    pattern = {
      prefixed: new RegExp(
        `["'\`]${namespace}:${group}[."'\`]${namespace === "pages" ? `|\\bpageMeta\\([^,()]*,\\s*["'\`]${group}["'\`]` : ""}`,
      ),
      key: new RegExp(`["'\`]${group}\\.[\\w$]`),
      exact: new RegExp(`["'\`]${group}["'\`]`),
    };
    groupPatterns.set(id, pattern);
  }
  return pattern;
}
