import { Button, Container, Group, Tabs, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { adminKeys } from '../api';
import { AdminOnly } from './admin-only';
import { AnalyticsPanel } from './analytics-panel';
import { ContactMessages } from './contact-messages';

const TABS = [
  { value: 'analytics', label: 'Analytics' },
  { value: 'contact', label: 'Contact Messages' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const DEFAULT_TAB: TabValue = 'analytics';

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
        <Group justify="space-between" mb="lg" gap="sm">
          <Title order={1}>Admin Dashboard</Title>
          <RefreshButton />
        </Group>
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List mb="md">
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="analytics">
            <AnalyticsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="contact">
            <ContactMessages />
          </Tabs.Panel>
        </Tabs>
      </Container>
    </AdminOnly>
  );
}
