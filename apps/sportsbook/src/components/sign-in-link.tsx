import { useT, useWidgetState } from "../widget-context.tsx";
import { RouterLink } from "./router-link.tsx";

/** The site's sign-in window, opened by its address parameter on the page the player is on (the sport route keeps it, spec 2.2). */
export const SIGN_IN_PARAMETER = "sign-in";

export function signInPath(path: string): string {
  const [pathname = "", query = ""] = path.split("?");
  const search = new URLSearchParams(query);
  search.set(SIGN_IN_PARAMETER, "true");
  return `${pathname}?${search.toString().replaceAll("%2C", ",")}`;
}

export function SignInLink() {
  const t = useT();
  const { path } = useWidgetState();
  return (
    <RouterLink to={signInPath(path)} className="sb:inline-flex sb:min-h-11 sb:items-center sb:rounded-md sb:bg-brand sb:px-4 sb:font-semibold sb:text-on-brand sb:hover:bg-brand-hover">
      {t("slip.signInAction")}
    </RouterLink>
  );
}
