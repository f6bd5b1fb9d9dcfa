import type { BonusReward, BonusTerms, LocalizedText } from "@playfair/contracts/bonus/templates";
import type { AppDatabase } from "../../db/database.ts";
import { bonusCodes, bonusPackageSteps, bonusPackages, bonusTemplates } from "./bonus.schema.ts";

// The demo offers every install starts with (inserted when missing, never overwritten, so an
// operator's edits survive restarts): the welcome package over the first four deposits, a reload
// bonus, a no-deposit bonus behind two codes, free spins on Starfall and weekly cashback.

/**
 * Rough units of each fiat currency per euro, as whole numbers: offers read "10 EUR / 10 USD / 50 BRL",
 * round figures a player recognises rather than converted amounts with cents.
 */
const FIAT_SCALE: Record<string, bigint> = { EUR: 1n, USD: 1n, CAD: 1n, PLN: 4n, BRL: 5n, TRY: 30n, UAH: 40n, MXN: 20n, INR: 80n, RUB: 90n, KZT: 500n, UZS: 12_000n };

/** `euros` (a whole number, or one with two decimals) in every seeded fiat currency. */
function perCurrency(euros: string): Record<string, string> {
  const [whole = "0", cents = ""] = euros.split(".");
  const minor = BigInt(whole) * 100n + BigInt(cents.padEnd(2, "0") || "0");
  const amounts: Record<string, string> = {};
  for (const [currency, scale] of Object.entries(FIAT_SCALE)) {
    const scaled = minor * scale;
    amounts[currency] = scaled % 100n === 0n ? (scaled / 100n).toString() : `${scaled / 100n}.${(scaled % 100n).toString().padStart(2, "0")}`;
  }
  return amounts;
}

function depositReward(percent: string, maxEuros: string, minEuros: string): BonusReward {
  const minimum = perCurrency(minEuros);
  return {
    kind: "deposit",
    percent,
    maxAmount: perCurrency(maxEuros),
    trigger: { invoiceAmountItems: Object.entries(minimum).map(([currency, amountFrom]) => ({ currency, amountFrom })), baseCurrencyInvoiceAmountFrom: minEuros },
  };
}

function casinoTerms(overrides: Partial<BonusTerms> = {}): BonusTerms {
  return {
    product: "casino",
    wageringMultiplier: "10",
    wageringBase: "bonus",
    // Slots count in full; table and card games, where the house edge is small, a tenth.
    contributions: { slots: "100", table: "10", card: "10", default: "50" },
    gameIds: [],
    maxBet: perCurrency("5"),
    minMultiplier: "1",
    activationDays: 30,
    wageringDays: 30,
    maxConversionMultiplier: "5",
    excludedCountries: [],
    ...overrides,
  };
}

type TemplateSeed = { code: string; kind: BonusReward["kind"]; title: LocalizedText; description: LocalizedText; pageIdentity: string | null; reward: BonusReward; terms: BonusTerms; perPlayerLimit?: number };

const WELCOME_TITLES: LocalizedText[] = [1, 2, 3, 4].map((step) => ({
  en: `Welcome bonus: deposit ${step}`,
  de: `Willkommensbonus: Einzahlung ${step}`,
  es: `Bono de bienvenida: depósito ${step}`,
  "pt-br": `Bônus de boas-vindas: depósito ${step}`,
  ru: `Приветственный бонус: депозит ${step}`,
  tr: `Hoş geldin bonusu: ${step}. yatırım`,
  hi: `स्वागत बोनस: जमा ${step}`,
  fa: `پاداش خوش‌آمد: واریز ${step}`,
}));

function matchText(percent: string, max: string): LocalizedText {
  return {
    en: `${percent}% of your deposit up to ${max} EUR, wagered 10 times.`,
    de: `${percent} % Ihrer Einzahlung bis ${max} EUR, 10-mal umzusetzen.`,
    es: `${percent} % de tu depósito hasta ${max} EUR, con un requisito de apuesta de 10 veces.`,
    "pt-br": `${percent}% do seu depósito até ${max} EUR, com rollover de 10 vezes.`,
    ru: `${percent}% от депозита до ${max} EUR, вейджер x10.`,
    tr: `Yatırımınızın %${percent}'ü, en fazla ${max} EUR, 10 kez çevrilir.`,
    hi: `आपकी जमा राशि का ${percent}%, ${max} EUR तक, 10 बार दांव पर लगाना होगा।`,
    fa: `${percent}٪ واریز شما تا ${max} یورو، با ۱۰ بار گردش.`,
  };
}

