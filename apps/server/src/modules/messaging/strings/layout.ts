import type { Translations } from "./message-locales.ts";

// Shared parts of every e-mail. Placeholders: none.
export type LayoutStrings = {
  /** Shown under a button for mail clients that do not render it. */
  linkFallback: string;
  footer: string;
};

export const LAYOUT_STRINGS: Translations<LayoutStrings> = {
  en: {
    linkFallback: "If the button does not work, copy this address into your browser:",
    footer: "This is an automatic message from Playfair. Please do not reply to it.",
  },
  de: {
    linkFallback: "Falls die Schaltfläche nicht funktioniert, kopiere diese Adresse in deinen Browser:",
    footer: "Dies ist eine automatische Nachricht von Playfair. Bitte antworte nicht darauf.",
  },
  es: {
    linkFallback: "Si el botón no funciona, copia esta dirección en tu navegador:",
    footer: "Este es un mensaje automático de Playfair. Por favor, no respondas.",
  },
  "pt-br": {
    linkFallback: "Se o botão não funcionar, copie este endereço no seu navegador:",
    footer: "Esta é uma mensagem automática da Playfair. Por favor, não responda.",
  },
  ru: {
    linkFallback: "Если кнопка не работает, скопируйте этот адрес в браузер:",
    footer: "Это автоматическое сообщение от Playfair. Пожалуйста, не отвечайте на него.",
  },
  tr: {
    linkFallback: "Düğme çalışmazsa bu adresi tarayıcınıza kopyalayın:",
    footer: "Bu, Playfair tarafından gönderilen otomatik bir mesajdır. Lütfen yanıtlamayın.",
  },
  hi: {
    linkFallback: "यदि बटन काम नहीं करता है, तो इस पते को अपने ब्राउज़र में कॉपी करें:",
    footer: "यह Playfair का एक स्वचालित संदेश है। कृपया इसका उत्तर न दें।",
  },
  fa: {
    linkFallback: "اگر دکمه کار نمی‌کند، این نشانی را در مرورگر خود کپی کنید:",
    footer: "این یک پیام خودکار از Playfair است. لطفاً به آن پاسخ ندهید.",
  },
};
