import { SimpleGrid } from '@mantine/core';
import { DailyChart } from '@/components/daily-chart';
import { formatCountOf, formatDay } from '@/lib/formatters';
import { DAILY_ROWS } from '../analytics';
import type { AnalyticsSummary } from '../api';

/** The Analytics tab's two daily charts (loaded on their own: see analytics-panel.tsx). */
export default function Charts({ summary }: { summary: AnalyticsSummary }) {
  const data = summary.dailyMetrics.map((day) => ({ ...day, day: formatDay(day.date) }));
  const days = formatCountOf(data.length, 'day');
  const note = `The last ${DAILY_ROWS} days are also in the Daily activity table below.`;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <DailyChart
        title="People per day"
        label={`People per day, last ${days}: active users, sign-ups and new listings`}
        note={note}
        kind="line"
        data={data}
        series={[
          { name: 'activeUsers', label: 'Active users', color: 'brand.7' },
          { name: 'newSignups', label: 'Sign-ups', color: 'indigo.6' },
          { name: 'newListings', label: 'New listings', color: 'orange.6' },
        ]}
      />
      <DailyChart
        title="Actions per day"
        label={`Actions per day, last ${days}: searches, messages, offers and sales`}
        note={note}
        kind="stacked"
        data={data}
        series={[
          { name: 'searchQueries', label: 'Searches', color: 'brand.5' },
          { name: 'messagesSent', label: 'Messages', color: 'grape.6' },
          { name: 'offersMade', label: 'Offers', color: 'orange.6' },
          { name: 'completedSales', label: 'Sales', color: 'indigo.7' },
        ]}
      />
    </SimpleGrid>
  );
}