const WELCOME_STEPS: [string, string, string][] = [
  ["100", "100", "10"],
  ["50", "200", "20"],
  ["50", "300", "20"],
  ["100", "500", "20"],
];

export const BONUS_TEMPLATE_SEEDS: readonly TemplateSeed[] = [
  ...WELCOME_STEPS.map(([percent, max, min], index) => ({
    code: `welcome-${index + 1}`,
    kind: "deposit" as const,
    title: WELCOME_TITLES[index]!,
    description: matchText(percent, max),
    pageIdentity: "welcome-bonus",
    reward: depositReward(percent, max, min),
    terms: casinoTerms(),
  })),
  {
    code: "reload-50",
    kind: "deposit",
    title: { en: "Reload bonus", de: "Reload-Bonus", es: "Bono de recarga", "pt-br": "Bônus de recarga", ru: "Бонус на пополнение", tr: "Yeniden yükleme bonusu", hi: "रीलोड बोनस", fa: "پاداش شارژ مجدد" },
    description: matchText("50", "100"),
    pageIdentity: null,
    reward: depositReward("50", "100", "20"),
    terms: casinoTerms(),
    perPlayerLimit: 10,
  },
  {
    code: "no-deposit-10",
    kind: "noDeposit",
    title: { en: "10 free to play", de: "10 gratis zum Spielen", es: "10 gratis para jugar", "pt-br": "10 grátis para jogar", ru: "10 бесплатно для игры", tr: "Oynamak için 10 bedava", hi: "खेलने के लिए 10 मुफ़्त", fa: "۱۰ رایگان برای بازی" },
    description: {
      en: "A bonus without a deposit: wager it 10 times; up to 5 times the bonus becomes real money.",
      de: "Ein Bonus ohne Einzahlung: 10-mal umsetzen; bis zum Fünffachen wird Echtgeld.",
      es: "Un bono sin depósito: apuéstalo 10 veces; hasta 5 veces el bono pasa a dinero real.",
      "pt-br": "Um bônus sem depósito: aposte 10 vezes; até 5 vezes o bônus vira dinheiro real.",
      ru: "Бонус без депозита: отыграйте его 10 раз; до пятикратной суммы станет реальными деньгами.",
      tr: "Yatırımsız bonus: 10 kez çevirin; bonusun 5 katına kadarı gerçek paraya döner.",
      hi: "बिना जमा का बोनस: इसे 10 बार दांव पर लगाएं; बोनस का 5 गुना तक असली पैसा बनता है।",
      fa: "پاداش بدون واریز: ۱۰ بار گردش دهید؛ تا ۵ برابر پاداش به پول واقعی تبدیل می‌شود.",
    },
    pageIdentity: null,
    reward: { kind: "noDeposit", amount: perCurrency("10") },
    terms: casinoTerms({ activationDays: 7, wageringDays: 7 }),
  },
  {
    code: "starfall-20",
    kind: "freespins",
    title: { en: "20 free spins on Starfall", de: "20 Freispiele für Starfall", es: "20 giros gratis en Starfall", "pt-br": "20 rodadas grátis em Starfall", ru: "20 фриспинов в Starfall", tr: "Starfall'da 20 bedava dönüş", hi: "Starfall पर 20 फ्री स्पिन", fa: "۲۰ چرخش رایگان در Starfall" },
    description: {
      en: "20 spins at 0.20 each; what they win is a bonus wagered 10 times.",
      de: "20 Drehungen zu je 0,20; der Gewinn ist ein Bonus, 10-mal umzusetzen.",
      es: "20 giros de 0,20; lo que ganen es un bono que se apuesta 10 veces.",
      "pt-br": "20 rodadas de 0,20; o que ganharem é um bônus com rollover de 10 vezes.",
      ru: "20 вращений по 0,20; выигрыш становится бонусом с вейджером x10.",
      tr: "Her biri 0,20 olan 20 dönüş; kazancı 10 kez çevrilecek bir bonustur.",
      hi: "0.20 के 20 स्पिन; जीत एक बोनस है जिसे 10 बार दांव पर लगाना होगा।",
      fa: "۲۰ چرخش هر کدام ۰٫۲۰؛ برد آن‌ها پاداشی با ۱۰ بار گردش است.",
    },
    pageIdentity: null,
    reward: { kind: "freespins", count: 20, spinValue: perCurrency("0.20"), gameIds: ["playfair-slot"] },
    terms: casinoTerms({ gameIds: ["playfair-slot"], activationDays: 7, wageringDays: 7 }),
  },
  {
    code: "weekly-cashback",
    kind: "cashback",
    title: { en: "Weekly cashback", de: "Wöchentliches Cashback", es: "Cashback semanal", "pt-br": "Cashback semanal", ru: "Еженедельный кэшбэк", tr: "Haftalık nakit iade", hi: "साप्ताहिक कैशबैक", fa: "بازگشت وجه هفتگی" },
    description: {
      en: "10% of last week's net losses back as a bonus, wagered once.",
      de: "10 % der Nettoverluste der Vorwoche als Bonus zurück, einmal umzusetzen.",
      es: "El 10 % de tus pérdidas netas de la semana pasada como bono, a apostar una vez.",
      "pt-br": "10% das perdas líquidas da semana passada de volta como bônus, com rollover de 1 vez.",
      ru: "10% чистого проигрыша за прошлую неделю возвращается бонусом с вейджером x1.",
      tr: "Geçen haftaki net kayıplarınızın %10'u bonus olarak geri, bir kez çevrilir.",
      hi: "पिछले सप्ताह के शुद्ध नुकसान का 10% बोनस के रूप में वापस, एक बार दांव पर।",
      fa: "۱۰٪ زیان خالص هفته گذشته به‌صورت پاداش با یک بار گردش برمی‌گردد.",
    },
    pageIdentity: null,
    reward: { kind: "cashback", percent: "10", periodDays: 7, minLoss: perCurrency("10"), maxAmount: perCurrency("100") },
    terms: casinoTerms({ wageringMultiplier: "1", maxConversionMultiplier: null, activationDays: 7, wageringDays: 7 }),
  },
];

