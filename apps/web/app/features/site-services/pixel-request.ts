// The pixel image request (spec 7, 8): device data and one 1x1 image per event. Loaded by
// analytics.ts only when a pixel endpoint is configured.
import { PIXEL_ACTION_IDS, PIXEL_CLIENT_CODES, type PixelName } from "./analytics.ts";

let deviceParameters: Record<string, string> | null = null;

type NavigatorWithMemory = Navigator & { deviceMemory?: number };

function webglRenderer(): string | null {
  try {
    const gl = document.createElement("canvas").getContext("webgl");
    if (!gl) return null;
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const renderer: unknown = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return typeof renderer === "string" ? renderer : null;
  } catch {
    return null;
  }
}

/** What the pixel reports about the device (screen, time zone, plugins, memory, cores, renderer); read once. */
function readDeviceParameters(): Record<string, string> {
  if (deviceParameters) return deviceParameters;
  const parameters: Record<string, string> = {};
  const nav = navigator as NavigatorWithMemory;
  parameters.screen = `${window.screen.width}x${window.screen.height}`;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) parameters.tz = zone;
  parameters.plugins = String(nav.plugins?.length ?? 0);
  if (nav.deviceMemory !== undefined) parameters.memory = String(nav.deviceMemory);
  if (nav.hardwareConcurrency) parameters.cores = String(nav.hardwareConcurrency);
  const renderer = webglRenderer();
  if (renderer) parameters.renderer = renderer;
  deviceParameters = parameters;
  return parameters;
}

/** The pixel image URL of one event, or null when the endpoint is not a usable http(s) URL. */
export function pixelRequestUrl(endpoint: string, name: PixelName, device: Record<string, string>, now = Date.now()): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.searchParams.set("action_id", String(PIXEL_ACTION_IDS[name]));
  const clientCode = PIXEL_CLIENT_CODES[name];
  if (clientCode !== undefined) url.searchParams.set("client_code", String(clientCode));
  for (const [key, value] of Object.entries(device)) url.searchParams.set(key, value);
  url.searchParams.set("ts", String(now));
  return url.href;
}

/** Sends one pixel event as an image request; a failure logs 'Failed to Load Pixel'. */
export function sendPixel(endpoint: string, name: PixelName): HTMLImageElement | null {
  const source = pixelRequestUrl(endpoint, name, readDeviceParameters());
  if (!source) {
    console.warn("Failed to Load Pixel", `pixel endpoint is not an http(s) URL: ${endpoint}`);
    return null;
  }
  const image = new Image(1, 1);
  image.referrerPolicy = "strict-origin-when-cross-origin";
  image.addEventListener("error", () => console.warn("Failed to Load Pixel", name), { once: true });
  image.src = source;
  return image;
}
