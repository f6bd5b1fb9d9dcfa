// The handler module of production render workers (pool.ts loads it in each worker thread): the
// web app's server build behind React Router's request handler, with the domain services reached
// through the main thread.
import type { GlobalConstants } from "@playfair/contracts/settings";
import type { SiteSettings } from "@playfair/contracts/web-services";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandlerFactory } from "./protocol.ts";
import { remoteWebServices, routerContextWith } from "./web-services.ts";

export type ReactRouterHandlerData = {
  /** File URL of the web app's server build (build/server/index.js). */
  serverEntry: string;
  /** The site settings; `buildId` is the build's own version. */
  site: Omit<SiteSettings, "buildId">;
  constants: GlobalConstants;
};

export const createPageHandler: PageHandlerFactory = async ({ callService, data }) => {
  const { serverEntry, site, constants } = data as ReactRouterHandlerData;
  const build = (await import(serverEntry)) as ServerBuild;
  const services = remoteWebServices(callService, { ...site, buildId: build.assets.version }, constants);
  const handle = createRequestHandler(build, "production");
  return (request) => handle(request, routerContextWith(build, services));
};
