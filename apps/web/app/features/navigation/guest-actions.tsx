import { useTranslation } from "react-i18next";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { cx } from "#app/lib/cx.ts";

/** Sign in and Sign up, side by side, for visitors who are not signed in. */
export function GuestActions({ className, size = "md" }: { className?: string; size?: "sm" | "md" }) {
  const { t } = useTranslation("layout");
  return (
    <div className={cx("grid grid-cols-2 gap-2", className)}>
      <ModalLink modal="sign-in" className={buttonClassName({ variant: "secondary", size })} data-action="sign-in">
        {t("header.signIn")}
      </ModalLink>
      <ModalLink modal="sign-up" className={buttonClassName({ variant: "accent", size })} data-action="sign-up">
        {t("header.signUp")}
      </ModalLink>
    </div>
  );
}
