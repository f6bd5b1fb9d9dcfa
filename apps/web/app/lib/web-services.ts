import type { WebServices } from "@playfair/contracts/web-services";
import { createContext, type RouterContextProvider } from "react-router";

/**
 * The server puts its domain services into every request's router context under this key
 * (see apps/server/src/plugins/web.ts, which reads the key from the server entry's exports).
 */
export const webServicesContext = createContext<WebServices>();

export function webServices(context: Readonly<RouterContextProvider>): WebServices {
  return context.get(webServicesContext);
}
