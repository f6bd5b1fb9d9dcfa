import type { LinkMessageStrings } from "./link-message.ts";
import type { Translations } from "./message-locales.ts";

// The password reset link. Placeholders: {minutes}.
export const PASSWORD_RESET_STRINGS: Translations<LinkMessageStrings> = {
  en: {
    subject: "Reset your Playfair password",
    heading: "Reset your password",
    intro: "We received a request to reset the password of your Playfair account.",
    action: "Choose a new password",
    expiry: "The link works once and expires in {minutes} minutes.",
    ignore: "If you did not ask for this, ignore this message: your password stays unchanged.",
  },
  de: {
    subject: "Setze dein Playfair-Passwort zurück",
    heading: "Passwort zurücksetzen",
    intro: "Wir haben eine Anfrage erhalten, das Passwort deines Playfair-Kontos zurückzusetzen.",
    action: "Neues Passwort wählen",
    expiry: "Der Link funktioniert einmal und läuft in {minutes} Minuten ab.",
    ignore: "Wenn du das nicht angefordert hast, ignoriere diese Nachricht: Dein Passwort bleibt unverändert.",
  },
  es: {
    subject: "Restablece tu contraseña de Playfair",
    heading: "Restablece tu contraseña",
    intro: "Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Playfair.",
    action: "Elegir una nueva contraseña",
    expiry: "El enlace funciona una sola vez y caduca en {minutes} minutos.",
    ignore: "Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.",
  },
  "pt-br": {
    subject: "Redefina sua senha da Playfair",
    heading: "Redefina sua senha",
    intro: "Recebemos um pedido para redefinir a senha da sua conta da Playfair.",
    action: "Escolher uma nova senha",
    expiry: "O link funciona uma única vez e expira em {minutes} minutos.",
    ignore: "Se você não fez esse pedido, ignore esta mensagem: sua senha continua a mesma.",
  },
  ru: {
    subject: "Сброс пароля Playfair",
    heading: "Сброс пароля",
    intro: "Мы получили запрос на сброс пароля вашей учётной записи Playfair.",
    action: "Задать новый пароль",
    expiry: "Ссылка срабатывает один раз и действует {minutes} минут.",
    ignore: "Если вы не запрашивали сброс, проигнорируйте это сообщение: ваш пароль останется прежним.",
  },
  tr: {
    subject: "Playfair şifrenizi sıfırlayın",
    heading: "Şifrenizi sıfırlayın",
    intro: "Playfair hesabınızın şifresini sıfırlama isteği aldık.",
    action: "Yeni şifre belirle",
    expiry: "Bağlantı yalnızca bir kez çalışır ve {minutes} dakika sonra geçerliliğini yitirir.",
    ignore: "Bu isteği siz yapmadıysanız bu mesajı yok sayın: şifreniz değişmeden kalır.",
  },
  hi: {
    subject: "अपना Playfair पासवर्ड रीसेट करें",
    heading: "अपना पासवर्ड रीसेट करें",
    intro: "हमें आपके Playfair खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।",
    action: "नया पासवर्ड चुनें",
    expiry: "यह लिंक केवल एक बार काम करता है और {minutes} मिनट में समाप्त हो जाएगा।",
    ignore: "यदि आपने यह अनुरोध नहीं किया है, तो इस संदेश को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।",
  },
  fa: {
    subject: "بازنشانی رمز عبور Playfair",
    heading: "رمز عبور خود را بازنشانی کنید",
    intro: "درخواستی برای بازنشانی رمز عبور حساب Playfair شما دریافت کردیم.",
    action: "انتخاب رمز عبور جدید",
    expiry: "این پیوند فقط یک بار کار می‌کند و تا {minutes} دقیقه معتبر است.",
    ignore: "اگر این درخواست را نداده‌اید، این پیام را نادیده بگیرید؛ رمز عبور شما تغییری نمی‌کند.",
  },
};
