import type { SiteIntegrations } from "@playfair/contracts/web-services";

/**
 * Whether the live-chat widget runs on this site (its host and token are configured). Every page
 * that mentions the chat asks this one question, so no page promises a chat another says is off.
 */
export function isLiveChatAvailable(integrations: Pick<SiteIntegrations, "chatHost" | "chatToken">): boolean {
  return Boolean(integrations.chatHost && integrations.chatToken);
}
