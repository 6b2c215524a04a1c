import { Button, Container, EmptyState, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconPackage, IconShoppingBag } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { useCurrentUser } from '@/entities/session/session-store';
import { useOrders } from '../api';
import { OrderCard } from './order-card';

function OrderList({ asSeller }: { asSeller: boolean }) {
  const orders = useOrders(asSeller);
  if (orders.isPending) {
    return (
      <Stack aria-label="Loading orders">
        {[0, 1].map((key) => <Skeleton key={key} h={180} radius="md" />)}
      </Stack>
    );
  }
  if (orders.isError) return <LoadFailed title="Failed to load orders" onRetry={() => void orders.refetch()} />;
  const items = orders.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return asSeller ? (
      <EmptyState icon={<IconPackage />} title="No sales yet" description="When someone buys one of your items it shows here." py="xl">
        <EmptyState.Actions>
          <Button component={Link} to="/create-listing">Create a Listing</Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState icon={<IconShoppingBag />} title="No purchases yet" description="Items you buy show here with their status and tracking." py="xl">
        <EmptyState.Actions>
          <Button component={Link} to="/">Browse Products</Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      {items.map((order) => <OrderCard key={order.id} order={order} role={asSeller ? 'seller' : 'buyer'} />)}
      {orders.hasNextPage && (
        <Button variant="default" onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
          Show older orders
        </Button>
      )}
    </Stack>
  );
}

/** /orders: Your Purchases and, for sellers, Your Sales. */
export default function OrdersPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const isSeller = user?.role === 'seller' || user?.role === 'admin';
  const tab = params.get('tab') === 'sales' && isSeller ? 'sales' : 'purchases';
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="md">Orders</Title>
      <Tabs value={tab} onChange={(value) => setParams(value === 'sales' ? { tab: 'sales' } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="purchases">Your Purchases</Tabs.Tab>
          {isSeller && <Tabs.Tab value="sales">Your Sales</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="purchases"><OrderList asSeller={false} /></Tabs.Panel>
        {isSeller && <Tabs.Panel value="sales"><OrderList asSeller /></Tabs.Panel>}
      </Tabs>
    </Container>
  );
}
