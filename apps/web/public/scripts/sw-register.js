/* global window, document */
// Loaded by the production site (spec 7: /scripts/sw-register.js). Registers the service worker
// that shows Web Push notifications. Subscribing is a separate, explicit opt-in in the profile's
// notification settings; registering alone asks for no permission.
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
