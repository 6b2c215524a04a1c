import { Button, Center, EmptyState, Stack } from '@mantine/core';
import { IconBan, IconHanger } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { ProductGrid } from '@/entities/product/product-grid';
import type { useSellerListings } from '../api';

interface ProfileListingsProps {
  listings: ReturnType<typeof useSellerListings>;
  own: boolean;
  /** The reader blocked this member: neither sees the other's listings (docs/trust.md). */
  blocked?: boolean;
}

/** A tab of a member the reader blocked: what neither of them sees of the other, said as
 *  such (not "nothing yet", and no invitation to Follow, which is refused). */
export function HiddenWhileBlocked({ what }: { what: 'listings' | 'style posts' }) {
  return (
    <EmptyState
      icon={<IconBan />}
      withIndicatorBackground
      title={`${what === 'listings' ? 'Listings' : 'Style posts'} hidden while blocked`}
      py="xl"
      description={`Neither of you sees the other's ${what} while the block lasts. Unblock them to see them again.`}
    />
  );
}

/** The Listings tab: the member's products, with Load more. */
export function ProfileListings({ listings, own, blocked = false }: ProfileListingsProps) {
  if (blocked) return <HiddenWhileBlocked what="listings" />;
  if (listings.isError) {
    return <LoadFailed title="Failed to load products" onRetry={() => void listings.refetch()} />;
  }
  const products = listings.data?.pages.flatMap((page) => page.items) ?? [];
  if (listings.data && products.length === 0) {
    return (
      <EmptyState
        icon={<IconHanger />}
        withIndicatorBackground
        title="No listings found"
        py="xl"
        description={
          own
            ? 'List something you no longer wear; it only takes a few minutes.'
            : 'Nothing for sale right now. Follow to hear about new pieces.'
        }
      >
        {own && (
          <EmptyState.Actions>
            <Button component={Link} to="/create-listing">
              Create a Listing
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      <ProductGrid
        products={products}
        loadingCount={listings.isPending ? 8 : listings.isFetchingNextPage ? 4 : 0}
      />
      {listings.hasNextPage && (
        <Center>
          <Button
            variant="default"
            onClick={() => void listings.fetchNextPage()}
            loading={listings.isFetchingNextPage}
          >
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
