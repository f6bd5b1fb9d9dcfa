import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LOCALES_DIRECTORY = join(import.meta.dirname, "..", "locales");

describe("language chunks", () => {
  it("every language but English has the index.ts the browser loads it by (lib/i18n.ts)", () => {
    const languages = readdirSync(LOCALES_DIRECTORY, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== "en");
    expect(languages.length).toBeGreaterThan(0);
    expect(languages.filter((entry) => !existsSync(join(LOCALES_DIRECTORY, entry.name, "index.ts"))).map((entry) => entry.name)).toEqual([]);
  });

  it("an index.ts holds all of its language's catalogue files", async () => {
    const { default: german } = (await import("#app/locales/de/index.ts")) as { default: Record<string, unknown> };
    const files = readdirSync(join(LOCALES_DIRECTORY, "de")).filter((file) => file.endsWith(".json"));
    expect(Object.keys(german).sort()).toEqual(files.map((file) => `./${file}`).sort());
  });
});
