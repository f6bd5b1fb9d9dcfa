import { DEFAULT_LOCALE, SUPPORTED_LOCALE_CODES } from "@playfair/contracts/constants";
import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../../config.ts";

/**
 * The origin links in messages point at: PUBLIC_ORIGIN when configured, else the origin the
 * request came to. Without PUBLIC_ORIGIN the Host header decides, which a deployment on the open
 * internet must not rely on (a forged Host would put a foreign origin into a reset e-mail).
 */
export function siteOrigin(config: AppConfig, request: FastifyRequest): string {
  if (config.publicOrigin) return new URL(config.publicOrigin).origin;
  return `${request.protocol}://${request.host}`;
}

/** `<origin>[/<locale>]<path>`: the web routes carry a locale prefix for every locale but the default one. */
export function localizedLink(origin: string, locale: string | null | undefined, path: string): string {
  const code = (locale ?? "").toLowerCase();
  const prefix = code !== DEFAULT_LOCALE && (SUPPORTED_LOCALE_CODES as readonly string[]).includes(code) ? `/${code}` : "";
  return `${origin.replace(/\/+$/, "")}${prefix}${path}`;
}
