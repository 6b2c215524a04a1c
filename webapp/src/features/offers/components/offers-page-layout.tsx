import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface OffersPageLayoutProps {
  title: string;
  subtitle: ReactNode;
  tabs: { value: string; label: string }[];
  tab: string;
  onTab: (value: string) => void;
  children: ReactNode;
  /** Shown under the title (Seller Hub's Offers / Stats links). */
  nav?: ReactNode;
}

/** Title, Refresh, the status tabs and the current tab's list. */
export function OffersPageLayout({
  title,
  subtitle,
  tabs,
  tab,
  onTab,
  children,
  nav,
}: OffersPageLayoutProps) {
  const client = useQueryClient();
  const fetching = useIsFetching({ queryKey: ['offers'] }) > 0;
  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="end" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{subtitle}</Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={fetching}
          onClick={() => void client.invalidateQueries({ queryKey: ['offers'] })}
        >
          Refresh
        </Button>
      </Group>
      {nav}
      <Tabs value={tab} onChange={(value) => onTab(value ?? tabs[0].value)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((item) => (
          <Tabs.Panel key={item.value} value={item.value}>
            {item.value === tab && children}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
