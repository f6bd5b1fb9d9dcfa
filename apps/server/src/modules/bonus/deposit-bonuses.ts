import { and, asc, count, desc, eq, notInArray } from "drizzle-orm";
import { DEFAULT_WAGERING_MULTIPLIER_CAP, WELCOME_PACKAGE_STEPS } from "@playfair/contracts/bonus/bonus-constants";
import type { DepositBonus, WelcomePackage } from "@playfair/contracts/bonus/player-bonuses";
import { INVOICE_STATUS, INVOICE_TYPE } from "@playfair/contracts/constants";
import { compareAmounts } from "@playfair/contracts/money";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { validationFailed } from "../../lib/app-error.ts";
import { paymentInvoices } from "../payment/payment.schema.ts";
import type { IssuedDepositBonus } from "../payment/deposit-bonus-hooks.ts";
import type { BonusCodes } from "./bonus-codes.ts";
import { codeRefusal } from "./bonus-codes.ts";
import { depositBonusAmount, lockPlayerGrants, selectedCurrency, minimumDeposit, ratedCurrencies, type BonusGrants, type RatedCurrencies } from "./bonus-grants.ts";
import { minAmount, wageringCapFor, type BonusLifecycle, type BonusTemplateRow, type IneligibleReason } from "./bonus-lifecycle.ts";
import { bonusPackages, bonusPackageSteps, bonusTemplates, playerBonuses } from "./bonus.schema.ts";
import { localized } from "./player-bonus-views.ts";

// Deposit bonuses (spec 3 Deposit bonus, 7 GET /api/game/bonuses and /bonuses/status): what a
// deposit could take (the welcome package's step for the player's next deposit and the other
// deposit templates), checking a deposit's choice before its invoice exists, and issuing what it
// earned inside the transaction that credits it.

type Offer = { template: BonusTemplateRow; package: { id: string; step: number } | null };
type PackageRow = typeof bonusPackages.$inferSelect;
type StepRow = { step: number; template: BonusTemplateRow };

/** Why a deposit bonus cannot be taken (BONUS_UNAVAILABLE_REASONS). */
export type UnavailableReason = IneligibleReason | "unknown" | "notEligible";

const UNAVAILABLE_MESSAGES: Record<UnavailableReason | "notQualifying", string> = {
  unknown: "This bonus does not exist.",
  notEligible: "This bonus is not offered with this deposit.",
  restricted: "Bonuses are not available to your account at the moment.",
  optedOut: "Bonuses are turned off in your profile.",
  excludedCountry: "This bonus is not offered in your country.",
  alreadyReceived: "You have already received this bonus.",
  ended: "This bonus is no longer offered.",
  currency: "This bonus is not offered in this currency.",
  notQualifying: "This deposit is under the bonus's minimum.",
};

export type DepositBonuses = ReturnType<typeof createDepositBonuses>;

