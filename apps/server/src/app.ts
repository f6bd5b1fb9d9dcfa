import fastifyCookie from "@fastify/cookie";
import { MAX_RESPONSE_SIZE_BYTES } from "@playfair/contracts/constants";
import proxyAddr from "@fastify/proxy-addr";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { createServices, type AppServices, type GamePlayWiring } from "./services.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { otpRoutes } from "./modules/auth/otp.routes.ts";
import { passwordRoutes } from "./modules/auth/password.routes.ts";
import { playerRoutes } from "./modules/player/player.routes.ts";
import { socialRoutes } from "./modules/social/social.routes.ts";
import { captchaRoutes } from "./modules/auth/captcha.routes.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import { mailboxRoutes } from "./modules/messaging/mailbox.routes.ts";
import { notificationRoutes } from "./modules/notification/notification.routes.ts";
import { operatorRoutes } from "./modules/notification/operator.routes.ts";
import { realtimeRoutes } from "./modules/realtime/realtime.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { cspReportRoutes } from "./modules/security/csp-reports.routes.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { authenticationPlugin } from "./plugins/authentication.ts";
import { lazyChildLoggerFactory } from "./lib/lazy-request-logger.ts";
import { loggerOptions } from "./lib/logging.ts";
import { RequestLogController } from "./lib/request-log.ts";
import { errorHandlerPlugin, frameworkErrorHandler, NOT_FOUND_MESSAGE, sendApiError, validatorCompiler } from "./plugins/error-handler.ts";
import { createClientErrorHandler, limitConnectionsPerAddress, serverTimeoutOptions } from "./plugins/http-server.ts";
import { createAllowedMethods } from "./lib/allowed-methods.ts";
import { openApiPlugin } from "./plugins/openapi.ts";
import { privateAnswersPlugin } from "./plugins/private-answers.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { requestContextPlugin, traceIdFrom } from "./plugins/request-context.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { textInputPlugin } from "./plugins/text-input.ts";
import { webPlugin } from "./plugins/web.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";
import { paymentRoutes } from "./modules/payment/payment.routes.ts";
import { operatorWithdrawalRoutes } from "./modules/payment/operator-withdrawals.routes.ts";
import { operatorHelpOrganisationRoutes } from "./modules/content/operator-help-organisations.routes.ts";
import { limitsRoutes } from "./modules/limits/limits.routes.ts";
import { gamePlayRoutes } from "./modules/game/play/game-play.routes.ts";
import { gameAggregatorRoutes } from "./modules/game/aggregator/aggregator.routes.ts";
import { SANDBOX_AGGREGATOR_PREFIX, sandboxAggregatorRoutes } from "./modules/sandbox-aggregator/sandbox-aggregator.routes.ts";
import { catalogueRoutes } from "./modules/game/catalogue/catalogue.routes.ts";
import { operatorCatalogueRoutes } from "./modules/game/catalogue/operator-catalogue.routes.ts";
import { operatorJurisdictionRoutes } from "./modules/limits/operator-jurisdictions.routes.ts";
import { operatorMarketLimitRoutes } from "./modules/sport/betting/operator-market-limits.routes.ts";
import { crashRoutes } from "./modules/game/crash/crash.routes.ts";
import { gameBetsRoutes, sportsbookBetRoutes } from "./modules/sport/betting/betting.routes.ts";
import { bonusRoutes } from "./modules/bonus/bonus.routes.ts";
import { operatorBonusRoutes } from "./modules/bonus/operator-bonus.routes.ts";
import { sportRoutes } from "./modules/sport/catalogue/sport.routes.ts";
import { sportsbookRoutes } from "./modules/sport/catalogue/sportsbook.routes.ts";
import { sportFeedRoutes } from "./modules/sport/feed/http-feed.routes.ts";
import type { SportFeedWiring } from "./modules/sport/sport.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    services: AppServices;
  }
}


