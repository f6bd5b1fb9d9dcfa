import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const WEBSOCKET_PATH = "/api/connection/websocket";

const ConnectionTokenSchema = z.object({
  token: z.string().describe("Connection JWT for the websocket's connect command (Centrifugo claims)"),
  expiresAt: z.string().describe("ISO time after which the token is refused"),
});

// The websocket at /api/connection/websocket and the connection-token endpoint; registered under /api.
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const realtime = app.services.realtime;

  // The websocket bypasses Fastify's routing: the HTTP server hands over upgrades of this path only.
  app.server.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "").split("?")[0];
    if (path === WEBSOCKET_PATH) return realtime.handleUpgrade(request, socket, head);
    // Another listener (Vite's HMR in development) may own other paths; alone, refuse them.
    if (app.server.listenerCount("upgrade") === 1) socket.destroy();
  });
  // Upgraded sockets would keep server.close() waiting: close them first (3001, clients reconnect).
  app.addHook("preClose", async () => realtime.closeConnections());

  app.get(
    "/realtime/token",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: { tags: ["realtime"], summary: "A connection token for the realtime websocket (the client's getToken)", response: { 200: ConnectionTokenSchema } },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw new Error("the route does not declare config.auth");
      return realtime.connectionToken(principal.playerId, principal.sessionId);
    },
  );
};
