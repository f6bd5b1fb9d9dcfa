// The player bonus view every bonus test starts from (the bonuses page, the live updates, the
// wallet's bonus views): an active €50 deposit bonus, €120 of its €500 wagering done, max bet €5.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";

export function playerBonus(overrides: Partial<PlayerBonus> = {}): PlayerBonus {
  return {
    id: "0b5a5a8e-7d1c-4c1e-9a53-1f3c2a7b9d01",
    status: 2,
    result: 1,
    amount: "50.00",
    currency: "EUR",
    packageId: null,
    packageStep: null,
    issueSessionId: null,
    wagerCasinoConditions: { gameIds: [] },
    triggerConditions: null,
    kind: "deposit",
    source: "deposit",
    title: "Welcome bonus",
    description: "",
    pageIdentity: "welcome-bonus",
    terms: {
      product: "casino",
      wageringMultiplier: "10",
      wageringBase: "bonus",
      contributions: { slots: "100", default: "50" },
      gameIds: [],
      maxBet: { EUR: "5.00" },
      minMultiplier: "1",
      activationDays: 30,
      wageringDays: 30,
      maxConversionMultiplier: "5",
      excludedCountries: [],
    },
    balance: "42.10",
    wagering: { required: "500.00", wagered: "120.00", multiplier: "10" },
    maxBet: "5.00",
    maxConversion: "250.00",
    convertedAmount: "0",
    hasOpenRounds: false,
    issuedAt: "2026-11-30T10:00:00.000Z",
    activatedAt: "2026-11-30T10:05:00.000Z",
    expiresAt: "2026-12-30T10:05:00.000Z",
    finishedAt: null,
    ...overrides,
  };
}
