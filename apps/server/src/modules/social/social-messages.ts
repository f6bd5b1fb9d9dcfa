// What the social sign-in answers say, shared by the OpenID Connect and Telegram flows.

/** The connection key of the Telegram messenger; no OpenID Connect provider may use it. */
export const TELEGRAM_SOCIAL_TYPE = "telegram";
export const TELEGRAM_NAME = "Telegram";

export const SOCIAL_MESSAGES = {
  unknownProvider: "This sign-in provider is not available.",
  badRedirect: "The return address must be this site's social sign-in callback.",
  stateInvalid: "This social sign-in has expired or was already used. Please start again.",
  providerRejected: "The sign-in provider did not confirm your identity. Please try again.",
  providerUnreachable: "The sign-in provider cannot be reached. Please try again later.",
  linkNeedsSignIn: "Sign in to the account you are linking, then try again.",
  identityLinkedElsewhere: "This account is already linked to another player.",
  providerAlreadyLinked: "Your account is already linked to another account of this provider. Unlink it first.",
  emailAccountExists: "An account with this e-mail address already exists. Sign in with your password, then link this provider in your account settings.",
  notLinked: "This sign-in method is not linked to your account.",
  lastSignInMethod: "This is your only way to sign in. Set a password or link another sign-in method before unlinking it.",
  telegramUnavailable: "Telegram sign-in is not available.",
  telegramInvalid: "The Telegram sign-in data is invalid or has expired.",
} as const;


