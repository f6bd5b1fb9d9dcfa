// Import boundaries, checked by `npm run check:boundaries` (the "boundaries" suite of npm test).
//
// Code is grouped by domain, and the groups only lean one way:
//
//   apps/web/app:    routes -> features -> components, lib      (and layouts/root on top)
//                    components/ui (design-system primitives) and lib know nothing of features
//                    or routes; features may use each other, but never in a circle.
//   apps/server/src: modules/*, plugins, lib and db may use each other, but never in a circle.
//   packages/*:      shared by both apps, so they import neither; the apps share code only
//                    through packages/contracts.
//
// Every rule is an error and none has exceptions: a shared piece moves down to lib/ or
// components/ (or into a neutral module on the server) instead.

const WEB = "^apps/web/app/";
const SERVER = "^apps/server/";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-server-domain-cycle",
      comment:
        "Server domain folders (modules/*, plugins, lib, db) form no cycle: the folder a dependency points at must never lead back to the folder it comes from.",
      severity: "error",
      scope: "folder",
      from: { path: `${SERVER}src/(modules/[^/]+|plugins|lib|db)` },
      to: { path: `${SERVER}src/(modules/[^/]+|plugins|lib|db)`, pathNot: `${SERVER}src/$1(/|$)`, circular: true },
    },
    {
      name: "no-web-feature-cycle",
      comment: "Web feature folders may use each other, but never in a circle.",
      severity: "error",
      scope: "folder",
      from: { path: `${WEB}features/([^/]+)` },
      to: { path: `${WEB}features/[^/]+`, pathNot: `${WEB}features/$1(/|$)`, circular: true },
    },
    {
      name: "no-feature-to-route",
      comment: "Features are what routes are built from; a piece both need belongs in a feature, components/ or lib/.",
      severity: "error",
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}routes/` },
    },
    {
      name: "no-shared-to-feature-or-route",
      comment:
        "components/ (with the design-system primitives in components/ui) and lib/ sit below every feature and route; they import neither.",
      severity: "error",
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|routes)/` },
    },
    {
      name: "no-package-to-app",
      comment: "Packages are shared by the apps and import none of them.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "no-server-to-web",
      comment: "The server and the web app share code only through packages/contracts.",
      severity: "error",
      from: { path: SERVER },
      to: { path: "^apps/web/" },
    },
    {
      name: "no-web-to-server",
      comment: "The server and the web app share code only through packages/contracts.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: SERVER },
    },
    {
      name: "no-unresolvable",
      comment: "An import the checker cannot follow could hide any of the above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)node_modules/", "^apps/web/build/", "(^|/)\\.react-router/"] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
