import type { Profile } from "@playfair/contracts/player/profile";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { fetchProfile, profileQueryKeys } from "./profile-api.ts";
import { updateProfile } from "#app/features/session/session-store.ts";

export type ProfileRefresh = {
  /** The server answered with the new profile: the session shows it and player lists reload. */
  applyProfile: (profile: Profile) => void;
  /** A change answered without the profile (avatar, code checks, password): fetch it, then apply. */
  reloadProfile: () => Promise<Profile | null>;
};

/** After any profile change: the session store gets the new profile and every player query reloads. */
export function useProfileRefresh(): ProfileRefresh {
  const queryClient = useQueryClient();
  const applyProfile = useCallback(
    (profile: Profile) => {
      updateProfile(profile);
      void queryClient.invalidateQueries({ queryKey: profileQueryKeys.all });
    },
    [queryClient],
  );
  const reloadProfile = useCallback(async () => {
    try {
      const profile = await fetchProfile();
      applyProfile(profile);
      return profile;
    } catch (error) {
      console.warn("The profile could not be reloaded after a change", error);
      void queryClient.invalidateQueries({ queryKey: profileQueryKeys.all });
      return null;
    }
  }, [applyProfile, queryClient]);
  return { applyProfile, reloadProfile };
}
