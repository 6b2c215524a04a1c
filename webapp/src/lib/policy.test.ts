import { describe, expect, it } from 'vitest';
import { sharedFixture } from '@/test-utils/fixtures';
import { PAYOUT_FEES, POLICY } from './policy';

interface FiguresFixture {
  figures: Record<string, string>;
}

const { figures } = sharedFixture<FiguresFixture>('policy-figures.json');

describe('POLICY (checked against domain/ via tests/fixtures/policy-figures.json)', () => {
  it('quotes every figure the server enforces as the server does', () => {
    expect(Object.keys(figures).length).toBeGreaterThanOrEqual(8);
    for (const [key, value] of Object.entries(figures)) {
      expect(POLICY[key as keyof typeof POLICY], key).toBe(value);
    }
  });

  it('words the payout fees from the same figures', () => {
    expect(PAYOUT_FEES).toBe(
      `${figures.platformFee} platform fee, ${figures.processingFee} processing and ${figures.payoutFee} per sale`,
    );
  });
});
