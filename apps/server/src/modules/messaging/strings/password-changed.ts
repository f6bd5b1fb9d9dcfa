import type { Translations } from "./message-locales.ts";

// The notice after a password change or reset. Placeholders: {time}.
export type PasswordChangedStrings = {
  subject: string;
  heading: string;
  body: string;
  warning: string;
};

export const PASSWORD_CHANGED_STRINGS: Translations<PasswordChangedStrings> = {
  en: {
    subject: "Your Playfair password was changed",
    heading: "Your password was changed",
    body: "The password of your Playfair account was changed on {time}. Your other sessions were signed out.",
    warning: "If this was not you, reset your password at once and contact our support.",
  },
  de: {
    subject: "Dein Playfair-Passwort wurde geändert",
    heading: "Dein Passwort wurde geändert",
    body: "Das Passwort deines Playfair-Kontos wurde am {time} geändert. Deine anderen Sitzungen wurden abgemeldet.",
    warning: "Wenn du das nicht warst, setze dein Passwort sofort zurück und wende dich an unseren Support.",
  },
  es: {
    subject: "Se ha cambiado tu contraseña de Playfair",
    heading: "Se ha cambiado tu contraseña",
    body: "La contraseña de tu cuenta de Playfair se cambió el {time}. Se han cerrado tus otras sesiones.",
    warning: "Si no has sido tú, restablece tu contraseña de inmediato y contacta con nuestro soporte.",
  },
  "pt-br": {
    subject: "Sua senha da Playfair foi alterada",
    heading: "Sua senha foi alterada",
    body: "A senha da sua conta da Playfair foi alterada em {time}. Suas outras sessões foram encerradas.",
    warning: "Se não foi você, redefina sua senha imediatamente e fale com nosso suporte.",
  },
  ru: {
    subject: "Пароль Playfair изменён",
    heading: "Ваш пароль изменён",
    body: "Пароль вашей учётной записи Playfair был изменён {time}. Остальные сеансы завершены.",
    warning: "Если это были не вы, немедленно сбросьте пароль и свяжитесь с нашей службой поддержки.",
  },
  tr: {
    subject: "Playfair şifreniz değiştirildi",
    heading: "Şifreniz değiştirildi",
    body: "Playfair hesabınızın şifresi {time} tarihinde değiştirildi. Diğer oturumlarınız kapatıldı.",
    warning: "Bu siz değilseniz şifrenizi hemen sıfırlayın ve destek ekibimizle iletişime geçin.",
  },
  hi: {
    subject: "आपका Playfair पासवर्ड बदल दिया गया",
    heading: "आपका पासवर्ड बदल दिया गया",
    body: "आपके Playfair खाते का पासवर्ड {time} को बदला गया। आपके अन्य सत्रों से साइन आउट कर दिया गया है।",
    warning: "यदि यह आप नहीं थे, तो तुरंत अपना पासवर्ड रीसेट करें और हमारी सहायता टीम से संपर्क करें।",
  },
  fa: {
    subject: "رمز عبور Playfair شما تغییر کرد",
    heading: "رمز عبور شما تغییر کرد",
    body: "رمز عبور حساب Playfair شما در {time} تغییر کرد. از نشست‌های دیگر شما خارج شدید.",
    warning: "اگر این کار را شما انجام نداده‌اید، فوراً رمز عبور خود را بازنشانی کنید و با پشتیبانی ما تماس بگیرید.",
  },
};