export function createDepositBonuses(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  lifecycle: BonusLifecycle;
  grants: BonusGrants;
  codes: BonusCodes;
  knownPrecision(currency: string): string;
}) {
  const { db, logger, lifecycle, grants, codes, knownPrecision } = dependencies;

  /** The welcome package: the oldest active package (operators run one at a time), with its steps. */
  async function welcomePackage(executor: DbExecutor): Promise<{ package: PackageRow; steps: StepRow[] } | null> {
    const [found] = await executor.select().from(bonusPackages).where(eq(bonusPackages.isActive, true)).orderBy(asc(bonusPackages.createdAt)).limit(1);
    if (!found) return null;
    const steps = await executor
      .select({ step: bonusPackageSteps.step, template: bonusTemplates })
      .from(bonusPackageSteps)
      .innerJoin(bonusTemplates, eq(bonusTemplates.id, bonusPackageSteps.templateId))
      .where(eq(bonusPackageSteps.packageId, found.id))
      .orderBy(asc(bonusPackageSteps.step));
    return { package: found, steps };
  }

  async function successfulDeposits(executor: DbExecutor, playerId: string): Promise<number> {
    const [row] = await executor
      .select({ deposits: count() })
      .from(paymentInvoices)
      .where(and(eq(paymentInvoices.playerId, playerId), eq(paymentInvoices.type, INVOICE_TYPE.deposit), eq(paymentInvoices.status, INVOICE_STATUS.success)));
    return row?.deposits ?? 0;
  }

  /** What deposit number `depositNumber` may take: its welcome package step, then the active deposit templates outside every package. */
  async function offersFor(executor: DbExecutor, depositNumber: number): Promise<Offer[]> {
    const offers: Offer[] = [];
    const welcome = await welcomePackage(executor);
    const step = welcome?.steps.find((entry) => entry.step === depositNumber && depositNumber <= WELCOME_PACKAGE_STEPS);
    if (welcome && step) offers.push({ template: step.template, package: { id: welcome.package.id, step: step.step } });
    const inPackages = executor.select({ id: bonusPackageSteps.templateId }).from(bonusPackageSteps);
    const others = await executor
      .select()
      .from(bonusTemplates)
      .where(and(eq(bonusTemplates.kind, "deposit"), eq(bonusTemplates.isActive, true), notInArray(bonusTemplates.id, inPackages)))
      .orderBy(asc(bonusTemplates.createdAt));
    for (const template of others) offers.push({ template, package: null });
    return offers;
  }

  /** `multiplierCap`: the player's (wageringCapFor); the platform's for a guest. */
  function offerView(offer: Offer, currency: string, amount: string | null, rated: RatedCurrencies, locale: string, multiplierCap = DEFAULT_WAGERING_MULTIPLIER_CAP): DepositBonus | null {
    const { template } = offer;
    if (template.reward.kind !== "deposit") return null;
    const reward = template.reward;
    const maxAmount = reward.maxAmount[currency];
    if (maxAmount === undefined) return null;
    const minDeposit = minimumDeposit(reward.trigger, currency, rated);
    const qualifies = amount === null || compareAmounts(amount, minDeposit) >= 0;
    const terms = template.terms;
    return {
      id: template.id,
      package: offer.package,
      code: template.code,
      title: localized(template.title, locale),
      description: localized(template.description, locale),
      percent: reward.percent,
      maxAmount,
      minDeposit,
      bonusAmount: amount !== null && qualifies ? depositBonusAmount(reward, currency, amount, knownPrecision(currency)) : null,
      qualifies,
      triggerConditions: reward.trigger,
      // The player sees the multiplier they will get: capped (ADR 034).
      terms: { ...terms, wageringMultiplier: minAmount(terms.wageringMultiplier, multiplierCap) },
      pageIdentity: template.pageIdentity,
    };
  }

  /** Why the player cannot take template `id` with their next deposit in `currency`, or null. */
  async function unavailability(executor: DbExecutor, playerId: string, id: string, currency: string): Promise<{ reason: UnavailableReason; offer: null } | { reason: null; offer: Offer }> {
    const offers = await offersFor(executor, (await successfulDeposits(executor, playerId)) + 1);
    const offer = offers.find((entry) => entry.template.id === id);
    if (!offer) {
      const [template] = await executor.select({ kind: bonusTemplates.kind }).from(bonusTemplates).where(eq(bonusTemplates.id, id));
      return { reason: template?.kind === "deposit" ? "notEligible" : "unknown", offer: null };
    }
    const refused = await lifecycle.ineligibility(executor, playerId, offer.template, currency);
    return refused ? { reason: refused, offer: null } : { reason: null, offer };
  }

  return {
    /** GET /api/game/bonuses: the offers the player could take with a deposit of `amount` in `currency` now. */
    async offers(playerId: string, currency: string, amount: string | null, locale: string): Promise<DepositBonus[]> {
      const rated = await ratedCurrencies(db);
      if (!rated.has(currency)) return [];
      const offers = await offersFor(db, (await successfulDeposits(db, playerId)) + 1);
      const views: DepositBonus[] = [];
      const multiplierCap = await wageringCapFor(db, playerId);
      for (const offer of offers) {
        if (await lifecycle.ineligibility(db, playerId, offer.template, currency)) continue;
        const view = offerView(offer, currency, amount, rated, locale, multiplierCap);
        if (view) views.push(view);
      }
      return views;
    },

    /** GET /api/game/bonuses/status: whether each bonus can still be taken, and why not. */
    async status(playerId: string, bonusIds: string[], currency: string): Promise<{ id: string; available: boolean; reason: UnavailableReason | null }[]> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const answers = [];
      for (const id of [...new Set(bonusIds)].slice(0, 50)) {
        if (!uuid.test(id)) {
          answers.push({ id, available: false, reason: "unknown" as const });
          continue;
        }
        const { reason } = await unavailability(db, playerId, id, currency);
        answers.push({ id, available: reason === null, reason });
      }
      return answers;
    },

    /**
     * GET /api/game/bonuses/package: the welcome package's steps, their terms in `currency` (else
     * the player's account currency, else the base currency) and the player's progress.
     */
    async welcomePackage(playerId: string | null, asked: string | null, locale: string): Promise<WelcomePackage | null> {
      const welcome = await welcomePackage(db);
      if (!welcome) return null;
      const rated = await ratedCurrencies(db);
      const base = [...rated.entries()].find(([, entry]) => entry.isBase)?.[0] ?? "EUR";
      const currency = asked ?? (playerId ? await selectedCurrency(db, playerId) : null) ?? base;
      const depositCount = playerId ? await successfulDeposits(db, playerId) : 0;
      const given = playerId
        ? await db
            .select({ id: playerBonuses.id, step: playerBonuses.packageStep })
            .from(playerBonuses)
            .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.packageId, welcome.package.id)))
            .orderBy(desc(playerBonuses.issuedAt))
        : [];
      const steps: WelcomePackage["steps"] = [];
      const multiplierCap = playerId ? await wageringCapFor(db, playerId) : DEFAULT_WAGERING_MULTIPLIER_CAP;
      for (const { step, template } of welcome.steps) {
        const view = offerView({ template, package: { id: welcome.package.id, step } }, currency, null, rated, locale, multiplierCap);
        if (!view) continue;
        const state = step <= depositCount ? "done" : step === depositCount + 1 ? "next" : "locked";
        steps.push({ step, template: view, state, playerBonusId: given.find((entry) => entry.step === step)?.id ?? null });
      }
      return { id: welcome.package.id, code: welcome.package.code, title: localized(welcome.package.title, locale), depositCount, steps };
    },

    /** Before a deposit invoice exists: the chosen bonus and the typed code must be takeable with it (422 otherwise). */
    async validate(request: { playerId: string; currency: string; amount: string; bonusId: string | null; bonusCode: string | null }): Promise<void> {
      const rated = await ratedCurrencies(db);
      if (request.bonusId) {
        const { reason, offer } = await unavailability(db, request.playerId, request.bonusId, request.currency);
        if (reason) throw validationFailed({ bonusId: [UNAVAILABLE_MESSAGES[reason]] });
        const view = offerView(offer, request.currency, request.amount, rated, "en");
        if (!view) throw validationFailed({ bonusId: [UNAVAILABLE_MESSAGES.currency] });
        if (!view.qualifies) throw validationFailed({ bonusId: [`This bonus needs a deposit of at least ${view.minDeposit} ${request.currency}.`] });
      }
      if (request.bonusCode) {
        const found = await codes.findCode(db, request.bonusCode);
        if (!found) throw codeRefusal("incorrect", "This bonus code does not exist.");
        if (found.code.trigger !== "deposit") throw codeRefusal("incorrect", "This code does not go with a deposit.");
        const closed = codes.codeClosed(found.code);
        if (closed) throw codeRefusal("notAvailable", closed);
        const mine = await codes.usedBy(db, request.playerId, found.code.id);
        if (mine && mine.status !== 1) throw codeRefusal("notAvailable", "You have already used this bonus code.");
        if (!mine && found.code.maxUses !== null && found.code.uses >= found.code.maxUses) throw codeRefusal("notAvailable", "This bonus code has been used up.");
        const refused = await lifecycle.ineligibility(db, request.playerId, found.template, request.currency);
        if (refused === "optedOut") {
          // Typing a code asks for its bonus; the consent is recorded when the code is accepted.
        } else if (refused) {
          throw codeRefusal("notAvailable", UNAVAILABLE_MESSAGES[refused]);
        }
        if (found.template.reward.kind === "deposit") {
          const minimum = minimumDeposit(found.template.reward.trigger, request.currency, rated);
          if (compareAmounts(request.amount, minimum) < 0) throw codeRefusal("notAvailable", `This code needs a deposit of at least ${minimum} ${request.currency}.`);
        }
      }
    },

    /**
     * Inside the credit's transaction: the chosen bonus (when this deposit may still take it) and
     * the deposit codes. A deposit that no longer qualifies issues nothing, and the log says why.
     */
    async credited(tx: DbExecutor, invoice: { id: string; playerId: string; currency: string; amount: string; depositNumber: number | null; bonusId: string | null; bonusCode: string | null }): Promise<IssuedDepositBonus | null> {
      if (!invoice.bonusId && !invoice.bonusCode && !(await codes.hasWaitingCodes(tx, invoice.playerId))) return null;
      let bonusId: string | null = null;
      await lockPlayerGrants(tx, invoice.playerId);
      const rated = await ratedCurrencies(tx);
      if (invoice.bonusId) {
        const offers = await offersFor(tx, invoice.depositNumber ?? (await successfulDeposits(tx, invoice.playerId)));
        const offer = offers.find((entry) => entry.template.id === invoice.bonusId);
        if (!offer) {
          logger.info({ invoiceId: invoice.id, bonusId: invoice.bonusId, depositNumber: invoice.depositNumber }, "the chosen deposit bonus is not offered with this deposit any more");
        } else {
          const granted = await grants.grant(
            tx,
            {
              playerId: invoice.playerId,
              template: offer.template,
              currency: invoice.currency,
              source: offer.package ? "package" : "deposit",
              depositAmount: invoice.amount,
              invoiceId: invoice.id,
              ...(offer.package ? { packageId: offer.package.id, packageStep: offer.package.step } : {}),
            },
            rated,
          );
          if ("refused" in granted) logger.info({ invoiceId: invoice.id, bonusId: invoice.bonusId, reason: granted.refused }, "the chosen deposit bonus was not issued");
          else bonusId = offer.template.id;
        }
      }
      const bonusCode = await codes.creditDepositCodes(tx, invoice, rated);
      return bonusId || bonusCode ? { bonusId, bonusCode } : null;
    },
  };
}
