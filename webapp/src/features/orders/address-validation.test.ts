import { describe, expect, it } from 'vitest';
import { messageCases } from '@/test-utils/form-messages';
import type { AddressFields } from './api';
import {
  addressLines,
  COUNTRY_MESSAGE,
  EMPTY_ADDRESS,
  PHONE_MESSAGE,
  STATE_MESSAGE,
  validateAddress,
  ZIP_MESSAGE,
} from './address-validation';

describe('validateAddress', () => {
  it('uses the spec messages for short fields, "required" for blank ones, and leaves line 2 optional', () => {
    const errors = validateAddress({ ...EMPTY_ADDRESS, fullName: 'M', zipCode: '123' });
    expect(errors.fullName).toBe('Name must be at least 2 characters');
    expect(errors.zipCode).toBe('ZIP code must be at least 5 characters');
    expect(errors.addressLine1).toBe('Address is required');
    expect(errors.state).toBe('State is required');
    expect(errors.phoneNumber).toBe('Phone number is required');
    expect(errors.addressLine2).toBeUndefined();
    expect(errors.country).toBeUndefined();
  });

  it.each(messageCases<AddressFields>('address'))(
    'words %s as the server does (form-messages.json)',
    (_name, { values, field, message }) => {
      expect(validateAddress(values)[field as keyof AddressFields]).toBe(message);
    },
  );

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
    expect(lines).toEqual([
      'Maya Chen',
      '12 Market Street',
      'Boston, MA 02110',
      'United States',
      '6175550100',
    ]);
  });
});

describe('validateAddress: US only (issue 36)', () => {
  const good = {
    ...EMPTY_ADDRESS,
    fullName: 'Maya Chen',
    addressLine1: '12 Market Street',
    city: 'Boston',
    state: 'MA',
    zipCode: '02110',
    phoneNumber: '(617) 555-0100',
  };

  it('takes a US ZIP, ZIP+4, a punctuated 10-digit phone and a state by code or name', () => {
    expect(validateAddress(good)).toEqual({});
    expect(validateAddress({ ...good, zipCode: '02110-1234', state: 'massachusetts' })).toEqual({});
    expect(validateAddress({ ...good, zipCode: '021101234', phoneNumber: '617.555.0100' })).toEqual({});
    expect(validateAddress({ ...good, phoneNumber: '+1 617 555 0100' })).toEqual({});
    expect(validateAddress({ ...good, phoneNumber: '1-617-555-0100' })).toEqual({});
  });

  it('refuses letters, wrong digit counts, unknown states and other countries', () => {
    expect(validateAddress({ ...good, zipCode: 'ABCDE' }).zipCode).toBe(ZIP_MESSAGE);
    expect(validateAddress({ ...good, zipCode: '021101' }).zipCode).toBe(ZIP_MESSAGE);
    expect(validateAddress({ ...good, phoneNumber: '617555010A' }).phoneNumber).toBe(PHONE_MESSAGE);
    expect(validateAddress({ ...good, phoneNumber: '+44 20 7946 0958' }).phoneNumber).toBe(PHONE_MESSAGE);
    expect(validateAddress({ ...good, phoneNumber: '+2 617 555 0100' }).phoneNumber).toBe(PHONE_MESSAGE);
    expect(validateAddress({ ...good, phoneNumber: '+1 617 555 01000' }).phoneNumber).toBe(PHONE_MESSAGE);
    expect(validateAddress({ ...good, state: 'Ontario' }).state).toBe(STATE_MESSAGE);
    expect(validateAddress({ ...good, country: 'Canada' }).country).toBe(COUNTRY_MESSAGE);
  });

  it('keeps the spec message for a value that is too short, and says the format of one that never fits', () => {
    expect(validateAddress({ ...good, zipCode: '021' }).zipCode).toBe(
      'ZIP code must be at least 5 characters',
    );
    expect(validateAddress({ ...good, zipCode: 'AB' }).zipCode).toBe(ZIP_MESSAGE);
    expect(validateAddress({ ...good, phoneNumber: 'call' }).phoneNumber).toBe(PHONE_MESSAGE);
  });
});
