import { Button, Center, EmptyState, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useFirstViewHandoff } from '@/lib/first-view';
import { useGradualCount } from '@/lib/use-gradual-count';
import { useInfiniteTrigger } from '@/lib/use-infinite-trigger';
import { PostCard } from './post-card';
import type { PostPage } from './post';

interface PostGridProps {
  query: UseInfiniteQueryResult<InfiniteData<PostPage>>;
  emptyTitle: string;
  emptyDescription: string;
  emptyAction?: ReactNode;
}

const COLUMNS = { base: 1, xs: 2, md: 3, xl: 4 };

/** Post cards page by page: skeletons first, more as the reader nears the end (and a
 *  Load more button), the area's empty state, or 'Try Again' when loading failed. A page of
 *  cards is added a few at a time (`useGradualCount`); a first view the server wrote for the
 *  page (the feed's newest look) gives way once the first cards, the empty state or the
 *  error are on screen. */
export function PostGrid({ query, emptyTitle, emptyDescription, emptyAction }: PostGridProps) {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const more = () => void (hasNextPage && !isFetchingNextPage && fetchNextPage());
  const trigger = useInfiniteTrigger<HTMLDivElement>(more, Boolean(hasNextPage) && !isFetchingNextPage);
  const posts = data?.pages.flatMap((page) => page.items) ?? [];
  const shown = useGradualCount(posts.length);
  const waiting = isPending || (shown === 0 && posts.length > 0);
  useFirstViewHandoff(!waiting);

  if (waiting) {
    return (
      <SimpleGrid cols={COLUMNS} aria-busy="true" aria-label="Loading style posts">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={460} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (isError && posts.length === 0) {
    return <LoadFailed title="Failed to load style posts" onRetry={() => void refetch()} />;
  }
  if (posts.length === 0) {
    return (
      <EmptyState
        icon={<IconPhoto />}
        withIndicatorBackground
        title={emptyTitle}
        description={emptyDescription}
        py="xl"
      >
        {emptyAction && <EmptyState.Actions>{emptyAction}</EmptyState.Actions>}
      </EmptyState>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={COLUMNS} spacing="lg">
        {/* The first card is the page's largest paint on a phone: not lazy. */}
        {posts.slice(0, shown).map((post, index) => (
          <PostCard key={post.id} post={post} eager={index === 0} />
        ))}
      </SimpleGrid>
      {/* Watched once every card is in: the cards still coming would otherwise leave it in
          view and fetch the next page early. */}
      {shown === posts.length && <div ref={trigger} />}
      {hasNextPage && (
        <Center>
          <Button variant="default" onClick={more} loading={isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
