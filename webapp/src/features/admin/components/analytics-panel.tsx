import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Grid, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { formatCount, formatCountOf, formatDateTime } from '@/lib/formatters';
import { Figure } from './summary-cards';
import {
  ACTIVITY_LABELS,
  activeShare,
  DAILY_ROWS,
  formatDay,
  formatPercent,
  latestDays,
  RECENT_ITEMS,
} from '../analytics';
import { useAnalyticsSummary, type AnalyticsSummary } from '../api';

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

/** Every few days, the same number apart, ending on today (recharts picks the step that
 *  fits the width: every third day on a laptop, every seventh on a phone); the default
 *  keeps the first and last day and skips unevenly between (Nov 1, 6, 11, 17, 30). The first
 *  and last days are inset by half a label, so today's label fits under its day (recharts
 *  drops a label that would stick out, and would show no other). */
const DAY_TICKS = { interval: 'equidistantPreserveEnd', padding: { left: 24, right: 24 } } as const;

/** What a chart is called and described by, for screen readers: recharts makes the chart a
 *  keyboard "application" (arrow keys move between days), which says nothing without them.
 *  Its svg takes the aria attributes (recharts passes them on, though its types omit them). */
function chartLabels(name: string, hintId: string) {
  return { role: 'application', 'aria-label': name, 'aria-describedby': hintId };
}

function ChartHint({ id }: { id: string }) {
  return (
    <Text id={id} size="xs" c="dimmed" mt="xs">
      Use the arrow keys on the chart to read each day. The last {DAILY_ROWS} days are also in the Daily
      activity table below.
    </Text>
  );
}

function Charts({ summary }: { summary: AnalyticsSummary }) {
  const data = summary.dailyMetrics.map((day) => ({ ...day, day: formatDay(day.date) }));
  const days = formatCountOf(data.length, 'day');
  const peopleHint = useId();
  const actionsHint = useId();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Card withBorder padding="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          People per day
        </Title>
        <LineChart
          h={220}
          data={data}
          dataKey="day"
          curveType="monotone"
          withDots={false}
          withLegend
          xAxisProps={DAY_TICKS}
          lineChartProps={chartLabels(
            `People per day, last ${days}: active users, sign-ups and new listings`,
            peopleHint,
          )}
          series={[
            { name: 'activeUsers', label: 'Active users', color: 'brand.7' },
            { name: 'newSignups', label: 'Sign-ups', color: 'indigo.6' },
            { name: 'newListings', label: 'New listings', color: 'orange.6' },
          ]}
        />
        <ChartHint id={peopleHint} />
      </Card>
      <Card withBorder padding="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          Actions per day
        </Title>
        <BarChart
          h={220}
          data={data}
          dataKey="day"
          type="stacked"
          withLegend
          xAxisProps={DAY_TICKS}
          barChartProps={chartLabels(
            `Actions per day, last ${days}: searches, messages, offers and sales`,
            actionsHint,
          )}
          series={[
            { name: 'searchQueries', label: 'Searches', color: 'brand.5' },
            { name: 'messagesSent', label: 'Messages', color: 'grape.6' },
            { name: 'offersMade', label: 'Offers', color: 'orange.6' },
            { name: 'completedSales', label: 'Sales', color: 'indigo.7' },
          ]}
        />
        <ChartHint id={actionsHint} />
      </Card>
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
      <Charts summary={data} />
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
