import type { Translations } from "./message-locales.ts";

// One-time codes, by SMS or e-mail. Placeholders: {code}, {minutes}.
export type OtpStrings = {
  /** The whole SMS: short, the code first so phones can offer to fill it in. */
  sms: string;
  subject: string;
  heading: string;
  intro: string;
  expiry: string;
  ignore: string;
};

export const OTP_STRINGS: Translations<OtpStrings> = {
  en: {
    sms: "{code} is your Playfair code. It expires in {minutes} minutes. Never share it with anyone.",
    subject: "Your Playfair code: {code}",
    heading: "Your verification code",
    intro: "Enter this code on Playfair to continue:",
    expiry: "The code expires in {minutes} minutes and works only once. Never share it with anyone, including our staff.",
    ignore: "If you did not ask for a code, you can ignore this message.",
  },
  de: {
    sms: "{code} ist dein Playfair-Code. Er läuft in {minutes} Minuten ab. Gib ihn niemals weiter.",
    subject: "Dein Playfair-Code: {code}",
    heading: "Dein Bestätigungscode",
    intro: "Gib diesen Code bei Playfair ein, um fortzufahren:",
    expiry: "Der Code läuft in {minutes} Minuten ab und gilt nur einmal. Gib ihn niemals weiter, auch nicht an unsere Mitarbeiter.",
    ignore: "Wenn du keinen Code angefordert hast, kannst du diese Nachricht ignorieren.",
  },
  es: {
    sms: "{code} es tu código de Playfair. Caduca en {minutes} minutos. No lo compartas con nadie.",
    subject: "Tu código de Playfair: {code}",
    heading: "Tu código de verificación",
    intro: "Introduce este código en Playfair para continuar:",
    expiry: "El código caduca en {minutes} minutos y solo sirve una vez. No lo compartas con nadie, tampoco con nuestro personal.",
    ignore: "Si no has pedido ningún código, puedes ignorar este mensaje.",
  },
  "pt-br": {
    sms: "{code} é o seu código da Playfair. Ele expira em {minutes} minutos. Nunca o compartilhe.",
    subject: "Seu código da Playfair: {code}",
    heading: "Seu código de verificação",
    intro: "Digite este código na Playfair para continuar:",
    expiry: "O código expira em {minutes} minutos e só pode ser usado uma vez. Nunca o compartilhe com ninguém, nem com nossa equipe.",
    ignore: "Se você não pediu um código, pode ignorar esta mensagem.",
  },
  ru: {
    sms: "{code} — ваш код Playfair. Он действует {minutes} минут. Никому его не сообщайте.",
    subject: "Ваш код Playfair: {code}",
    heading: "Ваш код подтверждения",
    intro: "Введите этот код на Playfair, чтобы продолжить:",
    expiry: "Код действует {minutes} минут и только один раз. Никому его не сообщайте, даже нашим сотрудникам.",
    ignore: "Если вы не запрашивали код, просто проигнорируйте это сообщение.",
  },
  tr: {
    sms: "{code} Playfair kodunuzdur. {minutes} dakika içinde geçerliliğini yitirir. Kimseyle paylaşmayın.",
    subject: "Playfair kodunuz: {code}",
    heading: "Doğrulama kodunuz",
    intro: "Devam etmek için bu kodu Playfair'de girin:",
    expiry: "Kod {minutes} dakika içinde geçerliliğini yitirir ve yalnızca bir kez kullanılabilir. Çalışanlarımız dahil kimseyle paylaşmayın.",
    ignore: "Kod istemediyseniz bu mesajı yok sayabilirsiniz.",
  },
  hi: {
    sms: "{code} आपका Playfair कोड है। यह {minutes} मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।",
    subject: "आपका Playfair कोड: {code}",
    heading: "आपका सत्यापन कोड",
    intro: "जारी रखने के लिए Playfair पर यह कोड दर्ज करें:",
    expiry: "यह कोड {minutes} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा। इसे किसी के साथ साझा न करें, हमारे कर्मचारियों के साथ भी नहीं।",
    ignore: "यदि आपने कोड का अनुरोध नहीं किया है, तो इस संदेश को अनदेखा करें।",
  },
  fa: {
    sms: "{code} کد Playfair شماست. این کد تا {minutes} دقیقه معتبر است. آن را با هیچ‌کس در میان نگذارید.",
    subject: "کد Playfair شما: {code}",
    heading: "کد تأیید شما",
    intro: "برای ادامه، این کد را در Playfair وارد کنید:",
    expiry: "این کد تا {minutes} دقیقه معتبر است و فقط یک بار کار می‌کند. آن را با هیچ‌کس، حتی کارکنان ما، در میان نگذارید.",
    ignore: "اگر درخواست کد نکرده‌اید، این پیام را نادیده بگیرید.",
  },
};
