import { Card, Grid, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { formatCount, formatDateTime, formatDay } from '@/lib/formatters';
import { Figure } from './summary-cards';
import {
  ACTIVITY_LABELS,
  activeShare,
  DAILY_ROWS,
  formatPercent,
  latestDays,
  RECENT_ITEMS,
} from '../analytics';
import { useAnalyticsSummary, type AnalyticsSummary } from '../api';

/** The charts and their library (recharts, the largest script of the app) load only when the
 *  Analytics tab shows them: the order desk, where administrators spend their day, never
 *  waits for them. */
const Charts = lazy(() => import('./analytics-charts'));

export const ANALYTICS_UNAVAILABLE = 'Analytics data unavailable. Please check your admin permissions.';

function Hint({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

function Figures({ summary }: { summary: AnalyticsSummary }) {
  const share = activeShare(summary);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      <Figure label="Total users" value={formatCount(summary.totalUsers)} />
      <Figure label="New sign-ups this week" value={formatCount(summary.newSignupsThisWeek)}>
        <Hint>Last 7 days</Hint>
      </Figure>
      <Figure label="Active users today" value={formatCount(summary.activeUsersToday)}>
        <Progress value={Math.min(share, 1) * 100} size="sm" mt={4} aria-label="Active share of all users" />
        <Text size="xs" c="dimmed" mt={4}>
          {formatPercent(share)} of all users
        </Text>
      </Figure>
      <Figure label="Transaction success rate" value={formatPercent(summary.transactionSuccessRate)}>
        <Hint>Completed of ended orders, 30 days</Hint>
      </Figure>
      <Figure label="Buyers" value={formatCount(summary.buyerCount)}>
        <Hint>Made an offer or an order</Hint>
      </Figure>
      <Figure label="Sellers" value={formatCount(summary.sellerCount)}>
        <Hint>Listed an item</Hint>
      </Figure>
      <Figure label="Buyers per seller" value={summary.buyerToSellerRatio.toFixed(2)} />
    </SimpleGrid>
  );
}

function RecentActivity({ summary }: { summary: AnalyticsSummary }) {
  const items = summary.recentActivity.slice(0, RECENT_ITEMS);
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Title order={3} size="h5" mb="sm">
        Recent activity
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing recorded yet. Sign-ups, visits, listings, searches, messages, offers and sales appear here.
        </Text>
      ) : (
        <Table verticalSpacing={6} fz="sm" aria-label="Recent activity">
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={`${item.at}-${index}`}>
                <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(item.at)}
                </Table.Td>
                <Table.Td fw={500}>{item.username ?? 'A visitor'}</Table.Td>
                <Table.Td>{ACTIVITY_LABELS[item.kind] ?? item.kind}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

const DAILY_COLUMNS: [keyof AnalyticsSummary['dailyMetrics'][number], string][] = [
  ['activeUsers', 'Active'],
  ['newSignups', 'Sign-ups'],
  ['newListings', 'Listings'],
  ['completedSales', 'Sales'],
  ['searchQueries', 'Searches'],
  ['messagesSent', 'Messages'],
  ['offersMade', 'Offers'],
];

function DailyActivity({ summary }: { summary: AnalyticsSummary }) {
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Title order={3} size="h5" mb="sm">
        Daily activity (last {DAILY_ROWS} days)
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={6} fz="sm" striped aria-label="Daily activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              {DAILY_COLUMNS.map(([key, label]) => (
                <Table.Th key={key} ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {latestDays(summary.dailyMetrics).map((day) => (
              <Table.Tr key={day.date}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(day.date)}</Table.Td>
                {DAILY_COLUMNS.map(([key]) => (
                  <Table.Td key={key} ta="right">
                    {day[key]}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Loading() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading analytics">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} h={92} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={280} radius="md" />
    </Stack>
  );
}

/** The Analytics tab: figures, daily charts, recent and daily activity (spec §3, §9). */
export function AnalyticsPanel() {
  const summary = useAnalyticsSummary();
  if (summary.isPending) return <Loading />;
  if (summary.isError) {
    return <LoadFailed title={ANALYTICS_UNAVAILABLE} onRetry={() => void summary.refetch()} />;
  }
  const data = summary.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          From recorded activity over the last 30 days (UTC).
        </Text>
      </Group>
      <Figures summary={data} />
      <Suspense fallback={<Skeleton h={280} radius="md" aria-label="Loading charts" />}>
        <Charts summary={data} />
      </Suspense>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RecentActivity summary={data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DailyActivity summary={data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