const BONUS_CODE_SEEDS = [
  { code: "FREE10", trigger: "manual", templateCode: "no-deposit-10" },
  { code: "WELCOME", trigger: "registration", templateCode: "no-deposit-10" },
  { code: "SPINS20", trigger: "deposit", templateCode: "starfall-20" },
] as const;

const WELCOME_PACKAGE_TITLE: LocalizedText = {
  en: "Welcome package",
  de: "Willkommenspaket",
  es: "Paquete de bienvenida",
  "pt-br": "Pacote de boas-vindas",
  ru: "Приветственный пакет",
  tr: "Hoş geldin paketi",
  hi: "स्वागत पैकेज",
  fa: "بسته خوش‌آمد",
};

export async function seedBonuses(db: AppDatabase): Promise<void> {
  await db
    .insert(bonusTemplates)
    .values(BONUS_TEMPLATE_SEEDS.map((seed) => ({ ...seed, perPlayerLimit: seed.perPlayerLimit ?? 1 })))
    .onConflictDoNothing({ target: bonusTemplates.code });
  const templates = new Map((await db.select({ id: bonusTemplates.id, code: bonusTemplates.code }).from(bonusTemplates)).map((row) => [row.code, row.id]));
  const [welcome] = await db.insert(bonusPackages).values({ code: "welcome", title: WELCOME_PACKAGE_TITLE }).onConflictDoNothing({ target: bonusPackages.code }).returning({ id: bonusPackages.id });
  // Steps only with a new package: an operator's package keeps the steps they chose.
  if (welcome) {
    await db.insert(bonusPackageSteps).values(WELCOME_STEPS.map((_step, index) => ({ packageId: welcome.id, step: index + 1, templateId: templates.get(`welcome-${index + 1}`)! })));
  }
  const codes = BONUS_CODE_SEEDS.filter((seed) => templates.has(seed.templateCode)).map((seed) => ({ code: seed.code, trigger: seed.trigger, templateId: templates.get(seed.templateCode)! }));
  if (codes.length > 0) await db.insert(bonusCodes).values(codes).onConflictDoNothing({ target: bonusCodes.code });
}

