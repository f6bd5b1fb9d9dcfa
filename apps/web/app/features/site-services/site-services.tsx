/** Entry query parameters, analytics, version check and other page-wide effects (filled in later). */
export function SiteServices() {
  return null;
}
