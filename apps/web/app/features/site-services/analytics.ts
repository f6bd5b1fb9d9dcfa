// The analytics data layer and the retargeting pixel (spec 4 "Pixel events", 7 "Analytics
// events", 8, 9).
//
// Every event goes to `window.dataLayer`, the array a tag manager reads when the operator has
// configured one (and that costs nothing when not). Pixel events also become an image request to
// the configured pixel endpoint (SiteIntegrations.pixelUrl); without one, no request is made.
//
// Pixel request: GET <pixelUrl>?action_id=<id>&client_code=<code>&screen=<w>x<h>&tz=<zone>
//   &plugins=<n>&memory=<GiB>&cores=<n>&renderer=<WebGL renderer>&ts=<ms>
// (client_code is omitted for bet30, which has none; unknown device values are omitted).

/** Spec 9: pixel action ids. */
export const PIXEL_ACTION_IDS = {
  visit: 80,
  regfin: 81,
  regnotfin: 82,
  ftd: 83,
  dep2: 84,
  dep3: 85,
  dep4: 86,
  dep5plus: 87,
  bet: 88,
  deposit: 89,
  bet30: 90,
} as const;

/** Spec 9: pixel client codes (bet30 has none). */
export const PIXEL_CLIENT_CODES: Partial<Record<PixelName, number>> = {
  regfin: 1,
  ftd: 2,
  bet: 3,
  deposit: 4,
  visit: 5,
  dep2: 6,
  dep3: 7,
  dep4: 8,
  dep5plus: 9,
  regnotfin: 14,
};

export type PixelName = keyof typeof PIXEL_ACTION_IDS;

/** Spec 4: ftd and dep2..dep5plus also count as a deposit; a bet also counts towards bet30. */
const DERIVED_PIXELS: Partial<Record<PixelName, PixelName[]>> = {
  ftd: ["deposit"],
  dep2: ["deposit"],
  dep3: ["deposit"],
  dep4: ["deposit"],
  dep5plus: ["deposit"],
  bet: ["bet30"],
};

function isPixelName(name: string): name is PixelName {
  return Object.hasOwn(PIXEL_ACTION_IDS, name);
}

/** The pixel event itself followed by the ones it implies. */
export function pixelEventsFor(name: PixelName): PixelName[] {
  return [name, ...(DERIVED_PIXELS[name] ?? [])];
}

export type DepositEvent = { eventName: "first-deposit" | "second-deposit" | "third-deposit" | "fourth-deposit" | "fifth-plus-deposit"; pixel: PixelName };

/**
 * Spec 4: a successful deposit's count 1..4 maps to the first..fourth deposit event names and
 * above 4 to fifth-plus; the pixel is ftd for the first and dep2..dep5plus after it.
 */
export function depositPixelFor(count: number): DepositEvent | null {
  if (!Number.isInteger(count) || count < 1) return null;
  switch (count) {
    case 1:
      return { eventName: "first-deposit", pixel: "ftd" };
    case 2:
      return { eventName: "second-deposit", pixel: "dep2" };
    case 3:
      return { eventName: "third-deposit", pixel: "dep3" };
    case 4:
      return { eventName: "fourth-deposit", pixel: "dep4" };
    default:
      return { eventName: "fifth-plus-deposit", pixel: "dep5plus" };
  }
}

/** Who the event is about; e-mail or phone travel only when the player has them. */
export type AnalyticsUser = { id: string; email?: string | null; phone?: string | null };

export type AnalyticsEventName = "login" | "sign_up" | "session_start" | `pixel_${PixelName}`;

export type DataLayerEntry = { event: AnalyticsEventName; user_id?: string; email?: string; phone?: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function dataLayer(): unknown[] | null {
  if (typeof window === "undefined") return null;
  window.dataLayer ??= [];
  return window.dataLayer;
}

function userFields(user: AnalyticsUser | null | undefined): Pick<DataLayerEntry, "user_id" | "email" | "phone"> {
  if (!user) return {};
  const fields: Pick<DataLayerEntry, "user_id" | "email" | "phone"> = { user_id: user.id };
  if (user.email) fields.email = user.email;
  else if (user.phone) fields.phone = user.phone;
  return fields;
}

/** Pushes an analytics event (login, sign_up, session_start, pixel_*) onto window.dataLayer. */
export function trackEvent(event: AnalyticsEventName, user?: AnalyticsUser | null, details: Record<string, unknown> = {}): DataLayerEntry | null {
  const layer = dataLayer();
  if (!layer) return null;
  const entry: DataLayerEntry = { ...details, event, ...userFields(user) };
  layer.push(entry);
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Pixel requests: the code that builds and sends them (pixel-request.ts) is only downloaded when
// a pixel endpoint is configured.

let pixelEndpoint: string | null = null;

/** Set from the site settings at start-up; null turns pixel requests off (dataLayer events stay). */
export function configurePixel(pixelUrl: string | null): void {
  pixelEndpoint = pixelUrl;
}

function requestPixel(name: PixelName): void {
  const endpoint = pixelEndpoint;
  if (!endpoint || typeof window === "undefined") return;
  import("./pixel-request.ts")
    .then(({ sendPixel }) => sendPixel(endpoint, name))
    .catch(() => console.warn("Failed to Load Pixel", name));
}

/**
 * Fires a pixel event and the events it implies (ftd -> deposit, bet -> bet30): each goes to the
 * dataLayer as `pixel_<name>` with its action id and client code, and to the pixel endpoint when
 * one is configured. An unknown name logs an error and sends nothing.
 */
export function firePixel(name: string, user?: AnalyticsUser | null): void {
  if (!isPixelName(name)) {
    console.error(`Pixel action is missing for "${name}"`);
    return;
  }
  for (const event of pixelEventsFor(name)) {
    trackEvent(`pixel_${event}`, user, { pixel_action_id: PIXEL_ACTION_IDS[event], pixel_client_code: PIXEL_CLIENT_CODES[event] ?? null });
    requestPixel(event);
  }
}
