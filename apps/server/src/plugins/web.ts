import { existsSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@react-router/node";
import type { WebServices } from "@playfair/contracts/web-services";
import type { FastifyInstance } from "fastify";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { AppConfig } from "../config.ts";
import { createGuestPageCache, type CachedPage } from "./guest-page-cache.ts";

const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const SHORT_CACHE = "public, max-age=3600";

/**
 * Serves the server-rendered React site for every path outside /api. It is deliberately not
 * wrapped in fastify-plugin: the encapsulated scope drops Fastify's body parsers so the raw
 * request stream reaches React Router's actions untouched.
 */
export async function webPlugin(app: FastifyInstance, options: { config: AppConfig; isDevelopment: boolean }) {
  const { config } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  // Production hands React Router the build OBJECT: given a function it would re-derive its route
  // table on every request. Development hands it a function so edits are picked up.
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let viteServer: ViteDevServer | undefined;

  if (options.isDevelopment) {
    // Vite runs inside our process in middleware mode: one port, hot reload for the web side.
    const vite = await import("vite");
    viteServer = await vite.createServer({
      root: config.webSourceDir,
      configFile: path.join(config.webSourceDir, "vite.config.ts"),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    const devServer = viteServer;
    const runner = (devServer.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } }).runner;
    build = async () => (await runner.import("virtual:react-router/server-build")) as ServerBuild;
    app.addHook("onClose", async () => devServer.close());
  } else {
    const serverEntry = path.join(config.webBuildDir, "server", "index.js");
    if (!existsSync(serverEntry)) {
      throw new Error(`The web build is missing (${serverEntry}). Run \`npm run build\` first.`);
    }
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
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
  }

  const { settings, content, accounts } = app.services;
  const servicesByBuild = new WeakMap<ServerBuild, WebServices>();
  function webServicesFor(build: ServerBuild): WebServices {
    let services = servicesByBuild.get(build);
    if (services) return services;
    services = {
      settings: {
        listCurrencies: (filter) => settings.listCurrencies(filter),
        listLocales: () => settings.listLocales(),
        listCountries: () => settings.listCountries(),
        getConstants: () => settings.getConstants(),
      },
      content: {
        getPage: (kind, identity, language) => content.getPage(kind, identity, language),
        listQuestions: (language, page, perPage) => content.listQuestions(language, page, perPage),
      },
      accounts: {
        async sessionFromAccessToken(token) {
          const principal = await accounts.sessions.verifyAccessToken(token);
          if (!principal) return null;
          const profile = await accounts.players.getProfile(principal.playerId);
          return profile ? { ...principal, profile } : null;
        },
      },
      site: {
        publicOrigin: config.publicOrigin ?? null,
        buildId: build.assets.version,
        affiliateTagDays: config.affiliateTagDays,
        integrations: config.integrations,
      },
    };
    servicesByBuild.set(build, services);
    return services;
  }

  // Loaders call domain services in-process through the router context; the context key is
  // exported by the web app's server entry so both sides hold the very same key object.
  async function loadContext(): Promise<RouterContextProvider> {
    const currentBuild = typeof build === "function" ? await build() : build;
    const context = new RouterContextProvider();
    const key = (currentBuild.entry.module as { webServicesContext?: RouterContext<WebServices> }).webServicesContext;
    if (key) context.set(key, webServicesFor(currentBuild));
    return context;
  }
  const mode = options.isDevelopment ? "development" : "production";
  const handleWithReactRouter = createRequestListener({ build, mode, getLoadContext: loadContext });

  // Guests' pages (production only): rendered whole through the fetch-style handler, then kept
  // for a moment (guest-page-cache.ts). Everything else streams straight to the socket.
  const guestPages = createGuestPageCache({ ttlMs: options.isDevelopment ? 0 : config.guestPageCacheMs, countryHeader: config.countryHeader });
  const renderToBytes = createRequestHandler(build, mode);
  async function renderGuestPage(raw: IncomingMessage): Promise<CachedPage> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const request = new Request(new URL(raw.url ?? "/", `http://${raw.headers.host ?? "localhost"}`), { method: "GET", headers });
    const response = await renderToBytes(request, await loadContext());
    return { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()) };
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
        viteServer.middlewares(request.raw, reply.raw, () => handleWithReactRouter(request.raw, reply.raw));
        return;
      }
      const cacheKey = guestPages.keyFor(request.raw);
      if (cacheKey === null) {
        handleWithReactRouter(request.raw, reply.raw);
        return;
      }
      guestPages.get(cacheKey, () => renderGuestPage(request.raw)).then(
        ({ page, hit }) => {
          const response = reply.raw;
          for (const [name, value] of page.headers) {
            if (name !== "content-length" && name !== "transfer-encoding") response.appendHeader(name, value);
          }
          response.setHeader("content-length", page.body.length);
          response.setHeader("x-page-cache", hit ? "hit" : "miss");
          response.writeHead(page.status);
          response.end(page.body);
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
