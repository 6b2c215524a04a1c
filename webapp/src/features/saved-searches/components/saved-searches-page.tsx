import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBell, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { nextAfterRemoving, useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { ProductGrid } from '@/entities/product/product-grid';
import {
  useDeleteSavedSearch,
  useSavedSearches,
  useSavedSearchMatches,
  type SavedQuery,
  type SavedSearch,
} from '@/entities/saved-search/saved-search';

/** The saved query as the shop's URL, so "Open in the shop" shows the same listings. */
function shopLink(query: SavedQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const [key, values] of [
    ['brand', query.brand],
    ['category', query.category],
    ['size', query.size],
    ['condition', query.condition],
  ] as const) {
    for (const value of values) params.append(key, value);
  }
  if (query.minPrice) params.set('minPrice', query.minPrice);
  if (query.maxPrice) params.set('maxPrice', query.maxPrice);
  return `/marketplace?${params.toString()}`;
}

function Matches({ id }: { id: number }) {
  const matches = useSavedSearchMatches(id);
  if (matches.isPending) return <Skeleton h={200} radius="md" aria-label="Loading matches" />;
  if (matches.isError)
    return <LoadFailed title="Failed to load the matches" onRetry={() => void matches.refetch()} />;
  if (matches.data.items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nothing matches yet. We’ll tell you when something does.
      </Text>
    );
  }
  return <ProductGrid products={matches.data.items} />;
}

function SavedSearchCard({
  search,
  open,
  onOpen,
  onDeleted,
}: {
  search: SavedSearch;
  open: boolean;
  onOpen: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteSavedSearch();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Saved search ${search.name}`}
      tabIndex={-1}
      data-list-item={search.id}
    >
      <Group justify="space-between" wrap="nowrap" align="start">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{search.name}</Text>
            {search.newCount > 0 && (
              <Badge color="brand" variant="filled">
                {search.newCount} new
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button size="xs" variant={open ? 'filled' : 'light'} onClick={onOpen} aria-expanded={open}>
              {open ? 'Hide matches' : 'Show matches'}
            </Button>
            <Button size="xs" variant="subtle" component={Link} to={shopLink(search.query)}>
              Open in the shop
            </Button>
          </Group>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete saved search ${search.name}`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(search.id, {
              onSuccess: () => {
                onDeleted();
                notifySuccess('Saved search deleted');
              },
              onError: (error) => notifyError(errorMessage(error, 'Could not delete it. Please try again.')),
            })
          }
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      {open && (
        <Stack mt="md">
          <Matches id={search.id} />
        </Stack>
      )}
    </Card>
  );
}

/** /saved-searches: a member's saved searches with their new matches; ?open=ID shows one's.
 *  A deleted search's card goes: the focus moves to the one that took its place (or the last),
 *  or to the page's heading once none is left. */
export default function SavedSearchesPage() {
  const searches = useSavedSearches();
  const list = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('open')) || null;
  let body;
  if (searches.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading saved searches">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={80} radius="md" />
        ))}
      </Stack>
    );
  } else if (searches.isError) {
    body = <LoadFailed title="Failed to load your saved searches" onRetry={() => void searches.refetch()} />;
  } else if (searches.data.length === 0) {
    body = (
      <EmptyState
        title="No saved searches yet"
        icon={<IconBell />}
        withIndicatorBackground
        py="xl"
        description="Search the shop, then choose Save this search: we’ll tell you when new listings match."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/marketplace">
            Go to the shop
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="sm" ref={list}>
        {searches.data.map((search) => (
          <SavedSearchCard
            key={search.id}
            search={search}
            open={openId === search.id}
            onOpen={() => setParams(openId === search.id ? {} : { open: String(search.id) })}
            onDeleted={() => focusWhenShown(nextAfterRemoving(list, search.id, () => heading.current))}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Title order={1} ref={heading} tabIndex={-1}>
        Saved searches
      </Title>
      <Text c="dimmed" mb="lg">
        We tell you when new listings match, at most once an hour for each search.
      </Text>
      {body}
    </Container>
  );
}
