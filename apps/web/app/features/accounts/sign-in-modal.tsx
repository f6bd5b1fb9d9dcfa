import type { AuthSession, LoginRequest } from "@playfair/contracts/player/auth";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { AppForm, useAppForm } from "#app/features/forms/app-form.tsx";
import { FormErrorArea, SubmitButton } from "#app/features/forms/form-status.tsx";
import { PasswordField } from "#app/features/forms/password-field.tsx";
import { TextField } from "#app/features/forms/text-field.tsx";
import { ModalIntro, SwitchModalLine } from "./account-pieces.tsx";
import { CaptchaField, captchaMissing, useCaptchaMode } from "./captcha.tsx";
import { SocialButtons } from "./social-buttons.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { setAuthorizationState } from "#app/features/modals/authorization-state.ts";
import { focusOnClose, mainContent } from "#app/features/modals/focus.ts";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { completeSignIn } from "#app/features/session/session-store.ts";
import { readAffiliateTag } from "#app/features/site-services/entry-parameters.ts";
import { apiRequest } from "#app/lib/api-client.ts";

type SignInValues = { login: string; password: string; captcha: string };

const NO_PASSWORD_RULES = { password: [] };

/** Sign in with an e-mail address or a phone number and the password. */
export default function SignInModal({ close }: ModalContentProps) {
  const { t, i18n } = useTranslation("accounts");
  const captchaMode = useCaptchaMode();
  const validate = useCallback(
    (values: SignInValues) => (captchaMissing(captchaMode, values.captcha) ? { captcha: t("serverErrors.captchaUnsolved") } : undefined),
    [captchaMode, t],
  );
  const form = useAppForm<SignInValues>({
    fields: ["login", "password"],
    required: ["login", "password"],
    // An account may predate today's minimum length; the server is the judge of a password here.
    rules: NO_PASSWORD_RULES,
    defaultValues: { login: "", password: "", captcha: "" },
    validate,
  });

  async function signIn(values: SignInValues) {
    const body: LoginRequest = { login: values.login.trim(), password: values.password };
    if (values.captcha) body.captcha = values.captcha;
    const affiliateTag = readAffiliateTag();
    if (affiliateTag) body.affiliateTag = affiliateTag;
    const session = await apiRequest<AuthSession>("/api/player/sessions", { method: "POST", body, auth: "none" });
    completeSignIn(session, { method: "password" });
    // The "Sign in" button that opened this is gone now; the page is what the player came for.
    focusOnClose(mainContent);
    close();
    const { restriction } = session.profile;
    if (restriction) {
      // Restricted mode (a self-exclusion or cooling-off): say until when, and that the money is not locked in.
      const until = restriction.until ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(restriction.until)) : null;
      showAlert({
        kind: "attention",
        title: until ? t(`signIn.restricted.${restriction.reason}`, { date: until }) : t(`signIn.restricted.${restriction.reason}Open`),
        description: t("signIn.restricted.withdraw"),
      });
    }
  }

  return (
    <div data-account-form="sign-in">
      <ModalIntro>{t("signIn.intro")}</ModalIntro>
      <AppForm form={form} onSubmit={signIn} className="flex flex-col gap-4">
        <TextField name="login" label={t("fields.login")} type="text" autoComplete="username" inputMode="email" autoCapitalize="none" spellCheck={false} dir="ltr" />
        <PasswordField
          name="password"
          label={t("fields.password")}
          labelAside={
            <ModalLink
              modal="forgot-pass"
              onClick={() => setAuthorizationState({ flow: "forgot-pass", email: form.getValues("login").includes("@") ? form.getValues("login").trim() : undefined })}
              className="text-sm font-semibold text-brand-fg underline-offset-2 hover:underline"
            >
              {t("signIn.forgot")}
            </ModalLink>
          }
        />
        <CaptchaField />
        <FormErrorArea />
        <SubmitButton className="mt-1">{t("signIn.submit")}</SubmitButton>
      </AppForm>
      <SocialButtons className="mt-6" />
      <SwitchModalLine question={t("signIn.noAccount")} action={t("signIn.signUp")} modal="sign-up" />
    </div>
  );
}
