import fastifyCookie from "@fastify/cookie";
import { MAX_RESPONSE_SIZE_BYTES } from "@playfair/contracts/constants";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { createServices, type AppServices } from "./services.ts";
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
import { RequestLogController } from "./lib/request-log.ts";
import { errorHandlerPlugin, sendApiError, validatorCompiler } from "./plugins/error-handler.ts";
import { openApiPlugin } from "./plugins/openapi.ts";
import { privateAnswersPlugin } from "./plugins/private-answers.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { requestContextPlugin, traceIdFrom } from "./plugins/request-context.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { webPlugin } from "./plugins/web.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";
import { paymentRoutes } from "./modules/payment/payment.routes.ts";
import { operatorWithdrawalRoutes } from "./modules/payment/operator-withdrawals.routes.ts";
import { limitsRoutes } from "./modules/limits/limits.routes.ts";

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
  logger?: FastifyServerOptions["logger"];
  /** The clock of time-dependent rules (token and code expiry); tests pass one they can move. */
  now?: () => Date;
};

/**
 * The whole application as one Fastify instance: infrastructure plugins first, then the API's
 * domain routes under /api, then the React site for every other path. server.ts only listens.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: traceIdFrom,
    // Every log line of a request carries its trace id; completion lines only when useful (slow
    // requests; every request with LOG_REQUESTS), because per-request lines cost throughput.
    logController: new RequestLogController({ requestIdLogLabel: "traceId", slowRequestMs: config.slowRequestMs, logRequests: config.logRequests }),
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    forceCloseConnections: "idle",
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  const { services, ready, start, stop } = createServices({ database, config, logger: app.log, now: options.now ?? (() => new Date()) });
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

  await app.register(
    async (api) => {
      // Tokens and personal data are never cached; public reference data keeps its own caching.
      await api.register(privateAnswersPlugin);
      if (config.rateLimit.enabled) await api.register(rateLimitPlugin, config.rateLimit);
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
      await api.register(walletRoutes, { prefix: "/wallet" });
      await api.register(paymentRoutes, { prefix: "/payment" });
      await api.register(limitsRoutes, { prefix: "/player/limits" });
      // Every unknown /api path answers JSON, never the React site's HTML 404.
      api.all("/*", { schema: { hide: true } }, (request, reply) =>
        sendApiError(request, reply, "NOT_FOUND", `No API endpoint answers ${request.method} ${request.url.split("?")[0]}`),
      );
    },
    { prefix: "/api" },
  );

  await app.register(mailboxRoutes);

  if (options.web !== false) {
    await app.register(webPlugin, { config, isDevelopment: options.web === "development" });
  }
  return app;
}
