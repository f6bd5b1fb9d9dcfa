import { UAParser } from "ua-parser-js";

export type DeviceDescription = { device: string; browser: string | null; os: string | null };

function joined(name: string | undefined, version: string | undefined, limit: number): string | null {
  if (!name) return null;
  return (version ? `${name} ${version}` : name).slice(0, limit);
}

/** What the sessions page shows about where a sign-in came from ("mobile", "Chrome 140", "Android 15"). */
export function describeDevice(userAgent: string | undefined): DeviceDescription {
  if (!userAgent) return { device: "desktop", browser: null, os: null };
  const result = UAParser(userAgent.slice(0, 512));
  return {
    // ua-parser reports no type for ordinary computers.
    device: (result.device.type ?? "desktop").slice(0, 64),
    browser: joined(result.browser.name, result.browser.major, 64),
    os: joined(result.os.name, result.os.version, 64),
  };
}
