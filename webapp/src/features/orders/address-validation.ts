import { usStateCode } from '@/entities/order/us-states';
import { requiredMessage } from '@/lib/text-rules';
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

/** Rethread ships within the United States only (issue 36): checked once a field's length is
 * right, with the server's messages (domain/validation/addresses.py). */
export const ZIP_MESSAGE = 'ZIP code must be 5 digits, or ZIP+4 such as 12345-6789';
export const PHONE_MESSAGE = 'Phone number must have 10 digits, such as (555) 123-4567';
export const STATE_MESSAGE = 'Choose a US state from the list';
export const COUNTRY_MESSAGE = 'Rethread ships within the United States only';
const COUNTRY_NAMES = new Set(['united states', 'united states of america', 'us', 'usa', 'u.s.', 'u.s.a.']);

const US_RULES: Partial<Record<keyof AddressFields, [(value: string) => boolean, string]>> = {
  zipCode: [(value) => /^[0-9]{5}(?:-?[0-9]{4})?$/.test(value), ZIP_MESSAGE],
  // 10 digits, with or without the US country code before them (+1 617 555 0100).
  phoneNumber: [(value) => /^1?[0-9]{10}$/.test(value.replace(/[\s().+/-]/g, '')), PHONE_MESSAGE],
  state: [(value) => usStateCode(value) !== null, STATE_MESSAGE],
  country: [(value) => COUNTRY_NAMES.has(value.split(/\s+/).join(' ').toLowerCase()), COUNTRY_MESSAGE],
};

/** What a ZIP code or a phone number may hold at all: one holding anything else ("abc") is told
 * its format before its length, as the server does. */
const FORMAT_RULES: Partial<Record<keyof AddressFields, [(value: string) => boolean, string]>> = {
  zipCode: [(value) => /^[0-9-]+$/.test(value), ZIP_MESSAGE],
  phoneNumber: [(value) => /^[0-9]*$/.test(value.replace(/[\s().+/-]/g, '')), PHONE_MESSAGE],
};

/** Blank: "required"; characters the field never holds: its format; then the spec's lengths; then
 * the US rule (tests/fixtures/form-messages.json holds the server to the same messages). */
function fieldError(field: keyof AddressFields, value: string, min: number, label: string) {
  if (!value) return requiredMessage(label);
  const format = FORMAT_RULES[field];
  if (format && !format[0](value)) return format[1];
  if (value.length < min) return `${label} must be at least ${min} characters`;
  const us = US_RULES[field];
  return us && !us[0](value) ? us[1] : undefined;
}

export function validateAddress(address: AddressFields): Partial<Record<keyof AddressFields, string>> {
  const errors: Partial<Record<keyof AddressFields, string>> = {};
  for (const [field, min, label] of RULES) {
    const message = fieldError(field, address[field].trim(), min, label);
    if (message) errors[field] = message;
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
