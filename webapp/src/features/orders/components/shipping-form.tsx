import { Autocomplete, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { useForm } from '@mantine/form';
import { submitWith } from '@/lib/form';
import { ADDRESS_FIELDS } from '@/entities/order/address';
import { US_STATES } from '@/entities/order/us-states';
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

const STATE_NAMES = US_STATES.map(([, name]) => name);
const CODE_OF = new Map(US_STATES.map(([code, name]) => [name, code.toLowerCase()]));

/** States whose name or code starts with what is typed ("or" finds Oregon, "new" New York). */
const filterStates: OptionsFilter = ({ options, search, limit }) => {
  const typed = search.trim().toLowerCase();
  const items = options as ComboboxParsedItem[] as ComboboxItem[];
  const found =
    typed === ''
      ? items
      : items.filter(({ label }) => label.toLowerCase().startsWith(typed) || CODE_OF.get(label) === typed);
  return found.slice(0, limit);
};

/** Step 1: where to ship (spec §5 Shipping form), optionally kept for the next checkout. */
export function ShippingForm({ initial, onSubmit }: ShippingFormProps) {
  const form = useForm<ShippingChoice>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateAddress(values.address)).map(([k, v]) => [`address.${k}`, v]),
      ),
  });
  const save = form.values.saveAsUserAddress;
  return (
    <form
      onSubmit={submitWith(form, async (values) => values, {
        fallback: 'Please check the address.',
        onSuccess: (values) =>
          onSubmit({ ...values, setAsDefault: values.saveAsUserAddress && values.setAsDefault }),
      })}
      noValidate
      aria-label="Shipping address"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {ADDRESS_FIELDS.map(({ name, label, autoComplete, required }) => {
            if (name === 'state') {
              // A US state from the list (its name, or its code typed), issue 36.
              return (
                <Autocomplete
                  key={name}
                  label={label}
                  autoComplete={autoComplete}
                  withAsterisk={required}
                  data={STATE_NAMES}
                  filter={filterStates}
                  limit={8}
                  {...form.getInputProps(`address.${name}`)}
                />
              );
            }
            if (name === 'country') {
              return (
                <TextInput
                  key={name}
                  label={label}
                  autoComplete={autoComplete}
                  withAsterisk={required}
                  readOnly
                  description="Rethread ships within the United States only"
                  {...form.getInputProps(`address.${name}`)}
                />
              );
            }
            return (
              <TextInput
                key={name}
                label={label}
                autoComplete={autoComplete}
                withAsterisk={required}
                inputMode={{ zipCode: 'numeric' as const, phoneNumber: 'tel' as const }[name as string]}
                {...form.getInputProps(`address.${name}`)}
              />
            );
          })}
        </SimpleGrid>
        <Checkbox
          label="Save this address for next time"
          {...form.getInputProps('saveAsUserAddress', { type: 'checkbox' })}
        />
        {save && (
          <Checkbox
            label="Set as my default address"
            {...form.getInputProps('setAsDefault', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit">Continue to Payment</Button>
        </Group>
      </Stack>
    </form>
  );
}
