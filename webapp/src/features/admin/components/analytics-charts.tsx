import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatCountOf } from '@/lib/formatters';
import { DAILY_ROWS, formatDay } from '../analytics';
import type { AnalyticsSummary } from '../api';

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

/** The Analytics tab's two daily charts (loaded on their own: see analytics-panel.tsx). */
export default function Charts({ summary }: { summary: AnalyticsSummary }) {
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
