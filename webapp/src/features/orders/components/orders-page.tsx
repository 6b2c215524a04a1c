import { Badge, Button, Container, EmptyState, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconPackage, IconShoppingBag } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { useCurrentUser } from '@/entities/session/session-store';
import { useOrders, useSalesToShip } from '../api';
import { OrderCard } from './order-card';

function OrderList({ asSeller }: { asSeller: boolean }) {
  const orders = useOrders(asSeller);
  if (orders.isPending) {
    return (
      <Stack aria-label="Loading orders">
        {[0, 1].map((key) => (
          <Skeleton key={key} h={180} radius="md" />
        ))}
      </Stack>
    );
  }
  if (orders.isError)
    return <LoadFailed title="Failed to load orders" onRetry={() => void orders.refetch()} />;
  const items = orders.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return asSeller ? (
      <EmptyState
        icon={<IconPackage />}
        title="No sales yet"
        description="When someone buys one of your items it shows here."
        py="xl"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/create-listing">
            Create a Listing
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        icon={<IconShoppingBag />}
        title="No purchases yet"
        description="Items you buy show here with their status and tracking."
        py="xl"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/">
            Browse Products
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      {items.map((order) => (
        <OrderCard key={order.id} order={order} role={asSeller ? 'seller' : 'buyer'} />
      ))}
      {orders.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void orders.fetchNextPage()}
          loading={orders.isFetchingNextPage}
        >
          Show older orders
        </Button>
      )}
    </Stack>
  );
}

/** /orders: Your Purchases and, for sellers, Your Sales; a seller with paid sales to ship,
 * or with sales and no purchases, lands on Your Sales, whose badge counts those to ship. */
export default function OrdersPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const isSeller = user?.role === 'seller' || user?.role === 'admin';
  const toShip = useSalesToShip(isSeller);
  const chosen = params.get('tab');
  // The first page of each list (the tabs' own queries, so the chosen tab shows at once).
  const choosing = isSeller && !chosen;
  const purchases = useOrders(false, choosing);
  const sales = useOrders(true, choosing);
  if (choosing && (toShip.isPending || purchases.isPending || sales.isPending))
    return (
      <Container size="md" py="xl">
        <Skeleton h={240} />
      </Container>
    );
  const waiting = toShip.data?.count ?? 0;
  const count = (list: typeof sales) => list.data?.pages[0]?.items.length ?? 0;
  const salesFirst = waiting > 0 || (count(purchases) === 0 && count(sales) > 0);
  const tab = isSeller && (chosen === 'sales' || (!chosen && salesFirst)) ? 'sales' : 'purchases';
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="md">
        Orders
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setParams({ tab: value === 'sales' ? 'sales' : 'purchases' })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="purchases">Your Purchases</Tabs.Tab>
          {isSeller && (
            <Tabs.Tab
              value="sales"
              rightSection={
                waiting > 0 ? (
                  <Badge
                    size="sm"
                    circle={waiting < 10}
                    aria-label={`${waiting}${toShip.data?.more ? '+' : ''} to ship`}
                  >
                    {waiting}
                    {toShip.data?.more ? '+' : ''}
                  </Badge>
                ) : undefined
              }
            >
              Your Sales
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="purchases">
          <OrderList asSeller={false} />
        </Tabs.Panel>
        {isSeller && (
          <Tabs.Panel value="sales">
            <OrderList asSeller />
          </Tabs.Panel>
        )}
      </Tabs>
    </Container>
  );
}
