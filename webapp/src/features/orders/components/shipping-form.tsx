import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AddressFields } from '../api';
import { validateAddress } from '../address-validation';

export interface ShippingChoice {
  address: AddressFields;
  saveAsUserAddress: boolean;
  setAsDefault: boolean;
}

interface ShippingFormProps {
  initial: ShippingChoice;
  onSubmit: (choice: ShippingChoice) => void;
}

const FIELDS: { name: keyof AddressFields; label: string; autoComplete: string; required: boolean }[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name', required: true },
  { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1', required: true },
  { name: 'addressLine2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', required: false },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'zipCode', label: 'ZIP code', autoComplete: 'postal-code', required: true },
  { name: 'country', label: 'Country', autoComplete: 'country-name', required: true },
  { name: 'phoneNumber', label: 'Phone number', autoComplete: 'tel', required: true },
];

/** Step 1: where to ship (spec §5 Shipping form), optionally kept for the next checkout. */
export function ShippingForm({ initial, onSubmit }: ShippingFormProps) {
  const [address, setAddress] = useState(initial.address);
  const [save, setSave] = useState(initial.saveAsUserAddress);
  const [makeDefault, setMakeDefault] = useState(initial.setAsDefault);
  const [errors, setErrors] = useState<Partial<Record<keyof AddressFields, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAddress(address);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSubmit({ address, saveAsUserAddress: save, setAsDefault: save && makeDefault });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Shipping address">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.map(({ name, label, autoComplete, required }) => (
            <TextInput
              key={name}
              label={label}
              name={name}
              autoComplete={autoComplete}
              withAsterisk={required}
              value={address[name]}
              error={errors[name]}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setAddress((current) => ({ ...current, [name]: value }));
                setErrors((current) => ({ ...current, [name]: undefined }));
              }}
            />
          ))}
        </SimpleGrid>
        <Checkbox label="Save this address for next time" checked={save}
          onChange={(event) => setSave(event.currentTarget.checked)} />
        {save && (
          <Checkbox label="Set as my default address" checked={makeDefault}
            onChange={(event) => setMakeDefault(event.currentTarget.checked)} />
        )}
        <Group justify="flex-end">
          <Button type="submit">Continue to Payment</Button>
        </Group>
      </Stack>
    </form>
  );
}
