import { describe, expect, it } from 'vitest';
import { sharedFixture } from '@/test-utils/fixtures';
import { centsToAmount, defaultOfferCents, sellerNetCents, toCents } from './fees';

interface FeeCase {
  price: string;
  net: string;
  defaultOffer: string;
}

const { cases } = sharedFixture<{ cases: FeeCase[] }>('seller-net.json');

describe('fees (integer-cent port of domain/fees.py)', () => {
  it('has the shared cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('seller net of $price is $net', ({ price, net }) => {
    expect(centsToAmount(sellerNetCents(toCents(price)!))).toBe(net);
  });

  it.each(cases)('default offer for $price is $defaultOffer', ({ price, defaultOffer }) => {
    expect(centsToAmount(defaultOfferCents(toCents(price)!))).toBe(defaultOffer);
  });

  it('reads typed amounts exactly and refuses what is not a number', () => {
    expect(toCents('$12.5')).toBe(1250);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('1.005')).toBe(101);
    expect(toCents('')).toBeUndefined();
    expect(toCents('.')).toBeUndefined();
    expect(toCents('-3')).toBeUndefined();
    expect(toCents('12,50')).toBeUndefined();
    expect(toCents('abc')).toBeUndefined();
  });
});
