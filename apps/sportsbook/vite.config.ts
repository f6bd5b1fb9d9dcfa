import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The widget builds like a third-party script: one ES module and one stylesheet, content-hashed,
 * plus `manifest.json`, the one file the site reads (uncached) to learn their current names.
 * Everything is in the one script (no lazy chunks): the site loads it only on the sport pages.
 */
function sportsbookManifest(): Plugin {
  return {
    name: "playfair:sportsbook-manifest",
    apply: "build",
    // After Vite's own CSS plugin has put the stylesheet into the bundle.
    enforce: "post",
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const script = files.find((file) => file.type === "chunk" && file.isEntry);
      const stylesheet = files.find((file) => file.type === "asset" && file.fileName.endsWith(".css"));
      if (!script || !stylesheet) throw new Error("The sportsbook build needs its script and its stylesheet");
      this.emitFile({ type: "asset", fileName: "manifest.json", source: JSON.stringify({ script: script.fileName, stylesheet: stylesheet.fileName }) });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: "/sportsbook/",
  plugins: [tailwindcss(), sportsbookManifest()],
  oxc: { jsx: { runtime: "automatic" } },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    cssCodeSplit: false,
    modulePreload: false,
    rolldownOptions: {
      input: "src/main.tsx",
      preserveEntrySignatures: "strict",
      output: {
        format: "es",
        entryFileNames: "sportsbook-[hash].js",
        assetFileNames: "sportsbook-[hash][extname]",
        codeSplitting: false,
      },
    },
  },
});
