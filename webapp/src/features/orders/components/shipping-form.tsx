import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { submitWith } from '@/lib/form';
import { ADDRESS_FIELDS } from '@/entities/order/address';
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

/** Step 1: where to ship (spec §5 Shipping form), optionally kept for the next checkout. */
export function ShippingForm({ initial, onSubmit }: ShippingFormProps) {
  const form = useForm<ShippingChoice>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) =>
      Object.fromEntries(Object.entries(validateAddress(values.address)).map(([k, v]) => [`address.${k}`, v])),
  });
  const save = form.values.saveAsUserAddress;
  return (
    <form
      onSubmit={submitWith(form, async (values) => values, {
        fallback: 'Please check the address.',
        onSuccess: (values) => onSubmit({ ...values, setAsDefault: values.saveAsUserAddress && values.setAsDefault }),
      })}
      noValidate
      aria-label="Shipping address"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {ADDRESS_FIELDS.map(({ name, label, autoComplete, required }) => (
            <TextInput key={name} label={label} autoComplete={autoComplete} withAsterisk={required}
              {...form.getInputProps(`address.${name}`)} />
          ))}
        </SimpleGrid>
        <Checkbox label="Save this address for next time"
          {...form.getInputProps('saveAsUserAddress', { type: 'checkbox' })} />
        {save && (
          <Checkbox label="Set as my default address" {...form.getInputProps('setAsDefault', { type: 'checkbox' })} />
        )}
        <Group justify="flex-end">
          <Button type="submit">Continue to Payment</Button>
        </Group>
      </Stack>
    </form>
  );
}
