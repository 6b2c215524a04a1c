import '@mantine/charts/styles.css';
import { BarChart, LineChart, type ChartSeries } from '@mantine/charts';
import { Card, Text, Title, type TitleOrder } from '@mantine/core';
import { useId, type CSSProperties } from 'react';
import { formatMoney } from '@/lib/formatters';

/** Every few days, the same number apart, ending on today (recharts picks the step that
 *  fits the width: every third day on a laptop, every seventh on a phone); the default
 *  keeps the first and last day and skips unevenly between (Nov 1, 6, 11, 17, 30). The first
 *  and last days are inset by half a label, so today's label fits under its day (recharts
 *  drops a label that would stick out, and would show no other). */
const DAY_TICKS = { interval: 'equidistantPreserveEnd', padding: { left: 24, right: 24 } } as const;

export interface DailyChartProps {
  title: string;
  /** What a screen reader hears the chart called: what it shows, over how many days. */
  label: string;
  /** Said after the arrow-key hint: where else the same figures are, if anywhere. */
  note?: string;
  kind: 'line' | 'bar' | 'stacked';
  /** One row per day, its short name ('Nov 22', formatDay) under `day`. */
  data: Record<string, unknown>[];
  series: ChartSeries[];
  order?: TitleOrder;
  h?: number;
  withLegend?: boolean;
  /** The figures are dollars, not counts: shown as money ($22.50), the axis in whole
   *  dollars where it can ($45, not $45.00). */
  money?: boolean;
  style?: CSSProperties;
}

/**
 * A card with one chart of figures per day (the Analytics tab, the seller's stats), the one
 * way the app draws them. Recharts makes the chart a keyboard "application" (arrow keys move
 * between days), which says nothing to a screen reader without a name and a hint: the svg
 * takes them (recharts passes aria attributes on, though its types omit them).
 */
export function DailyChart({
  title,
  label,
  note,
  kind,
  data,
  series,
  order = 3,
  h = 220,
  withLegend = true,
  money = false,
  style,
}: DailyChartProps) {
  const headingId = useId();
  const hintId = useId();
  const aria = { role: 'application', 'aria-label': label, 'aria-describedby': hintId };
  // A count's axis says 0, 1, 2, 3, never 0.75 or 2.25; money's says $45, not $45.00 (the
  // tooltip keeps the cents).
  const valueFormatter = money ? (value: number) => formatMoney(value) : undefined;
  const yAxisProps = money
    ? { tickFormatter: (value: number) => formatMoney(value).replace(/\.00$/, '') }
    : { allowDecimals: false };
  const common = {
    h,
    data,
    dataKey: 'day',
    series,
    withLegend,
    valueFormatter,
    xAxisProps: DAY_TICKS,
    yAxisProps,
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={headingId} style={style}>
      <Title order={order} size="h5" mb="sm" id={headingId}>
        {title}
      </Title>
      {kind === 'line' ? (
        <LineChart {...common} curveType="monotone" withDots={false} lineChartProps={aria} />
      ) : (
        <BarChart {...common} type={kind === 'stacked' ? 'stacked' : 'default'} barChartProps={aria} />
      )}
      <Text id={hintId} size="xs" c="dimmed" mt="xs">
        Use the arrow keys on the chart to read each day.{note ? ` ${note}` : ''}
      </Text>
    </Card>
  );
}
