/**
 * The sportsbook's stake rules per currency (ADR 035): the least and the most one bet may stake,
 * the most one player may stake on one market over all their open bets, and the most one bet may
 * pay. The bounds follow the originals' table (about 0.10 to 1,000 US dollars a bet); a market
 * takes twice a bet's maximum, and a bet pays at most 100 times it.
 */
export type SportStakeLimits = { min: string; max: string; maxPerMarket: string; maxPayout: string };

function limits(min: string, max: string, maxPerMarket: string, maxPayout: string): SportStakeLimits {
  return { min, max, maxPerMarket, maxPayout };
}

export const SPORT_STAKE_LIMITS: Readonly<Record<string, SportStakeLimits>> = {
  USD: limits("0.10", "1000.00", "2000.00", "100000.00"),
  EUR: limits("0.10", "1000.00", "2000.00", "100000.00"),
  CAD: limits("0.10", "1000.00", "2000.00", "100000.00"),
  PLN: limits("0.50", "4000.00", "8000.00", "400000.00"),
  BRL: limits("0.50", "5000.00", "10000.00", "500000.00"),
  MXN: limits("2.00", "20000.00", "40000.00", "2000000.00"),
  TRY: limits("3.00", "30000.00", "60000.00", "3000000.00"),
  UAH: limits("4.00", "40000.00", "80000.00", "4000000.00"),
  INR: limits("10.00", "80000.00", "160000.00", "8000000.00"),
  RUB: limits("10.00", "90000.00", "180000.00", "9000000.00"),
  KZT: limits("50.00", "500000.00", "1000000.00", "50000000.00"),
  UZS: limits("1000.00", "12000000.00", "24000000.00", "1200000000.00"),
  BTC: limits("0.000002", "0.02", "0.04", "2"),
  ETH: limits("0.00003", "0.3", "0.6", "30"),
  USDT: limits("0.10", "1000.00", "2000.00", "100000.00"),
  TRX: limits("1", "8000", "16000", "800000"),
  TON: limits("0.02", "200", "400", "20000"),
};

/** The share of a bet's fair value kept when it is cashed out early (5%). */
export const SPORT_CASHOUT_MARGIN = "0.05";

/** What live bets wait before they are decided, unless configured otherwise (SPORT_LIVE_DELAY_MS). */
export const SPORT_LIVE_DELAY_DEFAULT_MS = 5000;
