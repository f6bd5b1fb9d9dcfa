import type { FastifyInstance } from "fastify";
import { createNotificationService, type NotificationService } from "./notification.service.ts";

// The notification routes (/api/notification) and the operator routes (/api/operator) are two
// plugins sharing one service: one Web Push queue, one operator-key cache. It is keyed by the
// app's services object, the one thing both plugin scopes see identically.
// (It could become `app.services.notification` in app.ts; until then this is the accessor.)
const services = new WeakMap<object, NotificationService>();

export function notificationServiceOf(app: FastifyInstance): NotificationService {
  let service = services.get(app.services);
  if (!service) {
    const created = createNotificationService({
      db: app.database.db,
      config: app.config,
      logger: app.log,
      now: app.services.accounts.now,
      secrets: app.services.accounts.secrets,
      realtime: app.services.realtime,
    });
    services.set(app.services, created);
    app.addHook("onClose", async () => created.stop());
    service = created;
  }
  return service;
}