export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  /** `false` leaves the React site out (API-only tests); `"development"` runs Vite in-process. */
  web?: false | "production" | "development";
  /** pino options (level, stream); redaction and the error serializer are added to them (lib/logging.ts). */
  logger?: Exclude<FastifyServerOptions["logger"], boolean | undefined>;
  /** The clock of time-dependent rules (token and code expiry); tests pass one they can move. */
  now?: () => Date;
  /** What the originals' play takes from other game modules, and its fault-injection points (tests). */
  gamePlay?: GamePlayWiring;
  /** The odds feed and the trading core it settles through (ADR 035); none by default. */
  sportFeed?: SportFeedWiring;
};

/**
 * The whole application as one Fastify instance: infrastructure plugins first, then the API's
 * domain routes under /api, then the React site for every other path. server.ts only listens.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // The server's handlers are made before the instance whose logger they use.
  let logger: () => FastifyInstance["log"] = () => {
    throw new Error("the app is not built yet");
  };
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, ...options.logger }) as FastifyServerOptions["logger"],
    genReqId: traceIdFrom,
    // Every log line of a request carries its trace id; completion lines only when useful (slow
    // requests; every request with LOG_REQUESTS), because per-request lines cost throughput.
    logController: new RequestLogController({ requestIdLogLabel: "traceId", slowRequestMs: config.slowRequestMs, logRequests: config.logRequests }),
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // A request gets a time limit for its headers and for all of it, answered 408 (Fastify turns
    // Node's off by default: a client sending a body slower than it promised held a socket for good).
    ...serverTimeoutOptions(config.connections),
    // Requests refused by the HTTP parser (oversize headers, bad characters, a Content-Length that
    // contradicts Transfer-Encoding, timeouts) and paths the router cannot decode answer the API's
    // error body, never echoing the request.
    clientErrorHandler: createClientErrorHandler(() => logger()),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  logger = () => app.log;
  const isTrustedPeer = config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : () => false;
  limitConnectionsPerAddress(app.server, { maxPerIp: config.connections.maxPerIp, isTrustedPeer: (address) => isTrustedPeer(address, 0), log: logger });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  const { services, ready, start, stop } = createServices({
    database,
    config,
    logger: app.log,
    now: options.now ?? (() => new Date()),
    ...(options.gamePlay ? { gamePlay: options.gamePlay } : {}),
    ...(options.sportFeed ? { sportFeed: options.sportFeed } : {}),
    loopbackOrigin: () => {
      const address = app.server.address();
      return `http://127.0.0.1:${address && typeof address === "object" ? address.port : config.port}`;
    },
  });
  app.decorate("services", services);
  await app.register(requestContextPlugin, {
    trustedProxies: config.trustedProxies,
    clientIpHeader: config.clientIpHeader,
    countryHeader: config.countryHeader,
  });
  await app.register(errorHandlerPlugin);
  await app.register(fastifyCookie);
  await app.register(authenticationPlugin);
  app.setAccessTokenVerifier((token) => services.sessions.verifyAccessToken(token));
  app.setSportsbookTokenVerifier((token) => services.sportBetting.verifyToken(token));
  app.addHook("onReady", ready);
  start();
  app.addHook("onClose", stop);
  // helmet's headers; each page sets its own Content-Security-Policy with a per-response nonce
  // (apps/web/app/lib/content-security-policy.server.ts).
  await app.register(securityHeadersPlugin);

  let isClosing = false;
  app.addHook("preClose", async () => {
    isClosing = true;
  });
  // Callback-style: an async hook costs every request a promise and a tick.
  app.addHook("onSend", (request, reply, payload, done) => {
    // While shutting down, ask keep-alive clients to reconnect elsewhere so close() need not
    // wait for their idle connections to time out.
    if (isClosing) reply.header("connection", "close");
    // A guard, not the mechanism: list endpoints paginate so no API answer should reach it.
    const size = request.url.startsWith("/api/") && (typeof payload === "string" || Buffer.isBuffer(payload)) ? Buffer.byteLength(payload) : 0;
    if (size <= MAX_RESPONSE_SIZE_BYTES) {
      done(null, payload);
      return;
    }
    request.log.error({ size }, "response exceeded the size limit");
    reply.status(500).type("application/json; charset=utf-8");
    done(null, JSON.stringify({ status: 500, code: "INTERNAL_ERROR", message: "The response was too large.", traceId: request.id }));
  });

  // Every API route, recorded as it is added, so a path that exists answers a wrong method with 405.
  const allowedMethods = createAllowedMethods();
  await app.register(
    async (api) => {
      api.addHook("onRoute", (route) => {
        if (route.url !== "/api/*") allowedMethods.record(route.method, route.url);
      });
      // Tokens and personal data are never cached; public reference data keeps its own caching.
      await api.register(privateAnswersPlugin);
      if (config.rateLimit.enabled) await api.register(rateLimitPlugin, config.rateLimit);
      await api.register(textInputPlugin);
      await api.register(openApiPlugin);
      await api.register(healthRoutes);
      await api.register(cspReportRoutes, { prefix: "/security" });
      await api.register(settingsRoutes, { prefix: "/settings" });
      await api.register(contentRoutes, { prefix: "/content" });
      // Everything under /api/player: each domain owns its own paths there.
      for (const routes of [authRoutes, otpRoutes, passwordRoutes, playerRoutes, socialRoutes]) {
        await api.register(routes, { prefix: "/player" });
      }
      await api.register(captchaRoutes);
      await api.register(realtimeRoutes);
      await api.register(notificationRoutes, { prefix: "/notification" });
      await api.register(operatorRoutes, { prefix: "/operator" });
      await api.register(operatorWithdrawalRoutes, { prefix: "/operator/withdrawals" });
      await api.register(operatorHelpOrganisationRoutes, { prefix: "/operator/help-organisations" });
      await api.register(walletRoutes, { prefix: "/wallet" });
      await api.register(paymentRoutes, { prefix: "/payment" });
      await api.register(limitsRoutes, { prefix: "/player/limits" });
      await api.register(gamePlayRoutes, { prefix: "/game" });
      await api.register(gameAggregatorRoutes, { prefix: "/game/aggregator" });
      await api.register(catalogueRoutes, { prefix: "/game" });
      await api.register(operatorCatalogueRoutes, { prefix: "/operator" });
      await api.register(crashRoutes, { prefix: "/game/crash" });
      await api.register(gameBetsRoutes, { prefix: "/game" });
      await api.register(sportsbookBetRoutes, { prefix: "/sportsbook" });
      await api.register(operatorJurisdictionRoutes, { prefix: "/operator/jurisdictions" });
      await api.register(operatorMarketLimitRoutes, { prefix: "/operator/sport-market-limits" });
      await api.register(bonusRoutes, { prefix: "/game" });
      await api.register(operatorBonusRoutes, { prefix: "/operator" });
      await api.register(sportRoutes, { prefix: "/game" });
      await api.register(sportsbookRoutes, { prefix: "/sportsbook" });
      await api.register(sportFeedRoutes, { prefix: "/sport/feed", feed: () => services.sport.httpFeed });
      // Every unknown /api path answers JSON, never the React site's HTML 404; a known path asked
      // with a method it does not answer is a 405 naming the ones it does.
      api.all("/*", { schema: { hide: true } }, (request, reply) => {
        const allowed = allowedMethods.allowedFor(request.url);
        if (allowed.length === 0) return sendApiError(request, reply, "NOT_FOUND", NOT_FOUND_MESSAGE);
        reply.header("allow", allowed.join(", "));
        return sendApiError(request, reply, "METHOD_NOT_ALLOWED", "This endpoint does not answer this method.");
      });
    },
    { prefix: "/api" },
  );

  await app.register(mailboxRoutes);
  await app.register(sandboxAggregatorRoutes(services.sandboxAggregator), { prefix: SANDBOX_AGGREGATOR_PREFIX });

  if (options.web !== false) {
    await app.register(webPlugin, { config, isDevelopment: options.web === "development" });
  }
  return app;
}
