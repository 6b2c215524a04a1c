import { Badge, Button, CloseButton, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePostFeed } from '@/entities/post/post';
import { PostGrid } from '@/entities/post/post-grid';
import { useSessionStore } from '@/entities/session/session-store';
import { useAuthLink } from '@/entities/session/return-to';
import { useFirstViewHandoff } from '@/lib/first-view';
import { copy } from '@/lib/first-view.json';

/** /feed: All or Following, optionally one hashtag (?hashtag=), newest first, endless. */
export default function FeedPage() {
  const authLink = useAuthLink();
  const [params, setParams] = useSearchParams();
  const me = useSessionStore((state) => state.user);
  const tab = params.get('tab') === 'following' ? 'following' : 'all';
  const hashtag = params.get('hashtag');
  const following = tab === 'following';
  const feed = usePostFeed({ following: following && me !== null, hashtag });
  const loginFirst = following && !me;
  // The server's first view (the newest look) stays until the grid's first cards are on
  // screen (PostGrid hands it off), or the login prompt once the session is known.
  useFirstViewHandoff(loginFirst && !feed.isPending);

  function change(next: Record<string, string | null>) {
    const updated = new URLSearchParams(params);
    Object.entries(next).forEach(([key, value]) => (value ? updated.set(key, value) : updated.delete(key)));
    setParams(updated);
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{copy.feedTitle}</Title>
            <Text c="dimmed">{copy.feedText}</Text>
          </div>
          {me && (
            <Button component={Link} to="/post/new" leftSection={<IconPlus size={16} />}>
              New style post
            </Button>
          )}
        </Group>
        <Tabs value={tab} onChange={(value) => change({ tab: value === 'following' ? 'following' : null })}>
          <Tabs.List>
            <Tabs.Tab value="all">All</Tabs.Tab>
            <Tabs.Tab value="following">Following</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {hashtag && (
          <Group gap="xs">
            <Text size="sm">Showing posts tagged</Text>
            <Badge
              size="lg"
              variant="light"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Clear #${hashtag} filter`}
                  onClick={() => change({ hashtag: null })}
                />
              }
            >
              #{hashtag}
            </Badge>
          </Group>
        )}
        {loginFirst ? (
          <Stack align="center" py="xl" gap="xs">
            <Title order={2} size="h4">
              Log in to see who you follow
            </Title>
            <Text c="dimmed">Follow members to see their latest looks here.</Text>
            <Button component={Link} to={authLink}>
              Login / Sign Up
            </Button>
          </Stack>
        ) : (
          <PostGrid
            query={feed}
            emptyTitle={following ? 'No posts from people you follow yet' : 'No style posts yet'}
            emptyDescription={
              following
                ? 'Follow members from their posts or profiles to fill this tab.'
                : 'Be the first to share a look with the community.'
            }
            emptyAction={
              me ? (
                <Button component={Link} to="/post/new">
                  New style post
                </Button>
              ) : undefined
            }
          />
        )}
      </Stack>
    </Container>
  );
}
