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
