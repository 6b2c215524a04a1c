import { Button, Card, Center, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Offer } from '@/entities/offer/offer';
import { LoadFailed } from '@/components/load-failed';
import { useOfferList, type OfferSide } from '../api';

interface OfferListProps {
  side: OfferSide;
  status: string;
  productId?: number;
  empty: { title: string; description: string; action?: ReactNode };
  renderCard: (offer: Offer) => ReactNode;
}

function LoadingCards() {
  return (
    <Stack gap="md" role="status" aria-label="Loading offers">
      {[0, 1, 2].map((key) => (
        <Card key={key} withBorder radius="md" padding="md">
          <Group wrap="nowrap" align="flex-start">
            <Skeleton height={80} width={80} radius="md" />
            <Stack gap="xs" style={{ flex: 1 }}>
              <Skeleton height={16} width="60%" />
              <Skeleton height={12} width="40%" />
              <Skeleton height={12} width="80%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** One tab's offers: skeletons, 'Failed to load offers' with Try Again, an empty state, Load more. */
export function OfferList({ side, status, productId, empty, renderCard }: OfferListProps) {
  const list = useOfferList(side, status, productId);
  const offers = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <LoadingCards />;
  if (list.isError) {
    return <LoadFailed title="Failed to load offers" onRetry={() => void list.refetch()} />;
  }
  if (offers.length === 0) {
    return (
      <EmptyState
        title={empty.title}
        description={empty.description}
        icon={<IconTag />}
        withIndicatorBackground
        py="xl"
      >
        {empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      {offers.map((offer) => (
        <div key={offer.id}>{renderCard(offer)}</div>
      ))}
      {list.hasNextPage && (
        <Center>
          <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
