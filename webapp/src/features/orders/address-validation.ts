import type { AddressFields } from './api';

export { EMPTY_ADDRESS } from '@/entities/order/address';

/** Spec §5 Shipping form, the same rules and messages as domain/validation/addresses.py. */
const RULES: [keyof AddressFields, number, string][] = [
  ['fullName', 2, 'Name'],
  ['addressLine1', 5, 'Address'],
  ['city', 2, 'City'],
  ['state', 2, 'State'],
  ['zipCode', 5, 'ZIP code'],
  ['country', 2, 'Country'],
  ['phoneNumber', 10, 'Phone number'],
];

export function validateAddress(address: AddressFields): Partial<Record<keyof AddressFields, string>> {
  const errors: Partial<Record<keyof AddressFields, string>> = {};
  for (const [field, min, label] of RULES) {
    if (address[field].trim().length < min) errors[field] = `${label} must be at least ${min} characters`;
  }
  return errors;
}

/** The lines a shipping label prints. */
export function addressLines(address: AddressFields): string[] {
  return [
    address.fullName,
    address.addressLine1,
    address.addressLine2,
    `${address.city}, ${address.state} ${address.zipCode}`,
    address.country,
    address.phoneNumber,
  ].filter((line) => line.trim() !== '');
}
