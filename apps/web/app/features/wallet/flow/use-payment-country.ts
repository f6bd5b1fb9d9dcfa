import { useState } from "react";

/** Spec 7: the payment country is the player's local choice, else the visitor-country header. */
const PAYMENT_COUNTRY_KEY = "playfair:payment-country";

function storedPaymentCountry(): string | null {
  try {
    const value = typeof window === "undefined" ? null : window.localStorage.getItem(PAYMENT_COUNTRY_KEY);
    return value && /^[A-Z]{2}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

function storePaymentCountry(country: string | null): void {
  try {
    if (country) window.localStorage.setItem(PAYMENT_COUNTRY_KEY, country);
    else window.localStorage.removeItem(PAYMENT_COUNTRY_KEY);
  } catch {
    // Without storage the choice lasts while the window is open.
  }
}

/** The payment country chosen on this device (null: where the player is), kept across visits. */
export function usePaymentCountry(): [country: string | null, choose: (country: string | null) => void] {
  const [country, setCountry] = useState(storedPaymentCountry);
  const choose = (next: string | null) => {
    setCountry(next);
    storePaymentCountry(next);
  };
  return [country, choose];
}
