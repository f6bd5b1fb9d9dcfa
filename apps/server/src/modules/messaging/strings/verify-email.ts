import type { LinkMessageStrings } from "./link-message.ts";
import type { Translations } from "./message-locales.ts";

// The e-mail confirmation link. Placeholders: {hours}.
export const VERIFY_EMAIL_STRINGS: Translations<LinkMessageStrings> = {
  en: {
    subject: "Confirm your e-mail address",
    heading: "Confirm your e-mail address",
    intro: "Please confirm that this address belongs to your Playfair account.",
    action: "Confirm e-mail address",
    expiry: "The link works once and expires in {hours} hours.",
    ignore: "If you did not create a Playfair account, you can ignore this message.",
  },
  de: {
    subject: "Bestätige deine E-Mail-Adresse",
    heading: "Bestätige deine E-Mail-Adresse",
    intro: "Bitte bestätige, dass diese Adresse zu deinem Playfair-Konto gehört.",
    action: "E-Mail-Adresse bestätigen",
    expiry: "Der Link funktioniert einmal und läuft in {hours} Stunden ab.",
    ignore: "Wenn du kein Playfair-Konto erstellt hast, kannst du diese Nachricht ignorieren.",
  },
  es: {
    subject: "Confirma tu dirección de correo electrónico",
    heading: "Confirma tu dirección de correo electrónico",
    intro: "Confirma que esta dirección pertenece a tu cuenta de Playfair.",
    action: "Confirmar correo electrónico",
    expiry: "El enlace funciona una sola vez y caduca en {hours} horas.",
    ignore: "Si no has creado una cuenta en Playfair, puedes ignorar este mensaje.",
  },
  "pt-br": {
    subject: "Confirme seu endereço de e-mail",
    heading: "Confirme seu endereço de e-mail",
    intro: "Confirme que este endereço pertence à sua conta da Playfair.",
    action: "Confirmar e-mail",
    expiry: "O link funciona uma única vez e expira em {hours} horas.",
    ignore: "Se você não criou uma conta na Playfair, pode ignorar esta mensagem.",
  },
  ru: {
    subject: "Подтвердите адрес электронной почты",
    heading: "Подтвердите адрес электронной почты",
    intro: "Пожалуйста, подтвердите, что этот адрес принадлежит вашей учётной записи Playfair.",
    action: "Подтвердить адрес",
    expiry: "Ссылка срабатывает один раз и действует {hours} часа.",
    ignore: "Если вы не создавали учётную запись Playfair, просто проигнорируйте это сообщение.",
  },
  tr: {
    subject: "E-posta adresinizi onaylayın",
    heading: "E-posta adresinizi onaylayın",
    intro: "Lütfen bu adresin Playfair hesabınıza ait olduğunu onaylayın.",
    action: "E-posta adresini onayla",
    expiry: "Bağlantı yalnızca bir kez çalışır ve {hours} saat sonra geçerliliğini yitirir.",
    ignore: "Bir Playfair hesabı oluşturmadıysanız bu mesajı yok sayabilirsiniz.",
  },
  hi: {
    subject: "अपना ईमेल पता पुष्टि करें",
    heading: "अपना ईमेल पता पुष्टि करें",
    intro: "कृपया पुष्टि करें कि यह पता आपके Playfair खाते का है।",
    action: "ईमेल पता पुष्टि करें",
    expiry: "यह लिंक केवल एक बार काम करता है और {hours} घंटे में समाप्त हो जाएगा।",
    ignore: "यदि आपने Playfair खाता नहीं बनाया है, तो इस संदेश को अनदेखा करें।",
  },
  fa: {
    subject: "نشانی ایمیل خود را تأیید کنید",
    heading: "نشانی ایمیل خود را تأیید کنید",
    intro: "لطفاً تأیید کنید که این نشانی متعلق به حساب Playfair شماست.",
    action: "تأیید نشانی ایمیل",
    expiry: "این پیوند فقط یک بار کار می‌کند و تا {hours} ساعت معتبر است.",
    ignore: "اگر حساب Playfair نساخته‌اید، این پیام را نادیده بگیرید.",
  },
};
