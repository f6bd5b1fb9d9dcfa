import type { PlayerRestriction } from "@playfair/contracts/player/profile";
import { AppError } from "./app-error.ts";

// Restricted mode (docs/decisions/016-restricted-mode.md): the one refusal every route and service
// gives a self-excluded or cooling-off player, so the client can tell it from the end of a session.

const RESTRICTED_MESSAGES: Record<PlayerRestriction["reason"], string> = {
  selfExcluded: "Your account is self-excluded",
  coolingOff: "Your account is taking a break",
};

/** 403 RESTRICTED_MODE with the reason; the session stays valid. */
export function restrictedModeError(restriction: PlayerRestriction): AppError {
  const until = restriction.until ? ` until ${restriction.until}` : "";
  return new AppError("RESTRICTED_MODE", `${RESTRICTED_MESSAGES[restriction.reason]}${until}: you can withdraw your balance and see your history, nothing else.`, {
    reason: restriction.reason,
  });
}
