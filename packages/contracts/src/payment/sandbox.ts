// The in-house sandbox payment provider's documented test data (the default adapter; no real money
// moves). Card numbers are digits only; any expiry in the future and any 3-4 digit CVC are accepted.

export const SANDBOX_PROVIDER = "sandbox";

export const SANDBOX_TEST_CARDS = {
  /** Paid at once: the invoice answers status 2. */
  success: "4111111111111111",
  /** Refused by the issuer: the invoice answers status 3, failureReason "declined". */
  decline: "4000000000000002",
  /** Needs the 3-D Secure step: status 1 with publicData.confirmUrl (a page to confirm or cancel). */
  threeDSecure: "4000000000003220",
} as const;

/** Any other card number with a valid check digit is declined, as a real sandbox refuses unknown cards. */
export const SANDBOX_UNKNOWN_CARD_RESULT = "declined";

/**
 * Where the sandbox's pages (3-D Secure step, redirect methods) send the player back once they
 * confirmed or cancelled: the site with the deposit-status modal open (the modal's address value
 * is "true", spec 2.4; it shows the player's latest deposit, which is the one just confirmed).
 */
export function sandboxReturnPath(): string {
  return "/?deposit-status=true";
}
