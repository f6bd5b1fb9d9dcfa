import { existsSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { SiteSettings, WebServices } from "@playfair/contracts/web-services";
import type { FastifyInstance } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { AppConfig } from "../config.ts";
import { acceptsGzip, answerFrom, createGuestPageCache } from "./guest-page-cache.ts";
import { headerListOf, pageUrl, renderWhole, servePage, type ServeOptions } from "./page-rendering/node-http.ts";
import { createPageRenderPool } from "./page-rendering/pool.ts";
import type { PageRenderer } from "./page-rendering/protocol.ts";
import type { ReactRouterHandlerData } from "./page-rendering/react-router-handler.ts";
import { inProcessRenderer } from "./page-rendering/render.ts";
import { localDomainServices, localWebServices, routerContextWith } from "./page-rendering/web-services.ts";

const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const SHORT_CACHE = "public, max-age=3600";
/** The widget's manifest names its current files: asked again on every load, answered 304 while unchanged. */
const REVALIDATE = "no-cache";
const SPORTSBOOK_PREFIX = "/sportsbook/";

/**
 * Serves the server-rendered React site for every path outside /api. It is deliberately not
 * wrapped in fastify-plugin: the encapsulated scope drops Fastify's body parsers so the raw
 * request stream reaches React Router's actions untouched.
 */
export async function webPlugin(app: FastifyInstance, options: { config: AppConfig; isDevelopment: boolean }) {
  const { config } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  const site: Omit<SiteSettings, "buildId"> = {
    publicOrigin: config.publicOrigin,
    affiliateTagDays: config.affiliateTagDays,
    countryHeader: config.countryHeader,
    integrations: config.integrations,
  };
  let viteServer: ViteDevServer | undefined;
  let renderPage: PageRenderer;

  // The sportsbook widget (apps/sportsbook, ADR 035), loaded by the sport pages like a
  // third-party script: content-hashed files cached for good, the manifest revalidated.
  if (existsSync(path.join(config.sportsbookBuildDir, "manifest.json"))) {
    await app.register(fastifyStatic, {
      root: config.sportsbookBuildDir,
      prefix: SPORTSBOOK_PREFIX,
      decorateReply: false,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header("cache-control", path.basename(filePath) === "manifest.json" ? REVALIDATE : IMMUTABLE_CACHE);
      },
    });
  } else if (!options.isDevelopment) {
    app.log.warn(`The sportsbook widget's build is missing (${config.sportsbookBuildDir}); the sport pages will show it unavailable. Run \`npm run build\`.`);
  }

  if (options.isDevelopment) {
    // Vite runs inside our process in middleware mode: one port, hot reload for the web side.
    // Pages render in this thread, where Vite's module graph lives, and React Router gets the
    // build as a function so edits are picked up.
    const vite = await import("vite");
    viteServer = await vite.createServer({
      root: config.webSourceDir,
      configFile: path.join(config.webSourceDir, "vite.config.ts"),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    const devServer = viteServer;
    const runner = (devServer.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } }).runner;
    const loadBuild = async () => (await runner.import("virtual:react-router/server-build")) as ServerBuild;
    app.addHook("onClose", async () => devServer.close());
    renderPage = inThisThread(loadBuild, "development");
  } else {
    const serverEntry = path.join(config.webBuildDir, "server", "index.js");
    if (!existsSync(serverEntry)) {
      throw new Error(`The web build is missing (${serverEntry}). Run \`npm run build\` first.`);
    }
    await app.register(fastifyStatic, {
      root: path.join(config.webBuildDir, "client"),
      prefix: "/",
      // Known files get their own routes at start-up, so unknown paths fall through to React Router.
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of every client file; send them when accepted.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", isHashedAsset ? IMMUTABLE_CACHE : SHORT_CACHE);
      },
    });
    if (config.renderWorkers > 0) {
      // Pages render on worker threads (page-rendering/pool.ts); each worker loads the build
      // itself, so this thread only answers their service calls.
      const handlerData: ReactRouterHandlerData = {
        serverEntry: pathToFileURL(serverEntry).href,
        site,
        constants: app.services.settings.getConstants(),
      };
      const pool = await createPageRenderPool({
        size: config.renderWorkers,
        handlerModule: new URL("./page-rendering/react-router-handler.ts", import.meta.url).href,
        handlerData,
        services: localDomainServices(app.services),
        logger: app.log,
      });
      app.addHook("onClose", async () => pool.close());
      renderPage = pool.render;
    } else {
      // Given the build OBJECT, React Router derives its route table once, not on every request.
      const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
      renderPage = inThisThread(async () => build, "production");
    }
  }

  /** React Router's own request handler in this thread, with the services in-process. */
  function inThisThread(loadBuild: () => Promise<ServerBuild>, mode: "development" | "production"): PageRenderer {
    const servicesByBuild = new WeakMap<ServerBuild, WebServices>();
    let handle: ReturnType<typeof createRequestHandler> | undefined;
    return inProcessRenderer(async (request) => {
      const build = await loadBuild();
      let services = servicesByBuild.get(build);
      if (!services) servicesByBuild.set(build, (services = localWebServices(app.services, { ...site, buildId: build.assets.version })));
      handle ??= createRequestHandler(mode === "development" ? loadBuild : build, mode);
      return handle(request, routerContextWith(build, services));
    });
  }

  const serveOptions: ServeOptions = {
    // Pages are addressed on the configured origin, never on the request's Host header: a page
    // (and above all a cached one) must not name a host a visitor made up.
    origin: config.publicOrigin,
    maxBodyBytes: config.bodyLimitBytes,
    logger: app.log,
  };

  // Guests' pages (production only): rendered whole, then kept for a moment
  // (guest-page-cache.ts). Everything else streams straight to the socket.
  const guestPages = createGuestPageCache({ ttlMs: options.isDevelopment ? 0 : config.guestPageCacheMs, countryHeader: config.countryHeader });
  function renderGuestPage(raw: IncomingMessage) {
    // A cached render is shared by every guest waiting for it, so it must not be aborted when the
    // first one's connection closes, and it sees only what its cache key holds: no cookie but the
    // theme (the key's), and no Accept-Encoding (each answer is encoded from the plain page).
    const headers = headerListOf(raw).filter(([name]) => name !== "cookie" && name !== "accept-encoding");
    const theme = guestPages.themeCookieOf(raw.headers);
    if (theme) headers.push(["cookie", theme]);
    return renderWhole(renderPage, { url: pageUrl(serveOptions.origin, raw.url), method: "GET", headers, body: null });
  }

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: "/*",
    schema: { hide: true },
    handler(request, reply) {
      reply.hijack();
      // Our onRequest hooks set headers on the reply; hijacking skips Fastify's send, so copy them.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      if (viteServer) {
        viteServer.middlewares(request.raw, reply.raw, () => servePage(renderPage, request.raw, reply.raw, serveOptions));
        return;
      }
      const cacheKey = guestPages.keyFor(request.raw);
      if (cacheKey === null) {
        servePage(renderPage, request.raw, reply.raw, serveOptions);
        return;
      }
      guestPages.get(cacheKey, () => renderGuestPage(request.raw)).then(
        ({ page, hit }) => {
          const response = reply.raw;
          const answer = answerFrom(page, { gzip: acceptsGzip(request.headers["accept-encoding"]) });
          for (const [name, value] of answer.headers) response.appendHeader(name, value);
          response.setHeader("content-length", answer.body.length);
          response.setHeader("x-page-cache", hit ? "hit" : "miss");
          response.writeHead(answer.status);
          response.end(answer.body);
        },
        (error: unknown) => {
          request.log.error({ err: error }, "guest page render failed");
          if (!reply.raw.headersSent) reply.raw.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
          reply.raw.end("Internal Server Error");
        },
      );
    },
  });
}
