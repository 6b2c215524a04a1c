import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { submitWith } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import {
  ADDRESS_FIELDS,
  EMPTY_ADDRESS,
  missingAddressFields,
  missingFieldsMessage,
} from '@/entities/order/address';
import { useAdminAddress, type AddressFields, type Order } from '@/entities/order/order';
import { adminKeys } from '../api';

interface AddressDialogProps {
  order: Order | null;
  onClose: () => void;
}

/** Add or fix an order's shipping address (spec §5 Admin shipping address form). */
export function AddressDialog({ order, onClose }: AddressDialogProps) {
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? `Shipping address · order ${order.orderNumber}` : 'Shipping address'}
      size="lg"
      centered
    >
      {order && <AddressForm key={order.id} order={order} onDone={onClose} />}
    </Modal>
  );
}

function initialValues(order: Order): AddressFields {
  const saved = order.shippingAddress;
  if (!saved) return EMPTY_ADDRESS;
  return Object.fromEntries(
    ADDRESS_FIELDS.map(({ name }) => [name, saved[name] ?? '']),
  ) as unknown as AddressFields;
}

function AddressForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const save = useAdminAddress();
  const client = useQueryClient();
  const form = useForm<AddressFields>({
    mode: 'controlled',
    initialValues: initialValues(order),
    validate: (values) => Object.fromEntries(missingAddressFields(values).map((name) => [name, 'Required'])),
  });
  const missing = ADDRESS_FIELDS.map(({ name }) => name).filter((name) => form.errors[name]);
  return (
    <form
      aria-label="Shipping address"
      noValidate
      onSubmit={submitWith(form, (values) => save.mutateAsync({ orderId: order.id, value: values }), {
        fallback: 'Failed to save shipping address. Please try again.',
        onSuccess: () => {
          notifySuccess('Success', `Shipping address saved for order ${order.orderNumber}`);
          void client.invalidateQueries({ queryKey: adminKeys.all });
          onDone();
        },
      })}
    >
      <Stack gap="sm">
        {missing.length > 0 && (
          <Alert color="red" role="alert">
            {missingFieldsMessage(missing)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {ADDRESS_FIELDS.map(({ name, label, autoComplete, required }) => (
            <TextInput
              key={name}
              label={label}
              autoComplete={autoComplete}
              withAsterisk={required}
              {...form.getInputProps(name)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save Address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
