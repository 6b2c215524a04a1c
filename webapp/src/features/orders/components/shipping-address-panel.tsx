import { Button, Card, CopyButton, Group, Text } from '@mantine/core';
import { IconCopy, IconPrinter } from '@tabler/icons-react';
import { useItemLabel } from '@/components/item-label';
import { NewTabLink } from '@/components/new-tab-link';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Address } from '../api';

/** The seller's view of where to ship, with Copy and Print Label. */
export function ShippingAddressPanel({ orderId, address }: { orderId: number; address: Address }) {
  const itemLabel = useItemLabel();
  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-gray-0)">
      <Text size="sm" fw={600} mb={4}>
        Shipping address
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="shipping-address">
        {address.raw}
      </Text>
      <Group gap="xs" mt="xs">
        <CopyButton value={address.raw}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} />}
              aria-label={itemLabel(copied ? 'Copied' : 'Copy')}
              onClick={() => {
                try {
                  copy();
                  notifySuccess('Address copied');
                } catch {
                  notifyError('Please try selecting and copying the address manually.', 'Failed to copy');
                }
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="default"
          component={NewTabLink}
          href={`/orders/${orderId}/label`}
          leftSection={<IconPrinter size={14} />}
          aria-label={itemLabel('Print Label')}
        >
          Print Label
        </Button>
      </Group>
    </Card>
  );
}
