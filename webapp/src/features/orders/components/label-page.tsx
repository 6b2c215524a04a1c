import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { useOrder } from '../api';
import { addressLines } from '../address-validation';

/** /orders/{id}/label: a printable shipping label (the seller's Print Label). */
export default function LabelPage() {
  const order = useOrder(Number(useParams().id));
  if (order.isPending) return <PageLoader label="Loading label" />;
  if (order.isError || !order.data.shippingAddress) {
    return (
      <NoticePage title="SHIPPING ADDRESS ERROR" actionLabel="Back to Orders" actionTo="/orders?tab=sales">
        Could not retrieve shipping address data. It is shown once payment is confirmed and the buyer has
        added it.
      </NoticePage>
    );
  }
  const { shippingAddress: to, seller, orderNumber } = order.data;
  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="xl" radius={0} style={{ borderWidth: 2, borderColor: 'black' }}>
        <Stack gap="md">
          <Text size="xs" tt="uppercase" c="dimmed">
            From
          </Text>
          <Text>{seller?.displayName} (via Rethread)</Text>
          <Text size="xs" tt="uppercase" c="dimmed">
            Ship to
          </Text>
          <Stack gap={0} data-testid="label-address">
            {addressLines(to).map((line) => (
              <Title order={3} key={line} fw={600}>
                {line}
              </Title>
            ))}
          </Stack>
          <Text size="sm">Order {orderNumber}</Text>
        </Stack>
      </Card>
      <Group justify="center" mt="md" className="no-print">
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
    </Container>
  );
}
