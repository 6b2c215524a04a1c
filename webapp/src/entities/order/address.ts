import type { AddressFields } from './order';

/** The shipping address inputs, in form order (checkout and the admin address dialog). */
export const ADDRESS_FIELDS: {
  name: keyof AddressFields;
  label: string;
  autoComplete: string;
  required: boolean;
}[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name', required: true },
  { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1', required: true },
  {
    name: 'addressLine2',
    label: 'Address line 2 (optional)',
    autoComplete: 'address-line2',
    required: false,
  },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'zipCode', label: 'ZIP code', autoComplete: 'postal-code', required: true },
  { name: 'country', label: 'Country', autoComplete: 'country-name', required: true },
  { name: 'phoneNumber', label: 'Phone number', autoComplete: 'tel', required: true },
];

/** Spec §9: the default country is United States. */
export const EMPTY_ADDRESS: AddressFields = {
  fullName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'United States',
  phoneNumber: '',
};

/** Spec §5 Admin shipping address form: the required fields left blank, in form order
 * (the same rule as domain/validation/addresses.py `missing_required_fields`). */
export function missingAddressFields(address: AddressFields): (keyof AddressFields)[] {
  return ADDRESS_FIELDS.filter(({ name, required }) => required && address[name].trim() === '').map(
    ({ name }) => name,
  );
}

/** 'Missing Required Fields: City, ZIP code' (the server's message, spec §5), by label. */
export function missingFieldsMessage(fields: string[]): string {
  const label = (name: string) =>
    ADDRESS_FIELDS.find((field) => field.name === name)?.label.replace(' (optional)', '') ?? name;
  return `Missing Required Fields: ${fields.map(label).join(', ')}`;
}
