import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { localizePath } from "#app/lib/locale.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { registerSessionNavigator, startSessionWatch } from "./session-watch.ts";

/**
 * The session's work in the browser (session-watch.ts, and session-store.ts when there is a
 * session to follow): listens for other tabs, restores a session the server could not render,
 * signs messenger players in, and lends the store the router so "go home" is a client-side
 * navigation to the page's language home.
 */
export function SessionServices() {
  const navigate = useNavigate();
  const language = useLanguage();
  const languageRef = useRef(language);

  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  useEffect(() => {
    registerSessionNavigator({
      goHome: ({ signIn }) => void navigate({ pathname: localizePath("/", languageRef.current), search: signIn ? "?sign-in=true" : "" }),
    });
    return () => registerSessionNavigator(null);
  }, [navigate]);

  useEffect(() => startSessionWatch(), []);
  return null;
}
