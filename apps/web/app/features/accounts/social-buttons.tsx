import type { SocialProvidersResponseSchema } from "@playfair/contracts/player/social";
import type { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "#app/features/forms/form-status.tsx";
import { apiRequest } from "#app/lib/api-client.ts";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { cx } from "#app/lib/cx.ts";

type ProvidersResponse = z.infer<typeof SocialProvidersResponseSchema>;

/** The callback address the provider sends the player back to: origin, language prefix, connection. */
export function socialRedirectUri(origin: string, localizedCallbackPath: string): string {
  return `${origin}${localizedCallbackPath}`;
}

/**
 * Sign-in buttons of the configured social providers (GET /api/player/social/providers). A click
 * asks the server where to go (.../start?redirectUri=...) and leaves the site for the provider.
 */
export function SocialButtons({ className }: { className?: string }) {
  const { t } = useTranslation("accounts");
  const localizedPath = useLocalizedPath();
  const [starting, setStarting] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const providers = useQuery({
    queryKey: ["player", "social", "providers"],
    queryFn: ({ signal }) => apiRequest<ProvidersResponse>("/api/player/social/providers", { signal, auth: "none" }),
    staleTime: 15 * 60_000,
    retry: false,
  });
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;

  async function start(socialType: string, name: string) {
    setStarting(socialType);
    setFailed(null);
    try {
      const redirectUri = socialRedirectUri(window.location.origin, localizedPath(`/auth/social/${encodeURIComponent(socialType)}/callback`));
      const { url } = await apiRequest<{ url: string }>(`/api/player/social/${encodeURIComponent(socialType)}/start`, {
        query: { redirectUri },
        auth: "none",
        // The answer sets the cookie that binds the provider's return to this browser.
        credentials: "same-origin",
      });
      window.location.assign(url);
    } catch (error) {
      console.warn("Social sign-in could not start", error);
      setFailed(name);
      setStarting(null);
    }
  }

  return (
    <div className={cx("flex flex-col gap-3", className)}>
      <div className="flex items-center gap-3 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        {t("social.or")}
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </div>
      <div className={cx("grid gap-2", list.length > 1 && "grid-cols-2")}>
        {list.map((provider) => (
          <button
            key={provider.socialType}
            type="button"
            onClick={() => void start(provider.socialType, provider.name)}
            disabled={starting !== null}
            aria-label={t("social.continueWith", { provider: provider.name })}
            className="btn h-11 gap-2.5 border border-border-strong bg-surface px-4 text-sm text-fg hover:border-fg-subtle/50 hover:bg-surface-muted"
          >
            {starting === provider.socialType ? <Spinner className="size-4" /> : <ProviderMark socialType={provider.socialType} name={provider.name} />}
            <span className="truncate">{provider.name}</span>
          </button>
        ))}
      </div>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-error">
          {t("social.failed", { provider: failed })}
        </p>
      ) : null}
    </div>
  );
}

const PROVIDER_COLOURS: Readonly<Record<string, string>> = {
  google: "#4285F4",
  apple: "#111111",
  facebook: "#1877F2",
  telegram: "#27A7E7",
  discord: "#5865F2",
  twitch: "#9146FF",
  x: "#111111",
};

/** A round monogram in the provider's colour (no third-party logos are downloaded). */
function ProviderMark({ socialType, name }: { socialType: string; name: string }) {
  const colour = PROVIDER_COLOURS[socialType.toLowerCase()] ?? "var(--color-iris-500)";
  return (
    <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold text-white dark:ring-1 dark:ring-white/20" style={{ backgroundColor: colour }}>
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
