import { Button, Container, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { adminKeys } from '../api';
import { EXPORT_URL } from '../desk';
import { AdminOnly } from '@/entities/user/admin-only';
import { AnalyticsPanel } from './analytics-panel';
import { ContactMessages } from './contact-messages';
import { DeskOrders } from './desk-orders';
import { SalesRecords } from './sales-records';
import { SummaryCards } from './summary-cards';
import { AuditLog } from '@/entities/trust/components/audit-log';
import { DisputesDesk } from '@/entities/disputes/components/disputes-desk';
import { ModerationDesk } from '@/entities/trust/components/moderation-desk';

const TABS = [
  { value: 'pending', label: 'Pending Payments' },
  { value: 'paid', label: 'Payment Confirmed' },
  { value: 'all', label: 'All Orders' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'sales', label: 'Sales Records' },
  { value: 'contact', label: 'Contact Messages' },
  { value: 'moderation', label: 'Moderation' },
  { value: 'disputes', label: 'Disputes' },
  { value: 'audit', label: 'Audit' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const DEFAULT_TAB: TabValue = 'pending';

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

function RefreshButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: adminKeys.all }) > 0;
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={fetching}
      onClick={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all })}
    >
      Refresh
    </Button>
  );
}

/** Every order as CSV: the browser downloads the server's stream (file named by the date). */
function ExportButton() {
  return (
    <Button component="a" href={EXPORT_URL} download leftSection={<IconDownload size={16} aria-hidden />}>
      Export Orders
    </Button>
  );
}

export default function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isTab(requested) ? requested : DEFAULT_TAB;
  const select = (value: string | null) => {
    if (isTab(value)) setParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true });
  };

  return (
    <AdminOnly>
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" gap="sm">
            <Title order={1}>Admin Dashboard</Title>
            <Group gap="sm">
              <RefreshButton />
              <ExportButton />
            </Group>
          </Group>
          <SummaryCards />
          <Tabs value={tab} onChange={select} keepMounted={false}>
            <Tabs.List mb="md">
              {TABS.map((item) => (
                <Tabs.Tab key={item.value} value={item.value}>
                  {item.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="pending">
              <DeskOrders
                filter="pending_payment"
                label="Pending payments"
                empty="No payments are waiting for confirmation"
              />
            </Tabs.Panel>
            <Tabs.Panel value="paid">
              <DeskOrders
                filter="payment_confirmed"
                label="Payment confirmed"
                empty="No paid orders are waiting to ship"
              />
            </Tabs.Panel>
            <Tabs.Panel value="all">
              <DeskOrders filter={null} label="All orders" empty="No orders yet" />
            </Tabs.Panel>
            <Tabs.Panel value="analytics">
              <AnalyticsPanel />
            </Tabs.Panel>
            <Tabs.Panel value="sales">
              <SalesRecords />
            </Tabs.Panel>
            <Tabs.Panel value="contact">
              <ContactMessages />
            </Tabs.Panel>
            <Tabs.Panel value="moderation">
              <ModerationDesk />
            </Tabs.Panel>
            <Tabs.Panel value="disputes">
              <DisputesDesk />
            </Tabs.Panel>
            <Tabs.Panel value="audit">
              <AuditLog />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Container>
    </AdminOnly>
  );
}
