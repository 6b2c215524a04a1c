import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  EmptyState,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DailyChart } from '@/components/daily-chart';
import { LoadFailed } from '@/components/load-failed';
import { SellerHubTabs } from '@/components/seller-hub-tabs';
import { formatCount, formatCountOf, formatDay, formatMoney } from '@/lib/formatters';
import { useShownFrom } from '@/lib/use-shown-from';
import { useSellerStats, type SellerStats } from '../api';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        Last 30 days
      </Text>
    </Card>
  );
}

function Charts({ stats }: { stats: SellerStats }) {
  const data = stats.days.map((day) => ({
    ...day,
    day: formatDay(day.date),
    earnings: Number(day.earnings),
  }));
  const days = formatCountOf(data.length, 'day');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <DailyChart
        title="Views per day"
        label={`Views of your listings per day, last ${days}`}
        order={2}
        kind="line"
        withLegend={false}
        data={data}
        series={[{ name: 'views', label: 'Views', color: 'brand.7' }]}
      />
      <DailyChart
        title="Offers and sales per day"
        label={`Offers received and sales per day, last ${days}`}
        order={2}
        kind="bar"
        data={data}
        series={[
          { name: 'offers', label: 'Offers', color: 'orange.6' },
          { name: 'sales', label: 'Sales', color: 'indigo.7' },
        ]}
      />
      <DailyChart
        title="Earnings per day"
        label={`Earnings per day, last ${days}`}
        order={2}
        kind="bar"
        h={200}
        withLegend={false}
        money
        data={data}
        series={[{ name: 'earnings', label: 'Earnings', color: 'teal.7' }]}
        style={{ gridColumn: '1 / -1' }}
      />
    </SimpleGrid>
  );
}

type StatsListing = SellerStats['listings'][number];

function ListingName({ item }: { item: StatsListing }) {
  return (
    <>
      <Anchor component={Link} to={`/product/${item.productId}`} size="sm">
        {item.title}
      </Anchor>{' '}
      {item.status !== 'available' && (
        <Badge size="xs" variant="light" color="gray">
          {item.status}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {formatMoney(item.price)}
      </Text>
    </>
  );
}

/** Each listing's figures: a table from a small tablet up; on a phone, where its five columns
 *  would scroll sideways, a list with the figures in one line under each title. */
function ListingTable({ stats }: { stats: SellerStats }) {
  const wide = useShownFrom('sm');
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="stats-listings">
      <Title order={2} size="h5" mb="sm" id="stats-listings">
        Your listings
      </Title>
      {wide ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing={6} fz="sm" aria-labelledby="stats-listings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Listing</Table.Th>
                <Table.Th ta="right">Views</Table.Th>
                <Table.Th ta="right">Watchers</Table.Th>
                <Table.Th ta="right">Offers</Table.Th>
                <Table.Th ta="right">Days listed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.listings.map((item) => (
                <Table.Tr key={item.productId}>
                  <Table.Td>
                    <ListingName item={item} />
                  </Table.Td>
                  <Table.Td ta="right">{item.views}</Table.Td>
                  <Table.Td ta="right">{item.watchers}</Table.Td>
                  <Table.Td ta="right">{item.offers}</Table.Td>
                  <Table.Td ta="right">{item.daysListed}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-labelledby="stats-listings"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {stats.listings.map((item) => (
            <li key={item.productId}>
              <ListingName item={item} />
              <Text size="xs">
                {[
                  formatCountOf(item.views, 'view'),
                  formatCountOf(item.watchers, 'watcher'),
                  formatCountOf(item.offers, 'offer'),
                  `${formatCountOf(item.daysListed, 'day')} listed`,
                ].join(' · ')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** /seller/stats (Seller Hub, Stats): the last 30 days as charts and each listing's figures. */
export default function SellerStatsPage() {
  const stats = useSellerStats();
  let body;
  if (stats.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading stats">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={260} radius="md" />
      </Stack>
    );
  } else if (stats.isError) {
    body = <LoadFailed title="Failed to load your stats" onRetry={() => void stats.refetch()} />;
  } else if (stats.data.listings.length === 0) {
    body = (
      <EmptyState
        title="No stats yet"
        icon={<IconChartBar />}
        withIndicatorBackground
        py="xl"
        description="List an item and its views, watchers and offers show up here."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/create-listing">
            List an item
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    const totals = stats.data.totals;
    body = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Views" value={formatCount(totals.views)} />
          <Figure label="Offers" value={String(totals.offers)} />
          <Figure label="Sales" value={String(totals.sales)} />
          <Figure label="Earnings" value={formatMoney(totals.earnings)} />
        </SimpleGrid>
        <Charts stats={stats.data} />
        <ListingTable stats={stats.data} />
      </Stack>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Seller Hub</Title>
      <Text c="dimmed" mb="md">
        How your closet did over the last 30 days, and each listing’s views, watchers and offers.
      </Text>
      <SellerHubTabs current="stats" />
      {body}
    </Container>
  );
}
