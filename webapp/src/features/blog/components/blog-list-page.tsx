import { Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useFirstViewHandoff } from '@/lib/first-view';
import { copy } from '@/lib/first-view.json';
import { useGradualCount } from '@/lib/use-gradual-count';
import { useCurrentUser } from '@/entities/session/session-store';
import { useBlogList } from '../api';
import { BlogCard } from './blog-card';
import { LoadFailed } from '@/components/load-failed';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

function CardSkeleton() {
  return (
    <Card padding="lg" aria-hidden>
      <Card.Section>
        <Skeleton height={180} radius={0} />
      </Card.Section>
      <Skeleton height={20} mt="md" width="80%" />
      <Skeleton height={12} mt="sm" />
      <Skeleton height={12} mt={6} width="60%" />
      <Group mt="md" gap="xs">
        <Skeleton height={28} circle />
        <Skeleton height={12} width={100} />
      </Group>
    </Card>
  );
}

/** /blog: published posts as photo cards, newest first, with "Load more" paging. */
export default function BlogListPage() {
  const user = useCurrentUser();
  const [showDrafts, setShowDrafts] = useState(false);
  const includeDrafts = user !== null && showDrafts;
  const list = useBlogList(includeDrafts);
  const posts = list.data?.pages.flatMap((page) => page.items) ?? [];
  // A page of cards comes a few at a time; the skeleton stays until the first are in.
  const shown = useGradualCount(posts.length);
  const waiting = list.isPending || (shown === 0 && posts.length > 0);
  // The server's first view (the newest post's card) stays until the first cards are here.
  useFirstViewHandoff(!waiting);

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="xl" gap="md">
        <div>
          <Title order={1}>{copy.blogTitle}</Title>
          <Text c="dimmed" mt={4}>
            {copy.blogText}
          </Text>
        </div>
        {user && (
          <Group gap="sm">
            <Button
              variant="default"
              aria-pressed={showDrafts}
              onClick={() => setShowDrafts((shown) => !shown)}
            >
              {showDrafts ? 'Hide Drafts' : 'Show My Drafts'}
            </Button>
            <Button component={Link} to="/blog/new" leftSection={<IconPencilPlus size={18} aria-hidden />}>
              New Post
            </Button>
          </Group>
        )}
      </Group>

      {waiting && (
        <SimpleGrid cols={GRID_COLS} spacing="lg" role="status" aria-label="Loading blog posts">
          {Array.from({ length: 6 }, (_, index) => (
            <CardSkeleton key={index} />
          ))}
        </SimpleGrid>
      )}

      {list.isError && (
        <LoadFailed
          title="Failed to load blog posts"
          description={errorMessage(list.error, list.error.message)}
          onRetry={() => void list.refetch()}
        />
      )}

      {list.isSuccess && posts.length === 0 && (
        <Stack align="center" gap="sm" py="xl" ta="center">
          <Title order={2} size="h3">
            No blog posts found
          </Title>
          <Text c="dimmed" maw={420}>
            {user
              ? 'Share a styling tip, a care guide or the story of your best find.'
              : 'Check back soon for styling tips, care guides and thrift stories.'}
          </Text>
          {user && (
            <Button component={Link} to="/blog/new" variant="light">
              Write the first post
            </Button>
          )}
        </Stack>
      )}

      {shown > 0 && (
        <SimpleGrid cols={GRID_COLS} spacing="lg">
          {posts.slice(0, shown).map((post, index) => (
            <BlogCard key={post.id} post={post} eager={index === 0} />
          ))}
        </SimpleGrid>
      )}

      {list.hasNextPage && (
        <Group justify="center" mt="xl">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more posts
          </Button>
        </Group>
      )}
    </Container>
  );
}
