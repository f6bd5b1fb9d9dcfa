// Version check (spec 4): the build writes builds/latest.json ({"buildId","builtAt"}, see
// apps/web/react-router.config.ts). The page polls it with a timestamp query, every few minutes
// and whenever the tab becomes visible again; when its build id differs from the running one, the
// next navigation is made a full page load, so the visitor moves to the new build without losing
// what they were doing.

const LATEST_BUILD_PATH = "/builds/latest.json";

export type LatestBuild = { buildId: string; builtAt: string };

export function parseLatestBuild(value: unknown): LatestBuild | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.buildId !== "string" || record.buildId === "") return null;
  return { buildId: record.buildId, builtAt: typeof record.builtAt === "string" ? record.builtAt : "" };
}

export function latestBuildUrl(now = Date.now()): string {
  return `${LATEST_BUILD_PATH}?t=${now}`;
}

/** The deployed build, or null when it cannot be read (offline, development server, bad file). */
export async function fetchLatestBuild(fetcher: typeof fetch = fetch, now = Date.now()): Promise<LatestBuild | null> {
  try {
    const response = await fetcher(latestBuildUrl(now), { cache: "no-store", credentials: "omit" });
    if (!response.ok) return null;
    return parseLatestBuild(await response.json());
  } catch {
    return null;
  }
}

/** A different deployed build; an unknown running id (error page without data) never counts. */
export function isNewerBuild(latest: LatestBuild | null, runningBuildId: string): boolean {
  return latest !== null && runningBuildId !== "" && latest.buildId !== runningBuildId;
}
