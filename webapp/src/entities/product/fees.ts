/**
 * Fee arithmetic ported from domain/fees.py in integer cents, so no float drift: the preview a
 * seller sees is what the server computes. tests/fixtures/seller-net.json checks both sides.
 */
export const SHIPPING_FEE_CENTS = 500;
/** 1 − 0.05 platform − 0.019 processing, in thousandths. */
const KEEP_PER_MILLE = 931;
const PAYOUT_FEE_CENTS = 10;
const OFFER_PERCENT = 90;

const AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/** Half-up division of a non-negative integer (what Decimal ROUND_HALF_UP does for x ≥ 0). */
function divideHalfUp(value: number, divisor: number): number {
  return Math.floor((value + divisor / 2) / divisor);
}

/**
 * '12.5' → 1250, rounded half-up to the cent like round_money ('2.345' → 235).
 * Undefined for anything that is not a plain non-negative decimal number.
 */
export function toCents(text: string | number): number | undefined {
  const match = AMOUNT.exec(String(text).trim().replace(/^\$/, ''));
  if (!match || (!match[1] && !match[2])) return undefined;
  const [, whole, fraction = ''] = match;
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return Number(fraction[2] ?? '0') >= 5 ? cents + 1 : cents;
}

/** What the seller receives at this price, in cents; never below 0. */
export function sellerNetCents(priceCents: number): number {
  const milliCents = priceCents * KEEP_PER_MILLE - PAYOUT_FEE_CENTS * 1000;
  return Math.max(0, divideHalfUp(milliCents, 1000));
}

/** The offer dialog's starting amount: 90% of the price, half-up to the cent. */
export function defaultOfferCents(priceCents: number): number {
  return divideHalfUp(priceCents * OFFER_PERCENT, 100);
}

/** The smallest offer the server takes: half the price, rounded up to the cent
 * (domain/validation/offers.py, docs/offers.md). */
export function minimumOfferCents(priceCents: number): number {
  return Math.ceil(priceCents / 2);
}

/** 1250 → '12.50' (the API's decimal-string form). */
export function centsToAmount(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}
