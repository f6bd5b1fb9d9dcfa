import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * No API answer that could carry a token or personal data is kept by a browser's cache or a shared
 * one (a proxy, a CDN, the back button of a shared computer): each gets `Cache-Control: no-store`
 * unless its route chose its own caching. A signed-in caller's answer, a route that requires a
 * player and an answer that sets a cookie (a refresh token) are no-store even when the route chose
 * otherwise. Public reference data (settings, content, avatars) keeps the caching its route sets.
 */
export const privateAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback-style: an async hook costs every request a promise and a tick.
    app.addHook("onSend", (request, reply, payload, done) => {
      const isPersonal = request.principal !== null || request.routeOptions.config.auth === "player" || reply.hasHeader("set-cookie");
      if (isPersonal || !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      done(null, payload);
    });
  },
  { name: "private-answers" },
);
