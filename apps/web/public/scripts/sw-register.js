/* global window, document */
(function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  function register() {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function reportFailure(error) {
      console.warn("Service worker registration failed", error);
    });
  }
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
})();
