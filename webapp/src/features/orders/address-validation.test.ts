import { describe, expect, it } from 'vitest';
import { addressLines, EMPTY_ADDRESS, validateAddress } from './address-validation';

describe('validateAddress', () => {
  it('uses the spec messages and leaves line 2 optional', () => {
    const errors = validateAddress({ ...EMPTY_ADDRESS, fullName: 'M', zipCode: '123' });
    expect(errors.fullName).toBe('Name must be at least 2 characters');
    expect(errors.zipCode).toBe('ZIP code must be at least 5 characters');
    expect(errors.phoneNumber).toBe('Phone number must be at least 10 characters');
    expect(errors.addressLine2).toBeUndefined();
    expect(errors.country).toBeUndefined();
  });

  it('prints label lines without blanks', () => {
    const lines = addressLines({
      ...EMPTY_ADDRESS,
      fullName: 'Maya Chen',
      addressLine1: '12 Market Street',
      city: 'Boston',
      state: 'MA',
      zipCode: '02110',
      phoneNumber: '6175550100',
    });
    expect(lines).toEqual(['Maya Chen', '12 Market Street', 'Boston, MA 02110', 'United States', '6175550100']);
  });
});
